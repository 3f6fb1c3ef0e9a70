import Foundation
import Geometry
@testable import Raster
import Testing

@Suite struct ProjectionTests {
    /// A card 120×80 turned 50° about its vertical centre line with m34 = −1/300, placed at
    /// (100, 80) on a 200×160 canvas: the homography worked out by hand (see
    /// Transform3DTests), from card coordinates centred on the axis.
    static let theta = 50 * Double.pi / 180
    static let card = ProjectiveTransform(m11: cos(theta), m12: 0, m13: sin(theta) / 300, m21: 0, m22: 1, m23: 0,
                                          m31: 0, m32: 0, m33: 1)
        .concatenating(ProjectiveTransform(.translation(100, 80)))
    static let toCard = AffineTransform.translation(-60, -40)

    @Test func aPolygonFillsExactlyTheQuadOfItsProjectedCorners() {
        let rect = Path(rect: Rect(0, 0, 120, 80))
        let projected = Canvas(width: 200, height: 160)
        projected.fill(rect, color: .black, transform: Self.toCard, projection: Self.card)
        // The same quad with its corners projected by hand, filled as a plain path.
        var quad = Path()
        for (i, corner) in [Point(-60, -40), Point(60, -40), Point(60, 40), Point(-60, 40)].enumerated() {
            let w = 1 + corner.x * sin(Self.theta) / 300
            let p = Point(corner.x * cos(Self.theta) / w + 100, corner.y / w + 80)
            if i == 0 { quad.move(to: p) } else { quad.line(to: p) }
        }
        quad.close()
        let reference = Canvas(width: 200, height: 160)
        reference.fill(quad, color: .black)
        #expect(projected.pixmap == reference.pixmap)
        // The near (left) edge is taller than the far one.
        #expect(projected.pixmap[70, 80 - 41].a == 255 && projected.pixmap[125, 80 - 38].a == 0)
    }

    @Test func aCurveStaysWithinATenthOfAPixelOfItsProjection() {
        // A circle of radius 40 in the card: compare with the circle projected densely.
        let circle = Path(ellipseIn: Rect(-40, -40, 80, 80))
        let projected = Canvas(width: 200, height: 160)
        projected.fill(circle, color: .black, projection: Self.card)
        var dense = Path()
        for i in 0..<4096 {
            let a = Double(i) / 4096 * 2 * Double.pi
            let p = Self.card.apply(Point(40 * cos(a), 40 * sin(a)))
            if i == 0 { dense.move(to: p) } else { dense.line(to: p) }
        }
        dense.close()
        let reference = Canvas(width: 200, height: 160)
        reference.fill(dense, color: .black)
        var worst = 0
        for y in 0..<160 {
            for x in 0..<200 { worst = max(worst, abs(Int(projected.pixmap[x, y].a) - Int(reference.pixmap[x, y].a))) }
        }
        // 0.1 px of flattening error moves an edge pixel's coverage by at most about a tenth,
        // and the chords lose at most 0.1 px along the outline (shorter than the circle's 251 px).
        #expect(worst <= 30)
        #expect(abs(coveredArea(projected.pixmap) - coveredArea(reference.pixmap)) < 0.1 * 2 * Double.pi * 40)
    }

    @Test func anImageIsSampledThroughTheInverseHomography() {
        // Left half red, right half blue, 120×80, drawn on the card.
        var bytes: [UInt8] = []
        for _ in 0..<80 { for x in 0..<120 { bytes += x < 60 ? [255, 0, 0, 255] : [0, 0, 255, 255] } }
        let image = Pixmap(width: 120, height: 80, premultiplied: bytes)
        let canvas = Canvas(width: 200, height: 160)
        canvas.draw(image, transform: Self.toCard, projection: Self.card)
        let red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255), blue: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 255, 255)
        // The image's centre line x = 60 lands on the axis at device x = 100: red left, blue right.
        #expect(canvas.pixmap[97, 80] == red && canvas.pixmap[102, 80] == blue)
        // A pixel centre maps back to the image pixel the hand-computed inverse names.
        let inverse = Self.card.inverted!
        for (x, y) in [(60, 70), (125, 95), (85, 50)] {
            let u = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5)).x + 60
            let expected = u < 60 ? red : blue
            if abs(u - 60) > 1 { #expect(canvas.pixmap[x, y] == expected, "(\(x), \(y)) → u \(u)") }
        }
    }

    @Test func whatLiesBehindTheViewerIsNotDrawn() {
        // With the eye 50 points away, the part of a 400-wide card beyond x = 50/sin θ is
        // behind it; the rest still draws, and nothing is stretched across the canvas.
        let steep = ProjectiveTransform(m11: cos(Self.theta), m12: 0, m13: -sin(Self.theta) / 50, m21: 0, m22: 1, m23: 0,
                                        m31: 0, m32: 0, m33: 1).concatenating(ProjectiveTransform(.translation(100, 80)))
        let canvas = Canvas(width: 200, height: 160)
        canvas.fill(Path(rect: Rect(-200, -20, 400, 40)), color: .black, projection: steep)
        #expect(canvas.pixmap[100, 80].a == 255)
        #expect(canvas.pixmap[100, 10].a == 0 && canvas.pixmap[100, 150].a == 0)
    }

    @Test func aGradientUnderPerspectiveFollowsTheProjectedPlane() {
        let gradient = Gradient(kind: .linear(start: Point(-60, 0), end: Point(60, 0)),
                                stops: [GradientStop(location: 0, color: .black), GradientStop(location: 1, color: .white)])
        let canvas = Canvas(width: 200, height: 160)
        canvas.fill(Path(rect: Rect(-60, -40, 120, 80)), paint: .gradient(gradient), projection: Self.card)
        // The gradient's midpoint is on the axis (x = 100), not halfway across the projected card.
        let mid = Int(canvas.pixmap[100, 80].r)
        #expect(abs(mid - 128) <= 3)
        #expect(canvas.pixmap[70, 80].r < canvas.pixmap[100, 80].r && canvas.pixmap[120, 80].r > canvas.pixmap[100, 80].r)
    }

    @Test func aClipThroughAProjectionLimitsLaterDraws() {
        let canvas = Canvas(width: 200, height: 160)
        canvas.clip(to: Path(rect: Rect(-60, -40, 60, 80)), projection: Self.card)
        canvas.fill(Path(rect: Rect(0, 0, 200, 160)), color: .black)
        #expect(canvas.pixmap[80, 80].a == 255 && canvas.pixmap[110, 80].a == 0)
    }
}
