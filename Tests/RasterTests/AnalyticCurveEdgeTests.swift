import Foundation
import Geometry
@testable import Raster
import Testing

/// Curves placed as Skia's analytic anti-aliasing places them (the svg command's edges).
@Suite struct AnalyticCurveEdgeTests {
    private func quadSteps(_ p0: Point, _ p1: Point, _ p2: Point) -> [(step: AnalyticStep, down: Bool)] {
        var steps: [(step: AnalyticStep, down: Bool)] = []
        analyticQuadSteps(p0, p1, p2) { steps.append(($0, $1)) }
        return steps
    }

    private func cubicSteps(_ p: [Point]) -> [(step: AnalyticStep, down: Bool)] {
        var steps: [(step: AnalyticStep, down: Bool)] = []
        analyticCubicSteps(p[0], p[1], p[2], p[3]) { steps.append(($0, $1)) }
        return steps
    }

    @Test func aSymmetricCubicsCurvaturePeaksAtItsMiddleAndIsChoppedThere() {
        // A bow symmetric about x = 10: one peak at t = 0.5, the others symmetric about it.
        let p = [Point(3, 15), Point(-3, 1), Point(23, 1), Point(17, 15)]
        let ts = cubicMaxCurvatures(p[0], p[1], p[2], p[3])
        #expect(ts.contains { abs($0 - 0.5) < 1e-9 })
        #expect(ts.allSatisfy { t in ts.contains { abs($0 - (1 - t)) < 1e-9 } })
        let pieces = cubicChopped(p[0], p[1], p[2], p[3], at: ts)
        #expect(pieces.count == ts.count + 1)
        #expect(pieces.first?.0 == p[0] && pieces.last?.3 == p[3])
    }

    @Test func aQuarterCircleOfRadius3Point5IsOneQuadraticOfFourStepsOnQuarterRows() {
        // Skia's conic-to-quadratics error for a quarter circle is 0.0607·r: within 0.25 px up to
        // r ≈ 4.1, so the quarter stays one quadratic whose control point is the corner.
        var quads: [(Point, Point, Point)] = []
        conicQuads(Point(13.5, 10), Point(13.5, 13.5), Point(10, 13.5), weight: 0.5.squareRoot()) { quads.append(($0, $1, $2)) }
        #expect(quads.count == 1)
        #expect(quads.first?.1 == Point(13.5, 13.5))
        let steps = quadSteps(Point(13.5, 10.3), Point(13.5, 13.8), Point(10, 13.8))
        #expect(steps.count == 4)
        #expect(steps.allSatisfy { $0.down && $0.step.y0 % (1 << 14) == 0 && $0.step.y1 % (1 << 14) == 0 })
        #expect(steps.first?.step.y0 == Int(10.25 * 65536) && steps.last?.step.y1 == Int(13.75 * 65536))
        for (a, b) in zip(steps, steps.dropFirst()) {
            #expect(a.step.y1 == b.step.y0 && a.step.x1 == b.step.x0)
        }
    }

    @Test func largerConicsAreHalvedUntilTheErrorIsAQuarterPixel() {
        func count(_ r: Double) -> Int {
            var n = 0
            conicQuads(Point(r, 0), Point(r, r), Point(0, r), weight: 0.5.squareRoot()) { _, _, _ in n += 1 }
            return n
        }
        #expect(count(4) == 1)
        #expect(count(10) == 2)
        #expect(count(40) == 4)
        #expect(count(1e9) == 32)
    }

    @Test func aCubicTurningTwiceInYIsCutIntoThreeMonotonicPieces() {
        var pieces: [[Point]] = []
        cubicPiecesMonotonicInY(Point(0, 0), Point(10, 30), Point(20, -20), Point(30, 10)) { pieces.append([$0, $1, $2, $3]) }
        #expect(pieces.count == 3)
        for p in pieces {
            let up = p[3].y >= p[0].y
            #expect(zip(p, p.dropFirst()).allSatisfy { up ? $0.y <= $1.y + 1e-12 : $0.y >= $1.y - 1e-12 })
        }
        #expect(pieces.first?.first == Point(0, 0) && pieces.last?.last == Point(30, 10))
    }

    @Test func aCubicRunningUpReportsItsStepsTopToBottomWindingUp() {
        let steps = cubicSteps([Point(2, 20.1), Point(2, 10), Point(12, 4), Point(20, 3.9)])
        #expect(!steps.isEmpty && steps.allSatisfy { !$0.down && $0.step.y0 < $0.step.y1 })
        #expect(steps.allSatisfy { $0.step.y0 % (1 << 14) == 0 && $0.step.y1 % (1 << 14) == 0 })
        // Top to bottom, from y 3.9 (snapped to 4) to 20.1 (snapped to 20).
        #expect(steps.first?.step.y0 == 4 << 16 && steps.last?.step.y1 == 20 << 16)
    }

