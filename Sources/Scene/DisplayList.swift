import Geometry
import Raster
import SVG
import Text

/// Everything one frame draws, in drawing order, with every coordinate already in device pixels
/// except where an item carries its own transform. A display list is a plain value: it can be
/// built on one thread and rasterised on another, and two equal lists give identical pixels
/// (so a frame equal to the one before is not rasterised again).
public struct DisplayList: Equatable, Sendable {
    /// The frame's size in device pixels.
    public var width: Int
    public var height: Int
    public var items: [DisplayItem] = []

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public mutating func append(_ item: DisplayItem) { items.append(item) }
}

/// One drawing operation.
public enum DisplayItem: Equatable, Sendable {
    /// Fills `path` (in its own coordinates) mapped through `transform` with a solid colour.
    case fill(Path, color: Color, rule: FillRule, transform: AffineTransform)
    /// Fills `path` mapped through `transform` with a paint (a gradient, as CAGradientLayer draws).
    case paint(Path, paint: Paint, rule: FillRule, transform: AffineTransform)
    /// Draws vector art whose viewBox coordinates are mapped through `transform`, with `alpha`.
    case vector(VectorImage, transform: AffineTransform, alpha: Double)
    /// Draws a premultiplied image whose pixel grid is mapped through `transform`, with `alpha`.
    case image(Pixmap, transform: AffineTransform, alpha: Double)
    /// Draws a line of glyphs whose baseline starts at (0, 0), in points, mapped through `transform`.
    case text(TextLine, color: Color, transform: AffineTransform)
    /// Blends `color` through a coverage mask whose pixel grid is mapped through `transform`:
    /// how a layer's shadow (its shape blurred once and cached) is drawn.
    case mask(CoverageMask, color: Color, transform: AffineTransform)
    /// Replaces what was drawn before it under `path` mapped through `transform` with it seen
    /// through `filter` (blurred, saturated, tinted): a UIVisualEffectView's material. Inside a
    /// group it sees the layers below composited; inside a projection it draws its plain tint.
    case backdrop(Path, filter: BackdropFilter, transform: AffineTransform)
    /// Starts an offscreen group composited with `alpha` at `endGroup`, as Core Animation renders a
    /// layer tree with group opacity.
    case beginGroup(alpha: Double)
    /// Inside a group: what follows, up to the group's `endGroup`, draws the group's mask, whose
    /// alpha then masks what the group drew before it (CALayer's `mask`).
    case beginMask
    case endGroup
    /// Restricts drawing to `path` mapped through `transform` (intersected with any enclosing clip)
    /// until the matching `endClip`.
    case beginClip(Path, transform: AffineTransform)
    case endClip
    /// Until the matching `endProjection`, item transforms map into a plane that `projection`
    /// maps on into the enclosing space (device pixels, or the plane of an enclosing
    /// projection): a layer under a 3-D transform with perspective, drawn exactly through the
    /// homography.
    case beginProjection(ProjectiveTransform)
    case endProjection
}
