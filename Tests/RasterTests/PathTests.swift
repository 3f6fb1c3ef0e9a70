import Geometry
@testable import Raster
import Testing

@Suite struct PathTests {
    @Test func roundedRectRadiusIsClampedToHalfTheShorterSide() {
        let rect = Rect(3, 4, 40, 10)
        #expect(Path(roundedRect: rect, cornerRadius: 100) == Path(roundedRect: rect, cornerRadius: 5))
        #expect(Path(roundedRect: rect, cornerRadius: 100) != Path(roundedRect: rect, cornerRadius: 4))
    }

    @Test func zeroRadiusRoundedRectIsARect() {
        let rect = Rect(0, 0, 8, 6)
        #expect(Path(roundedRect: rect, cornerRadius: 0) == Path(rect: rect))
        #expect(Path(rect: rect).verbs.allSatisfy { $0 != .cubic })
    }

    @Test func perCornerRadiiOnlyRoundTheirOwnCorners() {
        let path = Path(roundedRect: Rect(0, 0, 20, 20),
                        cornerRadii: CornerRadii(topLeft: 5, topRight: 0, bottomRight: 0, bottomLeft: 0))
        #expect(path.verbs.filter { $0 == .cubic }.count == 1)
        #expect(path.points.contains(Point(20, 0)))
        #expect(!path.points.contains(Point(0, 0)))
    }

    @Test func ellipseUsesKappaControlPoints() {
        let path = Path(ellipseIn: Rect(0, 0, 200, 100))
        #expect(path.points.first == Point(200, 50))
        #expect(path.points[1] == Point(200, 50 + 50 * 0.5522847498))
        #expect(path.bounds == Rect(0, 0, 200, 100))
    }

    @Test func transformedMapsEveryPoint() {
        let path = Path(rect: Rect(1, 1, 2, 2)).transformed(by: .scale(2, 3, about: Point(1, 1)))
        #expect(path.bounds == Rect(1, 1, 4, 6))
    }

    @Test func arcQuarterEndsOnTheCircle() {
        var path = Path()
        path.addArc(center: Point(10, 10), radius: 5, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
        let end = path.points.last!
        #expect(abs(end.x - 10) < 1e-12 && abs(end.y - 15) < 1e-12)
        #expect(path.verbs == [.move, .cubic])
    }

    @Test func fullArcCoversTheCircleArea() {
        var path = Path()
        path.addArc(center: Point(30, 30), radius: 20, startAngle: 1, endAngle: 1 + 2 * Double.pi, clockwise: false)
        path.close()
        #expect(isCircleArea(coveredArea(CoverageMask(path: path)), radius: 20))
    }

    @Test func segmentAfterCloseStartsFromTheSubpathStart() {
        var path = Path()
        path.move(to: Point(1, 1))
        path.line(to: Point(5, 1))
        path.close()
        path.line(to: Point(1, 9))
        #expect(path.verbs == [.move, .line, .close, .move, .line])
        #expect(path.points[2] == Point(1, 1))
    }
}
