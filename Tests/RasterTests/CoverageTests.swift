import Geometry
@testable import Raster
import Testing

@Suite struct CoverageTests {
    @Test func halfCoveredPixelGetsHalfAlpha() {
        let vertical = CoverageMask(path: Path(rect: Rect(2, 2, 0.5, 1)))
        #expect(vertical.bounds == PixelRect(x0: 2, y0: 2, x1: 3, y1: 3))
        #expect((127...129).contains(vertical[2, 2]))
        let horizontal = CoverageMask(path: Path(rect: Rect(2, 2.5, 1, 0.5)))
        #expect((127...129).contains(horizontal[2, 2]))
        let diagonal = CoverageMask(path: { var p = Path(); p.move(to: Point(0, 0)); p.line(to: Point(1, 0)); p.line(to: Point(0, 1)); return p }())
        #expect((127...129).contains(diagonal[0, 0]))
    }

    @Test func integerRectIsSolidInsideAndEmptyOutside() {
        let canvas = Canvas(width: 12, height: 10)
        canvas.fill(Path(rect: Rect(2, 3, 6, 4)), color: .black)
        for y in 0..<10 {
            for x in 0..<12 {
                let inside = (2..<8).contains(x) && (3..<7).contains(y)
                #expect(canvas.pixmap[x, y].a == (inside ? 255 : 0))
            }
        }
    }

    @Test func circleCoverageSumsToItsArea() {
        for (radius, centre) in [(20.0, Point(25.3, 24.7)), (3.5, Point(5.5, 5.25)), (100, Point(101, 101))] {
            let area = coveredArea(CoverageMask(path: Path(circleCenter: centre, radius: radius)))
            #expect(isCircleArea(area, radius: radius), "radius \(radius): \(area)")
        }
    }

    @Test func fillsDoneInBandsOfRowsMatchTheWholeBox() {
        // A tangled loop of curves and a slanted star: edges cross many band boundaries, in
        // both directions, under both rules, and reach past the limit on every side.
        var loop = Path()
        loop.move(to: Point(40, 10))
        loop.cubic(to: Point(230, 180), control1: Point(300, -60), control2: Point(-50, 260))
        loop.cubic(to: Point(20, 150), control1: Point(150, 90), control2: Point(260, 20))
        loop.close()
        var star = Path()
        star.move(to: Point(120.3, -5.2))
        for point in [Point(185.6, 185.1), Point(14.4, 66.7), Point(229.1, 64.3), Point(52.8, 191.9)] {
            star.line(to: point)
        }
        star.close()
        let limit = PixelRect(x0: 5, y0: 3, x1: 225, y1: 190)
        for path in [loop, star] {
            for rule in [FillRule.nonZero, .evenOdd] {
                let whole = CoverageMask(path: path, transform: .identity, rule: rule, within: limit,
                                         rasterizer: Rasterizer(bandCells: .max))
                for bandCells in [1, 700, 5000, CellAccumulator.defaultBandCells] {
                    let banded = CoverageMask(path: path, transform: .identity, rule: rule, within: limit,
                                              rasterizer: Rasterizer(bandCells: bandCells))
                    #expect(banded == whole, "\(rule), \(bandCells) cells per band")
                }
            }
        }
    }

    @Test func canvasFillsAShapeOfManyBandsWhole() {
        // A circle whose box holds several bands of cells (1001 × 1001 > 2^17), as a full-screen
        // shape at 3x does, drawn on a canvas: every band, not only the first, must be swept.
        let circle = Path(circleCenter: Point(501, 501), radius: 500)
        let canvas = Canvas(width: 1002, height: 1002)
        canvas.fill(circle, color: .black)
        let whole = CoverageMask(path: circle, transform: .identity, rule: .nonZero,
                                 within: PixelRect(width: 1002, height: 1002), rasterizer: Rasterizer(bandCells: .max))
        #expect(whole.bounds.width * whole.bounds.height > CellAccumulator.defaultBandCells)
        var mismatched = 0
        for y in 0..<1002 {
            for x in 0..<1002 where canvas.pixmap[x, y].a != whole[x, y] { mismatched += 1 }
        }
        #expect(mismatched == 0)
    }

    @Test func fractionalRectCoverageMatchesItsArea() {
        let mask = CoverageMask(path: Path(rect: Rect(1.3, 2.7, 5.25, 3.1)))
        #expect(abs(coveredArea(mask) - 5.25 * 3.1) < 0.05)
    }

