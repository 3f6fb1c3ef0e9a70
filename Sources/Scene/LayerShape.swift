import Geometry
import Raster

/// Which corners `cornerRadius` rounds, as Core Animation's CACornerMask (same names and bits,
/// minimum y being the top on iOS).
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The top-left corner.
    public static let layerMinXMinYCorner = CornerMask(rawValue: 1 << 0)
    /// The top-right corner.
    public static let layerMaxXMinYCorner = CornerMask(rawValue: 1 << 1)
    /// The bottom-left corner.
    public static let layerMinXMaxYCorner = CornerMask(rawValue: 1 << 2)
    /// The bottom-right corner.
    public static let layerMaxXMaxYCorner = CornerMask(rawValue: 1 << 3)
    /// Every corner: CALayer's default.
    public static let all: CornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner,
                                         .layerMaxXMaxYCorner]
}

/// The curve of a layer's rounded corners, as CALayerCornerCurve.
public enum CornerCurve: String, CaseIterable, Sendable {
    /// Quarter circles (CALayer's default).
    case circular
    /// iOS's continuous corners, whose curvature eases in (`Path(continuousRoundedRect:cornerRadii:)`).
    case continuous
}

extension View {
    /// The outline of `rect` rounded as the layer rounds its bounds: `radius` at the masked
    /// corners, square elsewhere, along the layer's corner curve.
    func layerShape(_ rect: Rect, radius: Double) -> Path {
        let m = maskedCorners
        func at(_ corner: CornerMask) -> Double { m.contains(corner) ? radius : 0 }
        let radii = CornerRadii(topLeft: at(.layerMinXMinYCorner), topRight: at(.layerMaxXMinYCorner),
                                bottomRight: at(.layerMaxXMaxYCorner), bottomLeft: at(.layerMinXMaxYCorner))
        switch cornerCurve {
        case .circular: return Path(roundedRect: rect, cornerRadii: radii)
        case .continuous: return Path(continuousRoundedRect: rect, cornerRadii: radii)
        }
    }

    /// The layer's rounded bounds of `size` (frame-local, from the origin).
    func layerShape(_ size: Size) -> Path { layerShape(Rect(origin: .zero, size: size), radius: presentedCornerRadius) }

    /// The corner radius shown: an animation block's value while one changes it, else the model's.
    var presentedCornerRadius: Double { presentation.cornerRadius ?? cornerRadius }

    /// The band `width` wide just inside the layer's rounded bounds, for the even-odd rule: how a
    /// CALayer border is drawn.
    func borderShape(_ size: Size, width: Double) -> Path {
        var ring = layerShape(size)
        ring.append(layerShape(Rect(origin: .zero, size: size).insetBy(dx: width, dy: width),
                               radius: max(0, presentedCornerRadius - width)))
        return ring
    }

    /// The larger of the two rects a layer of `size` surely covers with its rounded bounds: the
    /// bounds narrowed across, or down, by the corners' reach (each corner curve lies within a
    /// square of that side at its vertex, whichever corners are masked). Nil when the corners
    /// leave nothing.
    func coveredRect(_ size: Size) -> Rect? {
        let half = min(size.width, size.height) / 2, radius = max(0, presentedCornerRadius)
        let reach = cornerCurve == .circular ? min(radius, half)
            : min(radius, half / Path.continuousCornerExtent) * Path.continuousCornerExtent
        let across = Rect(reach, 0, size.width - 2 * reach, size.height)
        let down = Rect(0, reach, size.width, size.height - 2 * reach)
        let larger = across.width * across.height >= down.width * down.height ? across : down
        return larger.width > 0 && larger.height > 0 ? larger : nil
    }

    /// How far in from each edge a rect's corners lie inside the rounded bounds of `size`: both
    /// curves cross the corner's diagonal 0.29 (limited) radii in from the vertex, r(1 − 1/√2)
    /// for the circle and the middle of the central cubic for the continuous corner.
    func cornerInset(_ size: Size) -> Double {
        let half = min(size.width, size.height) / 2
        let limit = cornerCurve == .circular ? half : half / Path.continuousCornerExtent
        return 0.3 * min(max(0, presentedCornerRadius), limit)
    }
}
