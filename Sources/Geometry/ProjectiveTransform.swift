/// A plane-to-plane projective transform (a homography): the point (x, y) maps to
/// (X / W, Y / W) where (X, Y, W) = (x, y, 1) · M, with M the 3×3 matrix
///
///     | m11 m12 m13 |
///     | m21 m22 m23 |
///     | m31 m32 m33 |
///
/// It is what a CATransform3D with perspective does to a flat layer once the z coordinate is
/// dropped (`Transform3D.flattened`), and the row-vector convention matches `AffineTransform` and
/// CATransform3D: `m13`, `m23` are the perspective terms, `m31`, `m32` the translation.
public struct ProjectiveTransform: Hashable, Sendable {
    public var m11, m12, m13: Double
    public var m21, m22, m23: Double
    public var m31, m32, m33: Double

    public init(m11: Double, m12: Double, m13: Double, m21: Double, m22: Double, m23: Double,
                m31: Double, m32: Double, m33: Double) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13
        self.m21 = m21; self.m22 = m22; self.m23 = m23
        self.m31 = m31; self.m32 = m32; self.m33 = m33
    }

    /// The homography that maps as `t` does.
    public init(_ t: AffineTransform) {
        self.init(m11: t.a, m12: t.b, m13: 0, m21: t.c, m22: t.d, m23: 0, m31: t.tx, m32: t.ty, m33: 1)
    }

    public static let identity = ProjectiveTransform(.identity)

    /// The affine transform this is, when it has no perspective (`m13` and `m23` exactly zero);
    /// nil otherwise. A W other than 1 is divided out (a uniform scale, as a layer moved
    /// towards the eye under perspective shows); with W = 1 the numbers are taken unchanged.
    public var affine: AffineTransform? {
        guard m13 == 0, m23 == 0, m33 != 0, m33.isFinite else { return nil }
        guard m33 != 1 else { return AffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32) }
        return AffineTransform(a: m11 / m33, b: m12 / m33, c: m21 / m33, d: m22 / m33, tx: m31 / m33, ty: m32 / m33)
    }

    /// The homogeneous divisor W at (x, y): positive where the plane is in front of the viewer.
    @inline(__always)
    public func w(_ p: Point) -> Double { p.x * m13 + p.y * m23 + m33 }

    /// The image of `p` (not finite where W is zero).
    @inline(__always)
    public func apply(_ p: Point) -> Point {
        let w = p.x * m13 + p.y * m23 + m33
        return Point((p.x * m11 + p.y * m21 + m31) / w, (p.x * m12 + p.y * m22 + m32) / w)
    }

    /// `self` applied first, then `t`.
    public func concatenating(_ t: ProjectiveTransform) -> ProjectiveTransform {
        ProjectiveTransform(
            m11: m11 * t.m11 + m12 * t.m21 + m13 * t.m31, m12: m11 * t.m12 + m12 * t.m22 + m13 * t.m32,
            m13: m11 * t.m13 + m12 * t.m23 + m13 * t.m33,
            m21: m21 * t.m11 + m22 * t.m21 + m23 * t.m31, m22: m21 * t.m12 + m22 * t.m22 + m23 * t.m32,
            m23: m21 * t.m13 + m22 * t.m23 + m23 * t.m33,
            m31: m31 * t.m11 + m32 * t.m21 + m33 * t.m31, m32: m31 * t.m12 + m32 * t.m22 + m33 * t.m32,
            m33: m31 * t.m13 + m32 * t.m23 + m33 * t.m33)
    }

    /// The determinant of the matrix; its sign (where W > 0) says whether the map keeps the
    /// plane's orientation (positive) or shows its back (negative).
    public var determinant: Double {
        m11 * (m22 * m33 - m23 * m32) - m12 * (m21 * m33 - m23 * m31) + m13 * (m21 * m32 - m22 * m31)
    }

    /// The inverse map, or nil when the matrix is singular (the plane is seen edge-on).
    public var inverted: ProjectiveTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return ProjectiveTransform(
            m11: (m22 * m33 - m23 * m32) / det, m12: (m13 * m32 - m12 * m33) / det, m13: (m12 * m23 - m13 * m22) / det,
            m21: (m23 * m31 - m21 * m33) / det, m22: (m11 * m33 - m13 * m31) / det, m23: (m13 * m21 - m11 * m23) / det,
            m31: (m21 * m32 - m22 * m31) / det, m32: (m12 * m31 - m11 * m32) / det, m33: (m11 * m22 - m12 * m21) / det)
    }

    /// The affine transform that agrees with this one at `p` to first order (its Jacobian
    /// there, placed so that `p` maps to the same point): how the map looks locally, e.g. to
    /// choose an image's detail level.
    public func tangent(at p: Point) -> AffineTransform {
        let w = self.w(p), q = apply(p)
        let a = (m11 - q.x * m13) / w, b = (m12 - q.y * m13) / w
        let c = (m21 - q.x * m23) / w, d = (m22 - q.y * m23) / w
        return AffineTransform(a: a, b: b, c: c, d: d, tx: q.x - a * p.x - c * p.y, ty: q.y - b * p.x - d * p.y)
    }

    /// An upper bound of how far the map can stretch a short step anywhere in the part of the
    /// convex region spanned by `corners` where W ≥ `minimumW` (> 0): the Frobenius norm of the
    /// Jacobian. Each entry of the Jacobian is an affine function of the point over W², so the
    /// largest numerator over the corners divided by the smallest W² there bounds it.
    public func largestStretch(over corners: [Point], minimumW: Double) -> Double {
        var n11 = 0.0, n12 = 0.0, n21 = 0.0, n22 = 0.0, wMin = Double.infinity
        for p in corners {
            let w = self.w(p)
            let x = p.x * m11 + p.y * m21 + m31, y = p.x * m12 + p.y * m22 + m32
            // d(X/W)/dx = (m11·W − X·m13) / W², and likewise for the other three entries.
            n11 = max(n11, abs(m11 * w - x * m13)); n12 = max(n12, abs(m21 * w - x * m23))
            n21 = max(n21, abs(m12 * w - y * m13)); n22 = max(n22, abs(m22 * w - y * m23))
            wMin = min(wMin, w)
        }
        wMin = max(wMin, minimumW)
        let stretch = (n11 * n11 + n12 * n12 + n21 * n21 + n22 * n22).squareRoot() / (wMin * wMin)
        return stretch.isFinite ? stretch : .infinity
    }
}