    @Test func anArcCubicIsDrawnAsTheConicItStandsFor() throws {
        // A quarter circle of radius 10 around (0, 0), and a 120° arc: the conic's control point
        // is where the end tangents meet, its weight cos(θ/2).
        var quarter = Path()
        quarter.move(to: Point(10, 0))
        quarter.arcCubic(to: Point(0, 10), control1: Point(10, 10 * kappa), control2: Point(10 * kappa, 10))
        #expect(quarter.arcCubics == [1])
        let p = quarter.points
        let conic = try #require(arcConic(p[0], p[1], p[2], p[3]))
        #expect(abs(conic.control.x - 10) < 1e-6 && abs(conic.control.y - 10) < 1e-6)
        #expect(abs(conic.weight - 0.5.squareRoot()) < 1e-6)
        let theta = 2 * Double.pi / 3, arm = 4.0 / 3 * tan(theta / 4) * 10
        let end = Point(10 * cos(theta), 10 * sin(theta))
        let wide = try #require(arcConic(Point(10, 0), Point(10, arm), Point(end.x + arm * sin(theta), end.y - arm * cos(theta)), end))
        #expect(abs(wide.weight - 0.5) < 1e-9)
        #expect(abs(wide.control.x - 10) < 1e-9 && abs(wide.control.y - 10 * tan(theta / 2)) < 1e-9)
        // Straight "arcs" have no conic.
        #expect(arcConic(Point(0, 0), Point(0, 0), Point(0, 0), Point(0, 0)) == nil)
    }

    @Test func roundCapsAndJoinsOfAStrokeAreArcs() {
        // Skia draws round caps and joins with conics; the outline marks their cubics as arcs.
        var zigzag = Path()
        zigzag.move(to: Point(0, 0))
        zigzag.line(to: Point(10, 5))
        zigzag.line(to: Point(0, 10))
        #expect(zigzag.stroked(width: 2).arcCubics.isEmpty)
        #expect(zigzag.stroked(width: 2, cap: .round, join: .round).arcCubics.count >= 4)
    }

    @Test func anArcIsCutIntoEqualConicsOfAtMost120DegreesAsSkiaCutsIt() {
        // 300° of a circle of radius 10 around (20, 20), given as four conics of 75°: Skia's
        // arcTo draws it as three of 100°.
        let r = 10.0, c = Point(20, 20)
        func conic(_ a0: Double, _ a1: Double) -> Conic {
            let h = (a1 - a0) / 2, m = (a0 + a1) / 2
            return Conic(start: Point(c.x + r * cos(a0), c.y + r * sin(a0)),
                         control: Point(c.x + r * cos(m) / cos(h), c.y + r * sin(m) / cos(h)),
                         end: Point(c.x + r * cos(a1), c.y + r * sin(a1)), weight: cos(h))
        }
        let degree = Double.pi / 180
        let pieces = skiaArcConics((0..<4).map { conic(Double($0) * 75 * degree, Double($0 + 1) * 75 * degree) })
        #expect(pieces.count == 3)
        for (i, p) in pieces.enumerated() {
            let e = conic(Double(i) * 100 * degree, Double(i + 1) * 100 * degree)
            for (a, b) in [(p.start, e.start), (p.control, e.control), (p.end, e.end)] {
                #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
            }
            #expect(abs(p.weight - e.weight) < 1e-9)
        }
        // Half a circle stays two quarters.
        #expect(skiaArcConics([conic(0, 90 * degree), conic(90 * degree, 180 * degree)]).count == 2)
    }
}

/// Curves stroked as Skia's stroker strokes them (SkStroke), for the svg command.
@Suite struct QuadStrokeTests {
    private func quadratics(_ path: Path) -> [(Point, Point, Point)] {
        var result: [(Point, Point, Point)] = [], index = 0, current = Point.zero
        for verb in path.verbs {
            switch verb {
            case .move, .line: current = path.points[index]; index += 1
            case .quad:
                result.append((current, path.points[index], path.points[index + 1]))
                current = path.points[index + 1]; index += 2
            case .cubic: current = path.points[index + 2]; index += 3
            case .close: break
            }
        }
        return result
    }

