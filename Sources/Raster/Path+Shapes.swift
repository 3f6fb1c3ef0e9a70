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

/// The cubic control-arm length of a quarter circle of radius 1 (4/3·(√2 − 1)).
let kappa = 0.5522847498

extension Path {
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

    /// The ellipse inscribed in `rect`: four kappa cubics, clockwise on screen from its right end.
    public init(ellipseIn rect: Rect) {
        self.init()
        let r = rect.standardized
        let c = r.center
        let rx = r.width / 2, ry = r.height / 2
        let kx = rx * kappa, ky = ry * kappa
        move(to: Point(r.maxX, c.y))
        cubic(to: Point(c.x, r.maxY), control1: Point(r.maxX, c.y + ky), control2: Point(c.x + kx, r.maxY))
        cubic(to: Point(r.minX, c.y), control1: Point(c.x - kx, r.maxY), control2: Point(r.minX, c.y + ky))
        cubic(to: Point(c.x, r.minY), control1: Point(r.minX, c.y - ky), control2: Point(c.x - kx, r.minY))
        cubic(to: Point(r.maxX, c.y), control1: Point(c.x + kx, r.minY), control2: Point(r.maxX, c.y - ky))
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
        cubic(to: end,
              control1: Point(start.x + (vertex.x - start.x) * kappa, start.y + (vertex.y - start.y) * kappa),
              control2: Point(end.x + (vertex.x - end.x) * kappa, end.y + (vertex.y - end.y) * kappa))
    }
}
