import Geometry
@testable import Raster
import Testing

/// Property tests on generated geometry: whatever the coordinates (huge, tiny, NaN, infinite,
/// degenerate), drawing never crashes, stays inside the clip and keeps coverage physical.
@Suite struct RobustnessTests {
    /// SplitMix64, so the generated cases are the same on every run.
    private struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
        mutating func coordinate() -> Double {
            switch next() % 16 {
            case 0: return [Double.nan, .infinity, -.infinity, 1e300, -1e300, 1e-300][Int(next() % 6)]
            case 1: return (unit() - 0.5) * 1e7
            default: return unit() * 60 - 10
            }
        }
        mutating func point() -> Point { Point(coordinate(), coordinate()) }
    }

    private static func randomPath(_ g: inout Generator) -> Path {
        var path = Path()
        for _ in 0..<Int(g.next() % 12) {
            switch g.next() % 6 {
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
        var g = Generator(state: 20_240_611)
        for _ in 0..<300 {
            let path = RobustnessTests.randomPath(&g)
            let canvas = Canvas(width: 40, height: 30)
            canvas.clip(to: Rect(5, 4, 30, 20))
            let rule: FillRule = g.next() % 2 == 0 ? .nonZero : .evenOdd
            canvas.fill(path, color: .black, rule: rule, transform: .scale(g.unit() * 3, g.unit() * 3))
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
        var g = Generator(state: 7)
        for _ in 0..<200 {
            let path = RobustnessTests.randomPath(&g)
            let caps: [StrokeStyle.Cap] = [.butt, .round, .square], joins: [StrokeStyle.Join] = [.miter, .round, .bevel]
            let style = StrokeStyle(width: g.coordinate(), cap: caps[Int(g.next() % 3)], join: joins[Int(g.next() % 3)],
                                    miterLimit: g.unit() * 12)
            let canvas = Canvas(width: 24, height: 24)
            canvas.stroke(path, style: style, color: .black)
            #expect(canvas.pixmap.width == 24)
        }
    }

    @Test func randomImageTransformsStayWithinTheCanvas() {
        var g = Generator(state: 99)
        let image = patternImage(width: 5, height: 7)
        for _ in 0..<300 {
            let t = AffineTransform(a: g.coordinate() / 10, b: g.coordinate() / 10, c: g.coordinate() / 10,
                                    d: g.coordinate() / 10, tx: g.coordinate(), ty: g.coordinate())
            let canvas = Canvas(width: 20, height: 20)
            canvas.draw(image, transform: t, alpha: g.unit())
            #expect(canvas.pixmap.data.count == 1600)
        }
    }

    @Test func overlappingSameDirectionCoverageNeverExceedsOpaque() {
        var g = Generator(state: 3)
        for _ in 0..<100 {
            var path = Path()
            for _ in 0..<4 {
                path.append(Path(ellipseIn: Rect(g.unit() * 20, g.unit() * 20, g.unit() * 20 + 1, g.unit() * 20 + 1)))
            }
            let mask = CoverageMask(path: path)
            let bounds = mask.bounds
            #expect(coveredArea(mask) <= Double(bounds.width * bounds.height))
        }
    }
}
