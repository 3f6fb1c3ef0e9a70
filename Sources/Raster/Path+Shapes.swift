import Geometry

/// The radius of each corner of a rounded rect, clockwise from the top left.
public struct CornerRadii: Hashable, Sendable {
    /// Radii in the rect's units; negative values count as 0.
    public var topLeft, topRight, bottomRight, bottomLeft: Double

    /// Radii per corner.
    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    /// The same radius at every corner, as CALayer's `cornerRadius`.
    public init(_ radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }
}

/// A continuous corner from (1.52866, 0) to (0, 1.52866), in radii back along the arriving edge
/// and along the leaving one: three cubics (two control points and an end point each) joined by
/// two short lines (an end point each). PaintCode's measured points of UIKit's corner, mirrored
/// exactly about the diagonal (their figures differ from corner to corner in the eighth digit).
let continuousCorner: [[Double]] = [
    [1.088_493_23, 0, 0.868_406_89, 0, 0.669_934_27, 0.065_496],
    [0.631_493_99, 0.074_911],
    [0.372_823_92, 0.169_058_99, 0.169_058_99, 0.372_823_92, 0.074_911, 0.631_493_99],
    [0.065_496, 0.669_934_27],
    [0, 0.868_406_89, 0, 1.088_493_23, 0, 1.528_664_83],
]

/// The cubic control-arm length of a quarter circle of radius 1 (4/3·(√2 − 1)).
let kappa = 0.5522847498

extension Path {
    /// How far from its vertex a continuous corner leaves each edge, in radii.
    public static let continuousCornerExtent = 1.528_664_83

    /// A rectangle, clockwise on screen from its top-left corner.
    public init(rect: Rect) {
        self.init(roundedRect: rect, cornerRadii: CornerRadii(0))
    }

