import CRasterKernels
import Geometry
@testable import Raster
import Testing

@Suite struct BlendTests {
    @Test func div255RoundsExactlyOverTheWholeProductRange() {
        for x in UInt32(0)...65025 {
            #expect(Blend.div255(x) == (2 * x + 255) / 510, "x = \(x)")
        }
    }

    @Test func laneDivisionMatchesScalarDivision() {
        for a in stride(from: UInt32(0), through: 255, by: 5) {
            for f in stride(from: UInt32(0), through: 255, by: 3) {
                let p = a | (255 - a) << 8 | (a / 2) << 16 | 255 << 24
                let scaled = Blend.scale(p, by: f)
                #expect(scaled & 0xFF == Blend.div255(a * f))
                #expect((scaled >> 8) & 0xFF == Blend.div255((255 - a) * f))
                #expect((scaled >> 16) & 0xFF == Blend.div255(a / 2 * f))
                #expect(scaled >> 24 == Blend.div255(255 * f))
            }
        }
    }

    @Test func halfTransparentRedOverWhite() {
        let canvas = Canvas(width: 1, height: 1, background: .white)
        canvas.fill(rect: Rect(0, 0, 1, 1), color: Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        // red: 128 + 255·127/255 = 255; green, blue: 255·127/255 = 127.
        #expect(canvas.pixmap.data == [255, 127, 127, 255])
    }

    @Test func translucentOverTranslucentStaysPremultiplied() {
        let canvas = Canvas(width: 1, height: 1, background: Color(red: 0, green: 0, blue: 1, alpha: 0.5))
        canvas.fill(rect: Rect(0, 0, 1, 1), color: Color(red: 0, green: 1, blue: 0, alpha: 0.5))
        let (r, g, b, a) = canvas.pixmap[0, 0]
        #expect(a == 128 + Blend.div255(128 * 127))
        #expect(g == 128 && r == 0 && b == Blend.div255(128 * 127))
        #expect(g <= a && b <= a)
    }

    @Test func opaqueSourceReplacesTheDestination() {
        let canvas = Canvas(width: 2, height: 1, background: Color(red: 0.3, green: 0.2, blue: 0.1, alpha: 0.7))
        canvas.fill(rect: Rect(0, 0, 2, 1), color: Color(r255: 10, g: 20, b: 30))
        #expect(canvas.pixmap.data == [10, 20, 30, 255, 10, 20, 30, 255])
    }

    @Test func globalAlphaScalesEveryDraw() {
        let canvas = Canvas(width: 1, height: 1)
        canvas.alpha = 0.5
        canvas.fill(rect: Rect(0, 0, 1, 1), color: .white)
        #expect(canvas.pixmap.data == [128, 128, 128, 128])
    }

    @Test func premultipliedColourRoundsEachChannel() {
        let p = Blend.premultiplied(Color(r255: 200, g: 100, b: 3, alpha: 0.5), alpha: 1)
        #expect(p == Blend.div255(200 * 128) | Blend.div255(100 * 128) << 8 | Blend.div255(3 * 128) << 16 | 128 << 24)
    }

    /// Pixels and colours from a fixed linear congruential sequence, premultiplied so every
    /// channel is at most the alpha.
    private static func premultipliedWords(_ count: Int, seed: UInt64) -> [UInt32] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let a = UInt32(truncatingIfNeeded: state >> 56)
            let rgb = (0..<3).map { UInt32(truncatingIfNeeded: state >> (8 + 8 * $0)) & 0xFF * a / 255 }
            return rgb[0] | rgb[1] << 8 | rgb[2] << 16 | a << 24
        }
    }

    @Test func everySIMDWidthBlendsRunsLikeTheScalarCode() {
        let colours = Self.premultipliedWords(64, seed: 1) + [0xFF00_00FF, 0x8000_0080, 0x0100_0000]
        let pixels = Self.premultipliedWords(67, seed: 2)
        for level in 0...pr_raster_simd_level() {
            for (n, colour) in colours.enumerated() {
                let count = n % 67
                var out = pixels
                out.withUnsafeMutableBufferPointer { pr_source_over_span($0.baseAddress!, count, colour, level, 0) }
                let expected = pixels.indices.map { $0 < count ? Blend.sourceOver(colour, pixels[$0]) : pixels[$0] }
                #expect(out == expected, "level \(level), colour \(colour), \(count) pixels")
            }
        }
    }
}
