import Foundation

/// A 2-D affine transform mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty), laid out as
/// CGAffineTransform so numbers read from iOS code carry over unchanged.
public struct AffineTransform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// How much the transform stretches a unit step along x and along y (the lengths of the
    /// images of the two axes).
    public var axisScales: (x: Double, y: Double) {
        ((a * a + b * b).squareRoot(), (c * c + d * d).squareRoot())
    }

    public static func translation(_ tx: Double, _ ty: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A scale that leaves `anchor` fixed, as a CALayer scales about its anchor point.
    public static func scale(_ sx: Double, _ sy: Double, about anchor: Point) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: anchor.x - sx * anchor.x, ty: anchor.y - sy * anchor.y)
    }

    /// A rotation by `angle` radians; positive angles turn clockwise on screen (y down), as in UIKit.
    public static func rotation(_ angle: Double) -> AffineTransform {
        let s = sin(angle), c = cos(angle)
        return AffineTransform(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// `self` applied first, then `t` (CGAffineTransformConcat order).
    public func concatenating(_ t: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * t.a + b * t.c, b: a * t.b + b * t.d,
            c: c * t.a + d * t.c, d: c * t.b + d * t.d,
            tx: tx * t.a + ty * t.c + t.tx, ty: tx * t.b + ty * t.d + t.ty)
    }

    /// The inverse transform, or `nil` when the transform is singular (it collapses area to zero).
    public var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// True when the transform only scales and translates (no rotation or skew).
    public var isAxisAligned: Bool { b == 0 && c == 0 }

    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The bounding box of the transformed rect.
    public func apply(_ r: Rect) -> Rect {
        let ps = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)].map(apply)
        let xs = ps.map(\.x), ys = ps.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x0, y0, xs.max()! - x0, ys.max()! - y0)
    }
}
