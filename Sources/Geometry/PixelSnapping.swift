import Foundation

/// How a length in points is aligned to the device pixel grid at a given screen scale, after
/// YYKit's `CGFloatPixelFloor/Round/Ceil/Half` family. UIKit rounds frames when it renders;
/// the owl demo calls `CGFloatPixelRound` explicitly for its face rect.
public enum PixelSnapping: String, CaseIterable, Sendable {
    /// floor(v·s)/s
    case floor
    /// round(v·s)/s, halves away from zero
    case round
    /// ceil(v·s)/s
    case ceil
    /// (floor(v·s) + 0.5)/s: the centre of the pixel the value falls in, for crisp 1-px lines
    case half
    /// no snapping
    case none

    /// Snaps one value in points at `scale` pixels per point.
    public func snap(_ v: Double, scale: Double) -> Double {
        switch self {
        case .floor: return Foundation.floor(v * scale) / scale
        case .round: return Foundation.round(v * scale) / scale
        case .ceil: return Foundation.ceil(v * scale) / scale
        case .half: return (Foundation.floor(v * scale) + 0.5) / scale
        case .none: return v
        }
    }

    public func snap(_ p: Point, scale: Double) -> Point { Point(snap(p.x, scale: scale), snap(p.y, scale: scale)) }

    /// Snaps a rect's origin and far corner, as YYKit's `CGRectPixel*` does: `floor` keeps the
    /// pixels wholly inside the rect (origin up, corner down, never a negative size), `ceil` the
    /// pixels it touches, `round` and `half` move both corners the same way.
    public func snap(_ r: Rect, scale: Double) -> Rect {
        let corner = Point(r.x + r.width, r.y + r.height)
        let (o, c): (Point, Point)
        switch self {
        case .floor: (o, c) = (PixelSnapping.ceil.snap(r.origin, scale: scale), snap(corner, scale: scale))
        case .ceil: (o, c) = (PixelSnapping.floor.snap(r.origin, scale: scale), snap(corner, scale: scale))
        case .round, .half, .none: (o, c) = (snap(r.origin, scale: scale), snap(corner, scale: scale))
        }
        return Rect(o.x, o.y, self == .floor ? max(0, c.x - o.x) : c.x - o.x,
                    self == .floor ? max(0, c.y - o.y) : c.y - o.y)
    }
}
