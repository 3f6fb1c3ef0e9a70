import Geometry
import Raster

/// One painted element: its outline in viewBox coordinates, filled and then stroked.
public struct Shape: Equatable, Sendable {
    /// The outline, with every enclosing transform applied.
    public var path: Path
    /// The fill colour (fill-opacity folded into its alpha), or `nil` for `fill="none"`.
    public var fill: Color?
    /// Which points inside a self-overlapping outline the fill covers.
    public var fillRule: FillRule
    /// The stroke, or `nil` for `stroke="none"` or a zero width.
    public var stroke: Stroke?
    /// The element's opacity times its groups' opacities, applied to fill and stroke together.
    public var opacity: Double

    /// A shape from its parts, as the reader resolves them.
    public init(path: Path, fill: Color?, fillRule: FillRule, stroke: Stroke?, opacity: Double) {
        self.path = path
        self.fill = fill
        self.fillRule = fillRule
        self.stroke = stroke
        self.opacity = opacity
    }

    /// How finely stroke outlines are flattened, in viewBox units. Art is small in its own
    /// units (a 116-unit face drawn 348 px wide at 3x), so this is finer than the raster's
    /// default.
    public static let strokeTolerance = 0.02

    /// What drawing the shape paints, in order, before its opacity: the fill, then the stroke
    /// turned into a filled outline. Every renderer of vector art paints these, so the art looks
    /// the same wherever it is drawn.
    public var paints: [(path: Path, color: Color, rule: FillRule)] {
        var out: [(path: Path, color: Color, rule: FillRule)] = []
        if let fill { out.append((path, fill, fillRule)) }
        if let stroke {
            out.append((path.stroked(stroke.style, tolerance: Shape.strokeTolerance), stroke.color, .nonZero))
        }
        return out
    }
}

/// How a shape's outline is stroked: a colour and Raster's stroke style, in viewBox units.
public struct Stroke: Equatable, Sendable {
    /// The colour, stroke-opacity folded into its alpha.
    public var color: Color
    /// Width, caps, joins and miter limit. The width is scaled by the enclosing transforms (by
    /// the square root of their area scale where they scale x and y differently).
    public var style: StrokeStyle

    /// A stroke of `color` drawn with `style`.
    public init(color: Color, style: StrokeStyle) {
        self.color = color
        self.style = style
    }
}
