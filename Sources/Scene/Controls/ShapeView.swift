import Geometry
import Motion
import Raster

/// A view whose layer is a CAShapeLayer: a path in the view's points, filled and stroked with
/// Core Animation's defaults (opaque black fill, no stroke, line width 1, butt caps, miter
/// joins, non-zero rule). `strokeStart` and `strokeEnd` draw part of the outline, measured along
/// its whole length, with the stroke's caps at the cut ends, so a checkmark drawn by animating
/// `strokeEnd` has a round pen tip when `lineCap` is round.
open class ShapeView: View {
    open override var kind: String { "shape" }

    /// The shape, in the view's bounds coordinates.
    public var path: Path
    /// nil draws no fill (CAShapeLayer's `fillColor = nil`).
    public var fillColor: Color? = .black
    /// nil draws no stroke (the default).
    public var strokeColor: Color?
    public var lineWidth: Double = 1
    public var lineCap: StrokeStyle.Cap = .butt
    public var lineJoin: StrokeStyle.Join = .miter
    public var miterLimit: Double = 10
    /// Alternating dash and gap lengths in points; empty for a solid line.
    public var lineDashPattern: [Double] = []
    /// How far into the dash pattern the line starts, in points.
    public var lineDashPhase: Double = 0
    /// The fractions of the path's length the stroke starts and ends at (0...1).
    public var strokeStart: Double = 0
    public var strokeEnd: Double = 1
    public var fillRule: FillRule = .nonZero

    public init(name: String = "", path: Path, frame: Rect = .zero) {
        self.path = path
        super.init(name: name, frame: frame)
    }

    open override func drawContent(into list: inout DisplayList, context: DrawContext) {
        if let fill = fillColor, fill.alpha > 0 {
            list.append(.fill(path, color: fill, rule: fillRule, transform: .identity))
        }
        guard let stroke = strokeColor, stroke.alpha > 0, lineWidth > 0 else { return }
        let outline = strokeOutline(tolerance: Path.strokeTolerance / max(context.scale, 1))
        list.append(.fill(outline, color: stroke, rule: .nonZero, transform: .identity))
    }

    /// The stroke's outline in the view's points: the trimmed, dashed path stroked.
    public func strokeOutline(tolerance: Double = Path.strokeTolerance) -> Path {
        var line = path.trimmed(from: strokeStart, to: strokeEnd, tolerance: tolerance)
        if !lineDashPattern.isEmpty { line = line.dashed(lineDashPattern, phase: lineDashPhase, tolerance: tolerance) }
        return line.stroked(StrokeStyle(width: lineWidth, cap: lineCap, join: lineJoin, miterLimit: miterLimit),
                            tolerance: tolerance)
    }
}

/// CAShapeLayer's animatable properties, by POP's names (`kPOPShapeLayerStrokeEnd`, …) and
/// their Core Animation key paths (`strokeEnd`, …), with POP's threshold 0.01 for each.
public enum ShapeProperty: String, CaseIterable, Sendable {
    case strokeStart, strokeEnd, lineWidth, lineDashPhase, strokeColor, fillColor

    /// POP's property name (`shapeLayer.strokeEnd`).
    public var popName: String { "shapeLayer.\(rawValue)" }

    var isColor: Bool { self == .strokeColor || self == .fillColor }

    func read(_ shape: ShapeView) -> AnimationVector {
        switch self {
        case .strokeStart: return [shape.strokeStart]
        case .strokeEnd: return [shape.strokeEnd]
        case .lineWidth: return [shape.lineWidth]
        case .lineDashPhase: return [shape.lineDashPhase]
        case .strokeColor: return AnimationVector(shape.strokeColor ?? .clear)
        case .fillColor: return AnimationVector(shape.fillColor ?? .clear)
        }
    }

    func write(_ shape: ShapeView, _ value: AnimationVector) {
        switch self {
        case .strokeStart: shape.strokeStart = value[0]
        case .strokeEnd: shape.strokeEnd = value[0]
        case .lineWidth: shape.lineWidth = max(0, value[0])
        case .lineDashPhase: shape.lineDashPhase = value[0]
        case .strokeColor: shape.strokeColor = value.value()
        case .fillColor: shape.fillColor = value.value()
        }
    }
}

extension AnimatableProperty {
    /// The CAShapeLayer property `property` of a `ShapeView` target, for POP and basic animations.
    public static func shape(_ property: ShapeProperty) -> AnimatableProperty {
        AnimatableProperty(name: property.popName, componentCount: property.isColor ? 4 : 1, threshold: 0.01,
                           read: { property.read($0 as! ShapeView) },
                           write: { property.write($0 as! ShapeView, $1) })
    }
}
