import Geometry
import Raster
@testable import SVG
import Testing

@Suite struct EllipticalArcTests {
    private func arc(_ to: Point, rx: Double, ry: Double, rotation: Double = 0, large: Bool, sweep: Bool) -> [CubicSegment] {
        EllipticalArc(from: Point(0, 0), to: to, radiusX: rx, radiusY: ry, rotationDegrees: rotation,
                      largeArc: large, sweep: sweep).cubics() ?? []
    }

    /// The middle of a cubic, where its error against the true arc is largest.
    private func midpoint(from p0: Point, _ s: CubicSegment) -> Point {
        (p0 + s.control1 * 3 + s.control2 * 3 + s.end) * 0.125
    }

    @Test func endpointsAreExact() {
        for (large, sweep) in [(false, false), (false, true), (true, false), (true, true)] {
            let s = arc(Point(7.3, 1.1), rx: 5, ry: 3, rotation: 30, large: large, sweep: sweep)
            #expect(s.last?.end == Point(7.3, 1.1))
        }
    }

    @Test func flagsChooseAmongTheFourArcs() {
        // A circle of radius 10 through (0,0) and (10,10): centre (10,0) or (0,10).
        let to = Point(10, 10)
        let smallClockwise = arc(to, rx: 10, ry: 10, large: false, sweep: true)
        let smallCounter = arc(to, rx: 10, ry: 10, large: false, sweep: false)
        let largeClockwise = arc(to, rx: 10, ry: 10, large: true, sweep: true)
        let largeCounter = arc(to, rx: 10, ry: 10, large: true, sweep: false)
        #expect(smallClockwise.count == 1 && smallCounter.count == 1)
        #expect(largeClockwise.count == 3 && largeCounter.count == 3)
        // Sweep (clockwise on screen, y down) from (0,0) to (10,10) the short way bulges up-right, around (0,10).
        let m1 = midpoint(from: .zero, smallClockwise[0])
        #expect(abs(m1.x - 7.071) < 0.01 && abs(m1.y - 2.929) < 0.01)
        let m2 = midpoint(from: .zero, smallCounter[0])
        #expect(abs(m2.x - 2.929) < 0.01 && abs(m2.y - 7.071) < 0.01)
        // The large arcs go three quarters round the other centre.
        #expect(near(largeClockwise[0].end, Point(10, -10)) && near(largeClockwise[1].end, Point(20, 0)))
        #expect(near(largeCounter[0].end, Point(-10, 10)) && near(largeCounter[1].end, Point(0, 20)))
    }

    private func near(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func pointsLieOnTheEllipse() {
        // Centre (5, 0), rx 5, ry 2: from (0,0) to (10,0) over the top.
        let s = arc(Point(10, 0), rx: 5, ry: 2, large: false, sweep: true)
        var start = Point.zero
        for segment in s {
            for p in [segment.end, midpoint(from: start, segment)] {
                let v = ((p.x - 5) / 5) * ((p.x - 5) / 5) + (p.y / 2) * (p.y / 2)
                #expect(abs(v - 1) < 1e-3)
            }
            start = segment.end
        }
        #expect(s.allSatisfy { $0.end.y <= 1e-9 })
    }

    @Test func radiiTooSmallAreScaledUpToASemicircle() {
        let s = arc(Point(10, 0), rx: 1, ry: 1, large: false, sweep: true)
        #expect(s.count == 2)
        #expect(abs(s[0].end.x - 5) < 1e-9 && abs(s[0].end.y + 5) < 1e-9)
    }

    @Test func zeroRadiusIsAStraightLineAndCoincidentEndpointsAreNothing() {
        #expect(EllipticalArc(from: .zero, to: Point(3, 4), radiusX: 0, radiusY: 5, rotationDegrees: 0,
                              largeArc: false, sweep: false).cubics() == nil)
        #expect(EllipticalArc(from: Point(3, 4), to: Point(3, 4), radiusX: 2, radiusY: 5, rotationDegrees: 0,
                              largeArc: false, sweep: false).cubics() == [])
    }

    @Test func zeroRadiusArcInPathDataDrawsALine() throws {
        var expected = Path()
        expected.move(to: .zero)
        expected.line(to: Point(3, 4))
        #expect(try PathDataParser.parse("M0 0 A0 0 0 0 1 3 4") == expected)
    }
}
