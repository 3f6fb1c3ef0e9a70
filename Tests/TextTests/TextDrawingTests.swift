import Geometry
import Raster
import Testing
@testable import Text

@Suite struct TextDrawingTests {
    private func render(_ width: Int, _ height: Int, _ draw: (Canvas) -> Void) -> Pixmap {
        let canvas = Canvas(width: width, height: height)
        draw(canvas)
        return canvas.pixmap
    }

    /// The box of pixels with any alpha, as (x0, y0, x1, y1), or nil when nothing was drawn.
    private func inkBox(_ p: Pixmap) -> (Int, Int, Int, Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<p.height { for x in 0..<p.width where p[x, y].a != 0 {
            box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x + 1), max($0.3, y + 1)) } ?? (x, y, x + 1, y + 1)
        } }
        return box
    }

    @Test func drawingTwiceReusesCachedMasksAndGivesTheSamePixels() throws {
        let font = try FontLibrary.font(named: "Avenir-Light", size: 18)
        let line = TextLine("serious", font: font)
        let cache = GlyphMaskCache()
        let draw = { (c: Canvas) in c.draw(line, at: Point(2, 20), color: .black, transform: .scale(2, 2), cache: cache) }
        let first = render(160, 60, draw)
        let masks = cache.count
        #expect(masks == 7, "one mask per glyph and sub-pixel offset: 5 letters once, s at two offsets")
        #expect(render(160, 60, draw) == first)
        #expect(cache.count == masks)
    }

    @Test func aScaledLabelIsRedrawnAtTheSmallerSizeNotResampled() throws {
        // The error label springs from 0.5 to 1: at 0.5 it must be the text drawn at 9 pt, not
        // the 18 pt rendering shrunk.
        let big = try FontLibrary.font(named: "Avenir-Light", size: 18)
        let small = Font(big.typeface, size: 9)
        let cache = GlyphMaskCache()
        let scaled = render(200, 40) { c in
            c.draw(TextLine("error.", font: big), at: Point(0, 18), color: .black,
                   transform: AffineTransform.scale(0.5, 0.5).concatenating(.scale(2, 2)), cache: cache)
        }
        let direct = render(200, 40) { c in
            c.draw(TextLine("error.", font: small), at: Point(0, 9), color: .black, transform: .scale(2, 2), cache: cache)
        }
        #expect(scaled == direct)
        #expect(inkBox(scaled) != nil)
    }

    @Test func rotatedTextIsFilledThroughTheTransform() throws {
        let font = try FontLibrary.font(named: "Avenir-Medium", size: 22)
        let cache = GlyphMaskCache()
        let upright = render(200, 200) { c in
            c.draw(TextLine("Log in", font: font), at: Point(40, 100), color: .black, transform: .identity, cache: cache)
        }
        let turned = render(200, 200) { c in
            let quarter = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)  // 90° clockwise about the origin
            let about = AffineTransform.translation(-100, -100).concatenating(quarter).concatenating(.translation(100, 100))
            c.draw(TextLine("Log in", font: font), at: Point(40, 100), color: .black, transform: about, cache: cache)
        }
        let a = try #require(inkBox(upright)), b = try #require(inkBox(turned))
        #expect(a.2 - a.0 > a.3 - a.1, "upright text is wider than tall")
        #expect(b.3 - b.1 > b.2 - b.0, "turned text is taller than wide")
        #expect(abs((a.2 - a.0) - (b.3 - b.1)) <= 1)
        #expect(cache.count == 5, "only the upright line used the cache")
    }

    @Test func colourAndCoverageReachThePixels() throws {
        let font = try FontLibrary.font(named: "Avenir-Medium", size: 40)
        let red = Color(hex: "#E74C3C")!
        let p = render(60, 60) { c in c.draw(TextLine("I", font: font), at: Point(10, 50), color: red) }
        let stem = p[15, 30]
        #expect(stem.a == 255 && stem.r == 0xE7 && stem.g == 0x4C && stem.b == 0x3C, "inside the stem of I")
        #expect(p[40, 30].a == 0, "right of the I")
    }
}