    @Test func nonZeroFillsNestedSameDirectionSquaresButEvenOddLeavesAHole() {
        var path = Path(rect: Rect(0, 0, 10, 10))
        path.append(Path(rect: Rect(3, 3, 4, 4)))
        let nonZero = CoverageMask(path: path, rule: .nonZero)
        let evenOdd = CoverageMask(path: path, rule: .evenOdd)
        #expect(nonZero[5, 5] == 255)
        #expect(evenOdd[5, 5] == 0)
        #expect(nonZero[1, 1] == 255 && evenOdd[1, 1] == 255)
    }

    @Test func oppositeDirectionInnerSquareIsAHoleUnderBothRules() {
        var path = Path(rect: Rect(0, 0, 10, 10))
        path.move(to: Point(3, 3))
        path.line(to: Point(3, 7))
        path.line(to: Point(7, 7))
        path.line(to: Point(7, 3))
        path.close()
        #expect(CoverageMask(path: path, rule: .nonZero)[5, 5] == 0)
        #expect(CoverageMask(path: path, rule: .evenOdd)[5, 5] == 0)
    }

    @Test func selfIntersectingStarDiffersByRule() {
        var star = Path()
        let points = [Point(50, 0), Point(79, 90), Point(2, 35), Point(98, 35), Point(21, 90)]
        star.move(to: points[0])
        for p in points.dropFirst() { star.line(to: p) }
        star.close()
        #expect(CoverageMask(path: star, rule: .nonZero)[50, 50] == 255)
        #expect(CoverageMask(path: star, rule: .evenOdd)[50, 50] == 0)
    }

    @Test func shapesCrossingTheCanvasEdgesStillFillInside() {
        let canvas = Canvas(width: 20, height: 20)
        canvas.fill(Path(ellipseIn: Rect(-30, -30, 100, 100)), color: .black)
        #expect(canvas.pixmap[0, 0].a == 255 && canvas.pixmap[19, 19].a == 255 && canvas.pixmap[19, 0].a == 255)
        let right = Canvas(width: 20, height: 20)
        right.fill(Path(rect: Rect(10.5, 5, 100, 10)), color: .black)
        #expect(right.pixmap[19, 8].a == 255 && right.pixmap[10, 8].a == 128 && right.pixmap[9, 8].a == 0)
    }

    @Test func maskAtSubPixelOffsetKeepsItsArea() {
        let glyph = Path(ellipseIn: Rect(0, 0, 7, 9))
        let plain = CoverageMask(path: glyph)
        let shifted = CoverageMask(path: glyph, transform: .translation(0.25, 0.5))
        #expect(abs(coveredArea(plain) - coveredArea(shifted)) < 0.05)
        #expect(plain != shifted)
        #expect(shifted.bounds == PixelRect(x0: 0, y0: 0, x1: 8, y1: 10))
    }

    @Test func maskDrawnAtAnIntegerOffsetMatchesFillingThePathThere() {
        let glyph = Path(ellipseIn: Rect(0.3, 0.6, 7, 9))
        let viaMask = Canvas(width: 30, height: 30, background: .white)
        viaMask.fill(CoverageMask(path: glyph), dx: 11, dy: 4, color: Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8))
        let direct = Canvas(width: 30, height: 30, background: .white)
        direct.fill(glyph, color: Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.8), transform: .translation(11, 4))
        #expect(viaMask.pixmap == direct.pixmap)
    }

    @Test func drawingIsDeterministic() {
        func render() -> Pixmap {
            let canvas = Canvas(width: 64, height: 64, background: .white)
            for i in 0..<20 {
                let d = Double(i)
                canvas.fill(Path(roundedRect: Rect(d * 2.3, d * 1.7, 20 + d, 15), cornerRadius: d / 2),
                            color: Color(red: d / 20, green: 0.5, blue: 1 - d / 20, alpha: 0.6))
            }
            return canvas.pixmap
        }
        #expect(render() == render())
    }

    @Test func emptyAndDegeneratePathsDrawNothing() {
        let canvas = Canvas(width: 8, height: 8)
        canvas.fill(Path(), color: .black)
        canvas.fill(Path(rect: Rect(1, 1, 5, 0)), color: .black)
        canvas.fill(Path(rect: Rect(1, 1, 5, 5)), color: .black, transform: .scale(0, 0))
        canvas.fill(Path(rect: Rect(1, 1, .nan, 5)), color: .black)
        canvas.fill(Path(rect: Rect(1, 1, 5, 5)), color: .black, transform: .translation(.infinity, 0))
        var spike = Path(rect: Rect(2, 2, 4, 4))
        spike.line(to: Point(.nan, 3))
        canvas.fill(spike, color: .black)
        #expect(canvas.pixmap == Pixmap(width: 8, height: 8))
    }
}
