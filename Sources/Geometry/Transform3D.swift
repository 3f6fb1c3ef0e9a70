import Foundation

/// A 4×4 transform of 3-D space laid out as Core Animation's CATransform3D, so numbers read from
/// iOS code carry over unchanged: the point (x, y, z) maps to (X/W, Y/W, Z/W) where
/// (X, Y, Z, W) = (x, y, z, 1) · M. `m34` is the perspective term (−1/d puts the eye d points in
/// front of the plane, as `transform.m34 = -1.0 / 500` does), `m41`…`m43` the translation.
public struct Transform3D: Hashable, Sendable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(m11: Double = 1, m12: Double = 0, m13: Double = 0, m14: Double = 0,
                m21: Double = 0, m22: Double = 1, m23: Double = 0, m24: Double = 0,
                m31: Double = 0, m32: Double = 0, m33: Double = 1, m34: Double = 0,
                m41: Double = 0, m42: Double = 0, m43: Double = 0, m44: Double = 1) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// The 3-D transform that maps the z = 0 plane as `t` does and leaves z alone
    /// (CATransform3DMakeAffineTransform).
    public init(_ t: AffineTransform) {
        self.init(m11: t.a, m12: t.b, m21: t.c, m22: t.d, m41: t.tx, m42: t.ty)
    }

    /// CATransform3DIdentity.
    public static let identity = Transform3D()

    /// CATransform3DMakeTranslation.
    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double) -> Transform3D {
        Transform3D(m41: tx, m42: ty, m43: tz)
    }

    /// CATransform3DMakeScale.
    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double) -> Transform3D {
        Transform3D(m11: sx, m22: sy, m33: sz)
    }

    /// CATransform3DMakeRotation(angle, 1, 0, 0): positive angles tip the top edge away from the
    /// viewer (y down, z towards the viewer).
    public static func rotationX(_ angle: Double) -> Transform3D {
        let s = sin(angle), c = cos(angle)
        return Transform3D(m22: c, m23: s, m32: -s, m33: c)
    }

    /// CATransform3DMakeRotation(angle, 0, 1, 0): positive angles swing the right edge away
    /// from the viewer.
    public static func rotationY(_ angle: Double) -> Transform3D {
        let s = sin(angle), c = cos(angle)
        return Transform3D(m11: c, m13: -s, m31: s, m33: c)
    }

    /// CATransform3DMakeRotation(angle, 0, 0, 1): clockwise on screen, as `AffineTransform.rotation`.
    public static func rotationZ(_ angle: Double) -> Transform3D {
        let s = sin(angle), c = cos(angle)
        return Transform3D(m11: c, m12: s, m21: -s, m22: c)
    }

    /// The perspective Core Animation code sets with `m34 = -1 / distance`.
    public static func perspective(m34: Double) -> Transform3D { Transform3D(m34: m34) }

    /// `self` applied first, then `t` (CATransform3DConcat order).
    public func concatenating(_ t: Transform3D) -> Transform3D {
        func row(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> (Double, Double, Double, Double) {
            (a * t.m11 + b * t.m21 + c * t.m31 + d * t.m41, a * t.m12 + b * t.m22 + c * t.m32 + d * t.m42,
             a * t.m13 + b * t.m23 + c * t.m33 + d * t.m43, a * t.m14 + b * t.m24 + c * t.m34 + d * t.m44)
        }
        let r1 = row(m11, m12, m13, m14), r2 = row(m21, m22, m23, m24)
        let r3 = row(m31, m32, m33, m34), r4 = row(m41, m42, m43, m44)
        return Transform3D(m11: r1.0, m12: r1.1, m13: r1.2, m14: r1.3, m21: r2.0, m22: r2.1, m23: r2.2, m24: r2.3,
                           m31: r3.0, m32: r3.1, m33: r3.2, m34: r3.3, m41: r4.0, m42: r4.1, m43: r4.2, m44: r4.3)
    }

    /// What the transform does to the z = 0 plane seen from the front, with the resulting z
    /// dropped: how Core Animation flattens a (non-CATransformLayer) layer into its superlayer's
    /// plane. Rows and columns 1, 2 and 4 of the matrix.
    public var flattened: ProjectiveTransform {
        ProjectiveTransform(m11: m11, m12: m12, m13: m14, m21: m21, m22: m22, m23: m24, m31: m41, m32: m42, m33: m44)
    }
}
