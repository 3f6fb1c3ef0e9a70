import Foundation
import Geometry

extension Path {
    /// Appends a circular arc around `center`, as UIBezierPath's `addArc` does: from
    /// `startAngle` to `endAngle` (radians, 0 along +x), `clockwise` on screen (y down, so
    /// clockwise means increasing angle). A sweep of 2π or more draws the full circle. The arc
    /// begins with a line from the current point, or a new subpath when there is none.
    ///
    /// The arc is made of cubics of at most 90° each. Only their end directions use sin/cos,
    /// once while building the path; flattening and rasterising never call libm.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                                clockwise: Bool) {
        let fullTurn = 2 * Double.pi
        var sweep = clockwise ? endAngle - startAngle : startAngle - endAngle
        if sweep >= fullTurn || sweep <= -fullTurn {
            sweep = fullTurn
        } else if sweep < 0 {
            sweep += fullTurn
        }
        let start = Point(center.x + radius * cos(startAngle), center.y + radius * sin(startAngle))
        if currentPoint == nil || verbs.last == .close { move(to: start) } else { line(to: start) }
        guard sweep.isFinite, radius.isFinite else { return }
        let pieces = max(1, (sweep / (Double.pi / 2)).ceilToInt)
        let step = (clockwise ? sweep : -sweep) / Double(pieces)
        var from = Point(cos(startAngle), sin(startAngle))
        for i in 1...pieces {
            let angle = startAngle + step * Double(i)
            let to = Point(cos(angle), sin(angle))
            appendArcPiece(center: center, radius: radius, from: from, to: to)
            from = to
        }
    }

    /// Appends the circular arc from `center + radius·from` to `center + radius·to` (unit
    /// vectors) turning the short way, as one cubic, or two split at the bisector when the turn
    /// exceeds 90°. The turn must be below 180°; callers split half turns themselves.
    mutating func appendArc(center: Point, radius: Double, from u: Point, to v: Point) {
        if u.x * v.x + u.y * v.y < 0 {
            let mid = normalized(Point(u.x + v.x, u.y + v.y))
            appendArcPiece(center: center, radius: radius, from: u, to: mid)
            appendArcPiece(center: center, radius: radius, from: mid, to: v)
        } else {
            appendArcPiece(center: center, radius: radius, from: u, to: v)
        }
    }

    /// One cubic for a turn of at most about 90° between unit vectors `u` and `v`. The control
    /// arm is (4/3)·tan(θ/4)·radius, found from cos θ and sin θ with a square root only.
    private mutating func appendArcPiece(center: Point, radius: Double, from u: Point, to v: Point) {
        let cosine = u.x * v.x + u.y * v.y
        let cross = u.x * v.y - u.y * v.x
        let sine = abs(cross)
        let halfTangent = sine / (1 + cosine)
        let quarterTangent = halfTangent / (1 + (1 + halfTangent * halfTangent).squareRoot())
        let arm = 4 / 3 * quarterTangent * radius
        let turn: Double = cross >= 0 ? 1 : -1
        let tu = Point(-u.y * turn, u.x * turn), tv = Point(-v.y * turn, v.x * turn)
        arcCubic(to: Point(center.x + radius * v.x, center.y + radius * v.y),
                 control1: Point(center.x + radius * u.x + arm * tu.x, center.y + radius * u.y + arm * tu.y),
                 control2: Point(center.x + radius * v.x - arm * tv.x, center.y + radius * v.y - arm * tv.y))
    }
}

/// `p` scaled to unit length; (1, 0) for a zero vector.
func normalized(_ p: Point) -> Point {
    let length = (p.x * p.x + p.y * p.y).squareRoot()
    return length > 0 ? Point(p.x / length, p.y / length) : Point(1, 0)
}