    /// A rect with circular corners of `cornerRadius`, as CALayer draws it.
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        self.init(roundedRect: rect, cornerRadii: CornerRadii(cornerRadius))
    }

    /// A rect with its own circular radius per corner. As Core Animation clamps `cornerRadius`,
    /// each radius is clamped to 0...min(width, height)/2, so corners never overlap. Corners are
    /// kappa cubics (no trigonometry); the outline runs clockwise on screen.
    public init(roundedRect rect: Rect, cornerRadii radii: CornerRadii) {
        self.init()
        let r = rect.standardized
        let limit = min(r.width, r.height) / 2
        func clamp(_ v: Double) -> Double { v > 0 ? min(v, limit) : 0 }
        let tl = clamp(radii.topLeft), tr = clamp(radii.topRight)
        let br = clamp(radii.bottomRight), bl = clamp(radii.bottomLeft)
        move(to: Point(r.minX + tl, r.minY))
        line(to: Point(r.maxX - tr, r.minY))
        corner(to: Point(r.maxX, r.minY + tr), from: Point(r.maxX - tr, r.minY), at: Point(r.maxX, r.minY))
        line(to: Point(r.maxX, r.maxY - br))
        corner(to: Point(r.maxX - br, r.maxY), from: Point(r.maxX, r.maxY - br), at: Point(r.maxX, r.maxY))
        line(to: Point(r.minX + bl, r.maxY))
        corner(to: Point(r.minX, r.maxY - bl), from: Point(r.minX + bl, r.maxY), at: Point(r.minX, r.maxY))
        line(to: Point(r.minX, r.minY + tl))
        corner(to: Point(r.minX + tl, r.minY), from: Point(r.minX, r.minY + tl), at: Point(r.minX, r.minY))
        close()
    }

    /// A rect with iOS's continuous ("squircle") corners: the outline UIKit's
    /// `UIBezierPath(roundedRect:cornerRadius:)` has drawn since iOS 7 and CALayer's
    /// `cornerCurve = .continuous` draws. Each corner leaves its edges 1.52866 radii from the
    /// vertex and bends along a cubic, a near-circular cubic and a cubic back, so the curvature
    /// rises gradually instead of jumping as at a circular corner's tangent points. The control
    /// points (per unit radius) are those PaintCode measured from UIKit's output and published
    /// ("Replicating iOS 7 rounded rect", 2013), made exactly symmetric about the corner's
    /// diagonal. As UIKit does, every radius is first limited to min(width, height)/2 ÷ 1.52866,
    /// so the corners never overlap.
    public init(continuousRoundedRect rect: Rect, cornerRadii radii: CornerRadii) {
        self.init()
        let r = rect.standardized
        let limit = min(r.width, r.height) / 2 / Path.continuousCornerExtent
        func clamp(_ v: Double) -> Double { v > 0 ? min(v, limit) : 0 }
        // Each corner: its vertex, the direction the outline arrives in and the one it leaves in.
        let corners: [(vertex: Point, radius: Double, into: Point, out: Point)] = [
            (Point(r.maxX, r.minY), clamp(radii.topRight), Point(1, 0), Point(0, 1)),
            (Point(r.maxX, r.maxY), clamp(radii.bottomRight), Point(0, 1), Point(-1, 0)),
            (Point(r.minX, r.maxY), clamp(radii.bottomLeft), Point(-1, 0), Point(0, -1)),
            (Point(r.minX, r.minY), clamp(radii.topLeft), Point(0, -1), Point(1, 0)),
        ]
        for (index, c) in corners.enumerated() {
            // The point t radii back along the arriving edge and n radii along the leaving one.
            func p(_ t: Double, _ n: Double) -> Point {
                Point(c.vertex.x - t * c.radius * c.into.x + n * c.radius * c.out.x,
                      c.vertex.y - t * c.radius * c.into.y + n * c.radius * c.out.y)
            }
            if index == 0 { move(to: p(Path.continuousCornerExtent, 0)) } else { line(to: p(Path.continuousCornerExtent, 0)) }
            guard c.radius > 0 else { continue }
            for s in continuousCorner {
                if s.count == 2 {
                    line(to: p(s[0], s[1]))
                } else {
                    cubic(to: p(s[4], s[5]), control1: p(s[0], s[1]), control2: p(s[2], s[3]))
                }
            }
        }
        close()
    }

    /// The ellipse inscribed in `rect`: four kappa cubics, clockwise on screen from its right end.
    public init(ellipseIn rect: Rect) {
        self.init()
        let r = rect.standardized
        let c = r.center
        let rx = r.width / 2, ry = r.height / 2
        let kx = rx * kappa, ky = ry * kappa
        move(to: Point(r.maxX, c.y))
        arcCubic(to: Point(c.x, r.maxY), control1: Point(r.maxX, c.y + ky), control2: Point(c.x + kx, r.maxY))
        arcCubic(to: Point(r.minX, c.y), control1: Point(c.x - kx, r.maxY), control2: Point(r.minX, c.y + ky))
        arcCubic(to: Point(c.x, r.minY), control1: Point(r.minX, c.y - ky), control2: Point(c.x - kx, r.minY))
        arcCubic(to: Point(r.maxX, c.y), control1: Point(c.x + kx, r.minY), control2: Point(r.maxX, c.y - ky))
        close()
    }

    /// A circle around `center`.
    public init(circleCenter center: Point, radius: Double) {
        self.init(ellipseIn: Rect(center.x - radius, center.y - radius, 2 * radius, 2 * radius))
    }

    /// A quarter-circle corner from `start` to `end` whose tangents meet at `vertex`; nothing
    /// when the radius is zero (the two points coincide with the vertex).
    private mutating func corner(to end: Point, from start: Point, at vertex: Point) {
        guard end != vertex else { return }
        arcCubic(to: end,
              control1: Point(start.x + (vertex.x - start.x) * kappa, start.y + (vertex.y - start.y) * kappa),
              control2: Point(end.x + (vertex.x - end.x) * kappa, end.y + (vertex.y - end.y) * kappa))
    }
}