    @Test func aStrokedCirclesSidesAreQuadraticsWithinAQuarterPixelOfItsOffsets() {
        // A circle of radius 4 stroked 2 wide: a quadratic through a quarter of a circle of
        // radius r strays 0.0607·r from it at its middle, so each quarter of the outer side
        // (r = 5: 0.30) is halved and each of the inner side (r = 3: 0.18) kept whole; at twice
        // the scale (an eighth of a unit) the inner quarters are halved too.
        let circle = Path(circleCenter: Point(0, 0), radius: 4)
        for (scale, outer, inner) in [(1.0, 8, 4), (2.0, 8, 8)] {
            let quads = quadratics(circle.strokedAsSkia(StrokeStyle(width: 2), scale: scale))
            let radii = quads.map { q in
                let mid = Point((q.0.x + 2 * q.1.x + q.2.x) / 4, (q.0.y + 2 * q.1.y + q.2.y) / 4)
                return (mid.x * mid.x + mid.y * mid.y).squareRoot()
            }
            #expect(radii.filter { abs($0 - 5) <= 0.25 / scale }.count == outer)
            #expect(radii.filter { abs($0 - 3) <= 0.25 / scale }.count == inner)
            #expect(quads.count == outer + inner)
        }
        // Flattened as a scene strokes it, the outline has no quadratics.
        #expect(quadratics(circle.stroked(width: 2)).isEmpty)
    }

    @Test func aQuarterArcsOffsetWithArmsAlongTheAxesIsNotSharpEvenAFewE7Off() {
        // A quarter of a flat ellipse (rx 15.08, ry 2.51) as an SVG arc is read here with its
        // control point 1.9e-7 off the vertical through its start: its outer offset is still
        // one quadratic, as Skia's, whose arc sits exactly on the axes, makes it.
        let exact = StrokeCurve.conic(Point(40.204443, 10.451922), Point(40.204443, 12.9646996),
                                      Point(25.127777, 12.9646996), 0.5.squareRoot())
        let read = StrokeCurve.conic(Point(40.204443, 10.451922), Point(40.20444318976496, 12.964699631627505),
                                     Point(25.127776999999902, 12.964699631627493), 0.7071067767364893)
        for curve in [exact, read] {
            #expect(offsetQuadratics(curve, radius: 1.16216, side: 1, tolerance: 0.25 / 1.645326).pieces.count == 1)
        }
    }

    @Test func aCubicsOffsetIsFittedFromItsInflectionOn() {
        // An S curve bends one way up to its inflection and the other way after: Skia fits each
        // part on its own, so one piece of each side ends beside the inflection.
        let s = StrokeCurve.cubic(Point(4, 30), Point(8, 2), Point(30, 40), Point(36, 8))
        let t = s.inflections
        #expect(t.count == 1)
        guard let (p, d) = s.pointAndTangent(t[0]) else { return }
        let n = Point(-d.y / (d.x * d.x + d.y * d.y).squareRoot(), d.x / (d.x * d.x + d.y * d.y).squareRoot())
        for side in [-1.0, 1.0] {
            let (start, pieces) = offsetQuadratics(s, radius: 1, side: side, tolerance: 0.25)
            #expect(abs(start.x - 4) < 1 && abs(start.y - 30) < 1)
            #expect(pieces.count >= 2)
            #expect(pieces.contains { abs($0.end.x - (p.x - side * n.x)) < 1e-9 && abs($0.end.y - (p.y - side * n.y)) < 1e-9 })
        }
    }
}

extension QuadStrokeTests {
    @Test func strokingAsSkiaEndsOnCuspsLoopsHugeScalesAndNonFiniteCurves() {
        // A cubic with a cusp at its middle (its derivative vanishes there: Skia gives up on the
        // side it was fitting), one with a loop, curves at a scale of 10^9 (a tolerance of
        // 2.5·10^-10 units) and one through a non-finite point: each outline is made, and the
        // finite ones hold only finite points.
        var cusp = Path()
        cusp.move(to: Point(0, 0))
        cusp.cubic(to: Point(10, 0), control1: Point(10, 10), control2: Point(0, 10))
        var loop = Path()
        loop.move(to: Point(0, 0))
        loop.cubic(to: Point(0, 10), control1: Point(30, 20), control2: Point(-20, 20))
        let circle = Path(circleCenter: Point(3, 3), radius: 2)
        for (path, scale) in [(cusp, 1.0), (loop, 1.0), (circle, 1e9), (loop, 1e9)] {
            let outline = path.strokedAsSkia(StrokeStyle(width: 3, cap: .round, join: .round), scale: scale)
            #expect(!outline.isEmpty)
            #expect(outline.points.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        }
        var broken = Path()
        broken.move(to: Point(0, 0))
        broken.quad(to: Point(10, 0), control: Point(.nan, 5))
        #expect(!broken.strokedAsSkia(StrokeStyle(width: 2), scale: 1).isEmpty)
    }
}
