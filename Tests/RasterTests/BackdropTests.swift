import Geometry
import Raster
import Testing

/// A material's backdrop: what lies under a path blurred, saturated and tinted, nothing else touched.
@Suite struct BackdropTests {
    /// Black on the left half, white on the right, 200 × 100.
    private func edge() -> Canvas {
        let canvas = Canvas(width: 200, height: 100, background: .white)
        canvas.fill(rect: Rect(0, 0, 100, 100), color: .black)
        return canvas
    }

    /// A blur alone: no saturation change, a clear tint, and a dodge by black (which changes nothing).
    private let blurOnly = BackdropFilter(radius: 8, saturation: 1, tint: .clear, blend: .black, blendMode: .colorDodge)

    @Test func aSharpEdgeBehindIsBlurredIntoASteadyRamp() {
        let canvas = edge()
        canvas.drawBackdrop(under: Path(rect: Rect(50, 20, 100, 60)), transform: .identity, filter: blurOnly)
        let row = (50..<150).map { Int(canvas.pixmap[$0, 50].r) }
        // Dark to light without a jump: never darker to the right, no step above a tenth of the range.
        #expect(zip(row, row.dropFirst()).allSatisfy { $0 <= $1 && $1 - $0 <= 26 }, "\(row)")
        #expect(row[49] > 60 && row[50] < 195, "\(row[45...55])")
        // About 3σ from the edge the blur has nothing left to mix.
        #expect(row[0] <= 1 && row[99] >= 254)
    }

    @Test func pixelsOutsideThePathAreUntouched() {
        let before = edge().pixmap
        let canvas = edge()
        canvas.drawBackdrop(under: Path(roundedRect: Rect(50, 20, 100, 60), cornerRadius: 20), transform: .identity,
                            filter: blurOnly)
        for y in 0..<100 {
            for x in 0..<200 where x < 50 || x >= 150 || y < 20 || y >= 80 {
                #expect(canvas.pixmap[x, y] == before[x, y], "(\(x), \(y))")
            }
        }
        // The rounded corner keeps what was there (the blurred edge is well inside).
        #expect(canvas.pixmap[51, 21] == before[51, 21])
        #expect(canvas.pixmap[99, 50] != before[99, 50])
    }

    @Test func theTintAndBlendLayerComeAfterTheBlur() {
        let canvas = Canvas(width: 40, height: 40, background: Color(white: 0.5))
        let grey = BackdropFilter(radius: 4, saturation: 1.8, tint: Color(white: 1, alpha: 0.5), blend: Color(white: 0.2),
                                  blendMode: .colorDodge)
        canvas.drawBackdrop(under: Path(rect: Rect(0, 0, 40, 40)), transform: .identity, filter: grey)
        // 0.5 · 1 + 0.5 · 0.5 = 0.75, dodged by 0.2: 0.75 / 0.8 = 0.9375 (a grey stays grey when saturated).
        #expect(canvas.pixmap[20, 20] == (239, 239, 239, 255))
        let dark = Canvas(width: 40, height: 40, background: Color(white: 0.5))
        dark.drawBackdrop(under: Path(rect: Rect(0, 0, 40, 40)), transform: .identity,
                          filter: BackdropFilter(radius: 4, saturation: 1, tint: Color(white: 0, alpha: 0.5),
                                                 blend: Color(white: 0.6), blendMode: .overlay))
        // 0.25 overlaid with 0.6: 2 · 0.25 · 0.6 = 0.3.
        #expect(dark.pixmap[20, 20] == (77, 77, 77, 255))
    }

    @Test func aBackdropReachingPastTheCanvasRepeatsItsEdgesAndStaysInside() {
        let canvas = edge()
        canvas.drawBackdrop(under: Path(rect: Rect(-500, -500, 2000, 2000)), transform: .scale(1, 1), filter: blurOnly)
        // The left column stays black: beyond the edge lies more of the edge, not transparency.
        #expect(canvas.pixmap[0, 0] == (0, 0, 0, 255) && canvas.pixmap[199, 99] == (255, 255, 255, 255))
        #expect(canvas.pixmap.width == 200 && canvas.pixmap.height == 100)
    }

    @Test func theRadiusScalesWithTheTransform() {
        let small = edge(), large = edge()
        small.drawBackdrop(under: Path(rect: Rect(50, 20, 100, 60)), transform: .identity, filter: blurOnly)
        var half = blurOnly
        half.radius = 4
        large.drawBackdrop(under: Path(rect: Rect(25, 10, 50, 30)), transform: .scale(2, 2), filter: half)
        #expect(small.pixmap == large.pixmap)
    }
}
