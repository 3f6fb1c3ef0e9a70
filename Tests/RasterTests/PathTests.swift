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

    @Test func rectPathsAreRecognisedForTheFastPath() {
        #expect(Path(rect: Rect(2, 3, 4, 5)).axisAlignedRect == Rect(2, 3, 4, 5))
        #expect(Path(rect: Rect(6, 8, -4, -5)).axisAlignedRect == Rect(2, 3, 4, 5))
        #expect(Path(roundedRect: Rect(2, 3, 4, 5), cornerRadius: 1).axisAlignedRect == nil)
        var skewed = Path()
        skewed.move(to: Point(0, 0))
        for p in [Point(4, 0), Point(5, 3), Point(0, 3), Point(0, 0)] { skewed.line(to: p) }
        #expect(skewed.axisAlignedRect == nil)
    }

    @Test func rectFastPathDrawsWhatRasterisingWould() {
        let fast = Canvas(width: 12, height: 12, background: .white)
        fast.fill(Path(rect: Rect(2, 3, 4, 5)), color: Color(red: 1, green: 0, blue: 0, alpha: 0.6), transform: .scale(2, 1))
        let slow = Canvas(width: 12, height: 12, background: .white)
        var path = Path(rect: Rect(2, 3, 4, 5))
        path.line(to: Point(2, 3))
        slow.fill(path, color: Color(red: 1, green: 0, blue: 0, alpha: 0.6), transform: .scale(2, 1))
        #expect(path.axisAlignedRect == nil)
        #expect(fast.pixmap == slow.pixmap)
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
