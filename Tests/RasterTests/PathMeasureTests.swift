import Foundation
import Geometry
import Raster
import Testing

/// `PathMeasure`: a path's length over its subpaths in order, and the point and direction at a
/// distance along it.
@Suite struct PathMeasureTests {
    @Test func aPathIsMeasuredAlongEverySubpathInOrder() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.line(to: Point(30, 40))
        path.move(to: Point(100, 100))
        path.line(to: Point(100, 150))
        let measure = PathMeasure(path)
        #expect(measure.length == 100)
        #expect(measure.end == Point(100, 150))
        // The move between the subpaths counts for nothing; a vertex belongs to the segment
        // that ends there.
        let vertex = measure.position(at: 50)
        #expect(vertex?.point == Point(30, 40))
        #expect(abs((vertex?.angle ?? 0) - atan2(40, 30)) < 1e-12)
        #expect(measure.position(at: 75)?.point == Point(100, 125))
        #expect(measure.position(at: 75)?.angle == .pi / 2)
        #expect(measure.position(at: -0.001) == nil && measure.position(at: 100.001) == nil)
        #expect(PathMeasure(Path()).length == 0 && PathMeasure(Path()).position(at: 0) == nil)
    }

    @Test func aCurveIsMeasuredFlattenedWithinTheTolerance() {
        // A quarter circle of radius 100 as one cubic (within 0.03 of the circle): length about
        // π·50, the tangent turning through 90°.
        var path = Path()
        let k = 0.552_284_749_831 * 100
        path.move(to: Point(100, 0))
        path.cubic(to: Point(0, 100), control1: Point(100, k), control2: Point(k, 100))
        let measure = PathMeasure(path, tolerance: 0.001)
        #expect(abs(measure.length - .pi * 50) < 0.05)
        let middle = measure.position(at: measure.length / 2)
        #expect(abs((middle?.point.x ?? 0) - 100 * cos(Double.pi / 4)) < 0.05)
        #expect(abs((middle?.angle ?? 0) - 3 * .pi / 4) < 0.01)
    }
}
