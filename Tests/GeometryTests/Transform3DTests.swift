import Foundation
import Geometry
import Testing

@Suite struct Transform3DTests {
    /// A card flip's matrix worked out on paper: rotate by θ about y, then m34 = −1/d. A point
    /// (x, y) of the layer goes to (x·cosθ, y, −x·sinθ), and W = 1 − z/d = 1 + x·sinθ/d, so the
    /// homography's columns are (cosθ, 0, 0), (0, 1, 0) and (sinθ/d, 0, 1).
    @Test func rotationYWithPerspectiveFlattensToTheHomographyWorkedOutByHand() {
        let theta = Double.pi / 3, d = 500.0
        let flat = Transform3D.rotationY(theta).concatenating(.perspective(m34: -1 / d)).flattened
        let byHand = ProjectiveTransform(m11: cos(theta), m12: 0, m13: sin(theta) / d, m21: 0, m22: 1, m23: 0,
                                         m31: 0, m32: 0, m33: 1)
        #expect(flat == byHand)
        // The right edge swings away and shrinks towards the axis; the left edge comes closer and grows.
        let right = flat.apply(Point(100, -50)), left = flat.apply(Point(-100, -50))
        let w = 1 + 100 * sin(theta) / d
        #expect(abs(right.x - 100 * cos(theta) / w) < 1e-12 && abs(right.y - -50 / w) < 1e-12)
        #expect(abs(left.x) > abs(right.x) && abs(left.y) > 50)
    }

    @Test func rotationXTipsTheTopEdgeAwayUnderPerspective() {
        let flat = Transform3D.rotationX(0.5).concatenating(.perspective(m34: -1.0 / 400)).flattened
        let top = flat.apply(Point(80, -60)), bottom = flat.apply(Point(80, 60))
        #expect(top.x < 80 && bottom.x > 80)
    }

    @Test func anAffineTransformSurvivesTheRoundTripThroughThreeDimensionsExactly() {
        let t = AffineTransform.scale(1.5, 0.5).concatenating(.rotation(0.3)).concatenating(.translation(12, -7))
        #expect(Transform3D(t).flattened.affine == t)
        #expect(Transform3D.rotationZ(0.3).flattened.affine == AffineTransform.rotation(0.3))
        #expect(Transform3D.perspective(m34: -0.002).flattened.affine == AffineTransform.identity)
        #expect(Transform3D.rotationY(0.4).concatenating(.perspective(m34: -0.002)).flattened.affine == nil)
    }

    @Test func concatenationAppliesTheLeftTransformFirst() {
        let a = Transform3D.rotationY(0.7).concatenating(.translation(10, 20, 30))
        let b = Transform3D.perspective(m34: -1.0 / 300)
        let ab = a.concatenating(b).flattened
        let p = Point(13, -4)
        // (p · a) · b by hand: rotate and translate in 3-D, then divide by W = 1 − z/300.
        let x = 13 * cos(0.7) + 10, y = -4.0 + 20, z = -13 * sin(0.7) + 30
        let q = ab.apply(p), w = 1 - z / 300
        #expect(abs(q.x - x / w) < 1e-12 && abs(q.y - y / w) < 1e-12)
    }

    @Test func theInverseHomographyUndoesTheMap() throws {
        let h = Transform3D.rotationX(0.4).concatenating(.rotationY(-0.9)).concatenating(.translation(50, 60, 0))
            .concatenating(.perspective(m34: -1.0 / 500)).flattened
        let inverse = try #require(h.inverted)
        for p in [Point(0, 0), Point(100, -30), Point(-70, 45)] {
            let back = inverse.apply(h.apply(p))
            #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        }
        // Edge-on (θ = 90° without perspective) the plane collapses to a line: no inverse.
        #expect(ProjectiveTransform(m11: 0, m12: 0, m13: 0, m21: 0, m22: 1, m23: 0, m31: 0, m32: 0, m33: 1).inverted == nil)
    }

    @Test func theTangentMatchesTheMapToFirstOrderAndTheStretchBoundsIt() {
        let h = Transform3D.rotationY(1.1).concatenating(.perspective(m34: -1.0 / 250)).flattened
        let p = Point(40, 25), e = 1e-6
        let t = h.tangent(at: p)
        let dx = h.apply(Point(p.x + e, p.y)), dy = h.apply(Point(p.x, p.y + e)), at = h.apply(p)
        #expect(abs((dx.x - at.x) / e - t.a) < 1e-5 && abs((dx.y - at.y) / e - t.b) < 1e-5)
        #expect(abs((dy.x - at.x) / e - t.c) < 1e-5 && abs((dy.y - at.y) / e - t.d) < 1e-5)
        #expect(t.apply(p) == at)
        let corners = [Point(-100, -100), Point(100, -100), Point(-100, 100), Point(100, 100)]
        let stretch = h.largestStretch(over: corners, minimumW: 1e-3)
        for q in corners + [Point(0, 0), p] {
            let j = h.tangent(at: q)
            #expect((j.a * j.a + j.b * j.b + j.c * j.c + j.d * j.d).squareRoot() <= stretch * (1 + 1e-12))
        }
    }
}
