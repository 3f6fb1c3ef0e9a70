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
}
