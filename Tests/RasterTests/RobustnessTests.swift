import Geometry
import GoldenTesting
@testable import Raster
import Testing

/// Property tests on generated geometry: whatever the coordinates (huge, tiny, NaN, infinite,
/// degenerate), drawing never crashes, stays inside the clip and keeps coverage physical.
@Suite struct RobustnessTests {
    private static func randomPath(_ g: inout SeededGenerator) -> Path {
        var path = Path()
        for _ in 0..<g.below(12) {
            switch g.below(6) {
            case 0: path.move(to: g.point())
            case 1, 2: path.line(to: g.point())
            case 3: path.quad(to: g.point(), control: g.point())
            case 4: path.cubic(to: g.point(), control1: g.point(), control2: g.point())
            default: path.close()
            }
        }
        return path
    }

    @Test func randomPathsNeverEscapeTheClipOrOvershootCoverage() {
        var g = SeededGenerator(seed: 20_240_611)
        for _ in 0..<300 {
            let path = RobustnessTests.randomPath(&g)
            let canvas = Canvas(width: 40, height: 30)
            canvas.clip(to: Rect(5, 4, 30, 20))
            let rule: FillRule = g.below(2) == 0 ? .nonZero : .evenOdd
            canvas.fill(path, color: .black, rule: rule, transform: .scale(g.uniform(0...3), g.uniform(0...3)))
            for y in 0..<30 {
                for x in 0..<40 where !((5..<35).contains(x) && (4..<24).contains(y)) {
                    #expect(canvas.pixmap[x, y].a == 0)
                }
            }
            let mask = CoverageMask(path: path, transform: .identity, rule: rule,
                                    within: PixelRect(x0: -50, y0: -50, x1: 50, y1: 50), rasterizer: Rasterizer())
            #expect(mask.alphas.count == mask.bounds.width * mask.bounds.height)
        }
    }

    @Test func hugeMaskIsLimitedToItsExtent() {
        let mask = CoverageMask(path: Path(rect: Rect(-1e7, 2, 2e7, 1)))
        let limit = CoverageMask.extentLimit
        #expect(mask.bounds == PixelRect(x0: limit.x0, y0: 2, x1: limit.x1, y1: 3))
        #expect(mask[0, 2] == 255 && mask[limit.x0, 2] == 255 && mask[limit.x1 - 1, 2] == 255)
    }

    @Test func randomStrokesFillWithoutCrashing() {
        var g = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let path = RobustnessTests.randomPath(&g)
            let caps: [StrokeStyle.Cap] = [.butt, .round, .square], joins: [StrokeStyle.Join] = [.miter, .round, .bevel]
            let style = StrokeStyle(width: g.coordinate(), cap: caps[g.below(3)], join: joins[g.below(3)],
                                    miterLimit: g.uniform(0...12))
            let canvas = Canvas(width: 24, height: 24)
            canvas.stroke(path, style: style, color: .black)
            #expect(canvas.pixmap.width == 24)
        }
    }

    @Test func randomImageTransformsStayWithinTheCanvas() {
        var g = SeededGenerator(seed: 99)
        let image = patternImage(width: 5, height: 7)
        for _ in 0..<300 {
            let t = AffineTransform(a: g.coordinate() / 10, b: g.coordinate() / 10, c: g.coordinate() / 10,
                                    d: g.coordinate() / 10, tx: g.coordinate(), ty: g.coordinate())
            let canvas = Canvas(width: 20, height: 20)
            canvas.draw(image, transform: t, alpha: g.uniform(0...1))
            #expect(canvas.pixmap.data.count == 1600)
        }
    }

    @Test func overlappingSameDirectionCoverageNeverExceedsOpaque() {
        var g = SeededGenerator(seed: 3)
        for _ in 0..<100 {
            var path = Path()
            for _ in 0..<4 {
                path.append(Path(ellipseIn: Rect(g.uniform(0...20), g.uniform(0...20), g.uniform(1...21), g.uniform(1...21))))
            }
            let mask = CoverageMask(path: path)
            let bounds = mask.bounds
            #expect(coveredArea(mask) <= Double(bounds.width * bounds.height))
        }
    }
}

extension SeededGenerator {
    /// Mostly on-canvas numbers, sometimes huge, tiny, NaN or infinite.
    fileprivate mutating func coordinate() -> Double {
        switch below(16) {
        case 0: return [Double.nan, .infinity, -.infinity, 1e300, -1e300, 1e-300][below(6)]
        case 1: return uniform(-0.5...0.5) * 1e7
        default: return uniform(-10...50)
        }
    }

    fileprivate mutating func point() -> Point { Point(coordinate(), coordinate()) }
}
