import Geometry
@testable import Raster
import Testing

@Suite struct FlattenTests {
    private func flattened(_ path: Path, transform: AffineTransform = .identity) -> PolylineRecorder {
        var recorder = PolylineRecorder()
        flatten(path, transform: transform, tolerance: 0.1, into: &recorder)
        return recorder
    }

    private func cubicPoint(_ p: [Point], _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x, a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y)
    }

    @Test func linesPassThroughUnchanged() {
        var path = Path()
        path.move(to: Point(1, 2))
        path.line(to: Point(5, 2))
        path.line(to: Point(5, 7))
        let r = flattened(path)
        #expect(r.contours == [[Point(1, 2), Point(5, 2), Point(5, 7)]])
        #expect(r.closed == [false])
    }

    @Test func everyCubicSegmentStaysWithinATenthOfAPixel() {
        let controls = [Point(10, 200), Point(40, -150), Point(300, 400), Point(320, 20)]
        var path = Path()
        path.move(to: controls[0])
        path.cubic(to: controls[3], control1: controls[1], control2: controls[2])
        let polyline = flattened(path).contours[0]
        let n = polyline.count - 1
        #expect(n > 10)
        for i in 0..<n {
            let a = polyline[i], b = polyline[i + 1]
            for k in 1..<8 {
                let q = cubicPoint(controls, (Double(i) + Double(k) / 8) / Double(n))
                let cross = abs((b.x - a.x) * (q.y - a.y) - (b.y - a.y) * (q.x - a.x))
                let distance = cross / ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                #expect(distance <= 0.1)
            }
        }
    }

    @Test func segmentCountFollowsWangsFormulaInDevicePixels() {
        // A quarter circle of radius r has max second difference r·|(1−k, −k) − (k, ...)|; check
        // the count grows with the square root of the scale, as the formula says.
        let circle = Path(circleCenter: Point(0, 0), radius: 10)
        let small = flattened(circle).contours[0].count
        let large = flattened(circle, transform: .scale(16, 16)).contours[0].count
        #expect(large >= 3 * small && large <= 5 * small)
    }

    @Test func quadraticEndsExactlyOnItsEndPoint() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.quad(to: Point(100.25, 3.5), control: Point(50, 80))
        let points = flattened(path).contours[0]
        #expect(points.last == Point(100.25, 3.5))
        #expect(points.count > 5)
    }

    @Test func closeAndMoveSeparateContours() {
        var path = Path(rect: Rect(0, 0, 4, 4))
        path.move(to: Point(10, 10))
        path.line(to: Point(12, 10))
        let r = flattened(path)
        #expect(r.contours.count == 2)
        #expect(r.closed == [true, false])
    }
}
