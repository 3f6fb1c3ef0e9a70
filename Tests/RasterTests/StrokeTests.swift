import Geometry
@testable import Raster
import Testing

@Suite struct StrokeTests {
    private func line(_ a: Point, _ b: Point) -> Path {
        var p = Path()
        p.move(to: a)
        p.line(to: b)
        return p
    }

    private func area(_ path: Path) -> Double { coveredArea(CoverageMask(path: path)) }

    @Test func buttCapStrokeIsTheSegmentsRectangle() {
        let outline = line(Point(2, 5), Point(12, 5)).stroked(width: 2)
        let mask = CoverageMask(path: outline)
        #expect(mask.bounds == PixelRect(x0: 2, y0: 4, x1: 12, y1: 6))
        #expect(mask.alphas.allSatisfy { $0 == 255 })
    }

    @Test func squareAndRoundCapsExtendTheEnds() {
        let segment = line(Point(10, 10), Point(30, 10))
        #expect(abs(area(segment.stroked(width: 4, cap: .butt)) - 80) < 0.01)
        #expect(abs(area(segment.stroked(width: 4, cap: .square)) - 96) < 0.01)
        #expect(isCircleArea(area(segment.stroked(width: 4, cap: .round)) - 80, radius: 2))
    }

    @Test func closedRectStrokeIsAFrameWithAHole() {
        let frame = CoverageMask(path: Path(rect: Rect(5, 5, 20, 10)).stroked(width: 2))
        #expect(frame[15, 10] == 0)
        #expect(frame[15, 4] == 255 && frame[15, 5] == 255 && frame[15, 6] == 0)
        #expect(abs(coveredArea(frame) - (22 * 12 - 18 * 8)) < 0.01)
    }

    @Test func aSubpathGoingThereAndBackIsStrokedOnceWithItsHalfTurnJoinAsAnEnd() {
        // M 3 1.5 L 3.62 1.5 Z, 1 wide: the pixel the line ends in is 62 % covered, not 124 %
        // (its two sides as two loops); miter and bevel ends are butt ends, round ones round.
        var there = line(Point(3, 1.5), Point(3.62, 1.5))
        let open = there
        there.close()
        for (join, cap) in [(StrokeStyle.Join.miter, StrokeStyle.Cap.butt), (.bevel, .butt), (.round, .round)] {
            let closed = CoverageMask(path: there.stroked(StrokeStyle(width: 1, cap: .square, join: join)))
            let reference = CoverageMask(path: open.stroked(StrokeStyle(width: 1, cap: cap, join: join)))
            #expect(closed.bounds == reference.bounds, "\(join)")
            #expect(closed.alphas.indices.first { closed.alphas[$0] != reference.alphas[$0] } == nil, "\(join)")
        }
        #expect(abs(Int(CoverageMask(path: there.stroked(width: 1))[3, 1]) - 158) <= 1)
        // Left open (M a L b L a), the start keeps its cap and b's end is the half-turn join.
        var back = open
        back.line(to: Point(3, 1.5))
        let backAndForth = CoverageMask(path: back.stroked(StrokeStyle(width: 1, cap: .square, join: .bevel)))
        var squareStart = Path()
        squareStart.move(to: Point(2.5, 1.5))
        squareStart.line(to: Point(3.62, 1.5))
        #expect(backAndForth.bounds == CoverageMask(path: squareStart.stroked(width: 1)).bounds)
        #expect(abs(Int(backAndForth[2, 1]) - 128) <= 1 && abs(Int(backAndForth[3, 1]) - 158) <= 1)
    }

    @Test func joinsDifferOnlyAtTheOuterCorner() {
        var corner = Path()
        corner.move(to: Point(5, 30))
        corner.line(to: Point(20, 10))
        corner.line(to: Point(35, 30))
        let miter = area(corner.stroked(width: 6, join: .miter))
        let round = area(corner.stroked(width: 6, join: .round))
        let bevel = area(corner.stroked(width: 6, join: .bevel))
        #expect(miter > round && round > bevel)
        // Past the miter limit a miter join falls back to a bevel.
        #expect(abs(area(corner.stroked(width: 6, join: .miter, miterLimit: 1)) - bevel) < 0.001)
    }

    @Test func circleStrokeIsAnAnnulus() {
        let ring = Path(circleCenter: Point(40, 40), radius: 30).stroked(width: 4)
        let exact = Double.pi * (32 * 32 - 28 * 28)
        #expect(abs(area(ring) - exact) / exact < 0.005)
        #expect(CoverageMask(path: ring)[40, 40] == 0)
    }

    @Test func strokeWiderThanItsCurveIsSolidInside() {
        for (radius, width) in [(1.5, 3.5), (5.0, 10.5), (2.0, 12.0)] {
            let disc = CoverageMask(path: Path(circleCenter: Point(20, 20), radius: radius).stroked(width: width))
            #expect(disc[19, 19] == 255 && disc[20, 20] == 255, "radius \(radius), width \(width)")
            #expect(isCircleArea(coveredArea(disc), radius: radius + width / 2))
        }
    }

    @Test func curvedOpenStrokeHasTheAreaOfItsLengthTimesWidth() {
        var arc = Path()
        arc.addArc(center: Point(50, 50), radius: 40, startAngle: 0, endAngle: Double.pi, clockwise: true)
        let exact = Double.pi * 40 * 3
        #expect(abs(area(arc.stroked(width: 3)) - exact) / exact < 0.005)
    }

    @Test func zeroLengthSubpathsDrawDotsOnlyWithRoundOrSquareCaps() {
        let dot = line(Point(10, 10), Point(10, 10))
        #expect(dot.stroked(width: 4, cap: .butt).isEmpty)
        #expect(isCircleArea(area(dot.stroked(width: 4, cap: .round)), radius: 2))
        #expect(abs(area(dot.stroked(width: 4, cap: .square)) - 16) < 0.001)
    }

    @Test func reversingPolylineStrokesWithoutGaps() {
        var zigzag = Path()
        zigzag.move(to: Point(5, 5))
        for i in 1...6 { zigzag.line(to: Point(5 + Double(i) * 6, i % 2 == 0 ? 5 : 25)) }
        let mask = CoverageMask(path: zigzag.stroked(width: 4, join: .round))
        // Every pixel whose centre is on the centreline lies wholly inside the stroke.
        for t in stride(from: 0.05, to: 1, by: 0.1) {
            for i in 0..<6 {
                let x = 5 + 6 * (Double(i) + (i % 2 == 0 ? t : 1 - t)), y = 5 + 20 * t
                #expect(mask[Int(x), Int(y)] == 255, "segment \(i) at \(t)")
            }
        }
    }

    @Test func canvasStrokeFlattensForTheDrawScale() {
        let canvas = Canvas(width: 120, height: 120)
        canvas.stroke(Path(circleCenter: Point(20, 20), radius: 15), style: StrokeStyle(width: 1),
                      color: .black, transform: .scale(3, 3))
        let exact = Double.pi * (46.5 * 46.5 - 43.5 * 43.5)
        #expect(abs(coveredArea(canvas.pixmap) - exact) / exact < 0.005)
    }
}
