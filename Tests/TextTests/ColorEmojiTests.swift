import Codecs
import Foundation
import Geometry
import Raster
import Testing
@testable import Text

/// Emoji drawn in colour from the bundled Noto Color Emoji (CBDT/CBLC PNG bitmaps), the last
/// fallback face, as iOS draws them from Apple Color Emoji.
@Suite struct ColorEmojiTests {
    static let system = Font.system(size: 20, weight: .regular)

    static func emojiFace() throws -> Typeface { try FontLibrary.Face.notoColorEmoji.typeface() }

    /// The faces a line's glyphs are drawn with, by name.
    static func faces(_ line: TextLine) -> [String] { line.glyphs.map(\.font.typeface.name) }

    @Test func anEmojiInALabelComesFromTheEmojiFaceAndTheWordsAroundItDoNot() throws {
        let line = TextLine("Party 🎉 now", font: Self.system)
        let emoji = try Self.emojiFace()
        let drawnInColour = line.glyphs.filter { $0.font.typeface === emoji }
        #expect(drawnInColour.count == 1)
        #expect(drawnInColour.allSatisfy { emoji.hasColorBitmap($0.glyph) })
        // The spaces either side stay in the text's face, with its advances.
        #expect(line.glyphs.filter { $0.font.typeface === Self.system.typeface }.count == 10)
        // Noto Color Emoji's advance: 2550 of 2048 units per em.
        let emojiAdvance = TextLine("🎉", font: Self.system).width
        #expect(abs(emojiAdvance - 20 * 2550 / 2048) < 0.01)
    }

    @Test func sequencesBecomeOneGlyph() throws {
        let emoji = try Self.emojiFace()
        for sequence in ["👨\u{200D}👩\u{200D}👧", "🇫🇷", "👍🏽", "1\u{FE0F}\u{20E3}", "❤\u{FE0F}"] {
            let line = TextLine(sequence, font: Self.system)
            let inked = line.glyphs.filter { emoji.hasColorBitmap($0.glyph) }
            #expect(inked.count == 1, "\(sequence.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(line.glyphs.allSatisfy { $0.font.typeface === emoji })
        }
        // A digit without the emoji selector stays a digit of the text's face.
        #expect(TextLine("1", font: Self.system).glyphs.allSatisfy { $0.font.typeface === Self.system.typeface })
    }

    @Test func anEmojiIsDrawnInItsOwnColoursScaledToTheFontSize() throws {
        let line = TextLine("🎉", font: Self.system)
        let canvas = Canvas(width: 40, height: 40)
        canvas.draw(line, at: Point(5, 30), color: .black, transform: .identity)
        let p = canvas.pixmap
        var box: (Int, Int, Int, Int)?, coloured = 0
        for y in 0..<p.height { for x in 0..<p.width where p[x, y].a > 0 {
            box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x + 1), max($0.3, y + 1)) } ?? (x, y, x + 1, y + 1)
            if max(p[x, y].r, p[x, y].g, p[x, y].b) - min(p[x, y].r, p[x, y].g, p[x, y].b) > 64 { coloured += 1 }
        } }
        #expect(coloured > 50, "drawn in colour, not in the text's black")
        // The 64 ppem strike's 80 × 75 bitmap at 20 pt: 25 × 23.4 pt, its top 59/64 em above the baseline.
        let ink = try #require(box)
        #expect(ink.0 >= 5 && ink.2 <= 5 + 26, "\(ink)")
        #expect(ink.1 >= 30 - 19 && ink.3 <= 30 + 5, "\(ink)")
        #expect(line.inkBounds.map { abs($0.width - 25) < 0.01 && abs($0.minY + 20 * 59 / 64) < 0.01 } == true)
        // A faded colour fades the emoji too.
        let faded = Canvas(width: 40, height: 40)
        faded.draw(line, at: Point(5, 30), color: Color(white: 0, alpha: 0.5), transform: .identity)
        let halved = (0..<40).allSatisfy { y in (0..<40).allSatisfy { x in abs(Int(p[x, y].a) / 2 - Int(faded.pixmap[x, y].a)) <= 1 } }
        #expect(halved)
    }

    @Test func emojiDecodeWithinTheRendersPixelBudget() throws {
        // A budget too small for one 80 × 75 bitmap: the emoji is refused and nothing is drawn,
        // and the refusal is not remembered for a later render.
        let line = TextLine("🦊", font: Self.system)
        let starved = Canvas(width: 40, height: 40)
        DecodedPixelBudget.$current.withValue(DecodedPixelBudget(limit: 100)) {
            starved.draw(line, at: Point(5, 30), color: .black, transform: .identity)
        }
        #expect(starved.pixmap.data.allSatisfy { $0 == 0 })
        let budget = DecodedPixelBudget()
        let fed = Canvas(width: 40, height: 40)
        DecodedPixelBudget.$current.withValue(budget) {
            fed.draw(line, at: Point(5, 30), color: .black, transform: .identity)
        }
        #expect(budget.spent == 80 * 75)
        #expect(fed.pixmap.data.contains { $0 != 0 })
    }

    @Test func theColourBitmapTablesAreRead() throws {
        let fixture = try Fixtures.typeface("ColorBitmapFixture")
        let party = fixture.glyph(for: "🎉")
        #expect(fixture.hasColorBitmap(party))
        let strike = try #require(fixture.colorBitmaps)
        #expect(strike.pixelsPerEm == 64)
        let bitmap = try #require(strike.glyphs[party])
        #expect(bitmap.width == 80 && bitmap.height == 75 && bitmap.bearingX == 0 && bitmap.bearingY == 59)
        #expect(!fixture.hasColorBitmap(0))
    }

    /// The fixture's bytes with the 4 bytes at `offset` into table `tag` replaced.
    static func patched(_ tag: String, at offset: Int, _ value: UInt32) -> [UInt8] {
        var bytes = Fixtures.bytes("ColorBitmapFixture")
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        for i in 0..<tables {
            let record = 12 + i * 16
            guard String(decoding: bytes[record..<record + 4], as: UTF8.self) == tag else { continue }
            let start = (0..<4).reduce(0) { $0 << 8 | Int(bytes[record + 8 + $1]) }
            for k in 0..<4 { bytes[start + offset + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * k)) }
        }
        return bytes
    }

    @Test(arguments: [
        ("CBLC", 0, 0x0009_0000, "'CBLC' table: version 9; only 2 and 3 are read"),
        ("CBLC", 4, 0x7FFF_FFFF, "'CBLC' table: the 2147483647 bitmap size records"),
        ("CBLC", 8, 0x00FF_FFFF, "'CBLC' table: the index subtable array of"),
        ("CBDT", 4, 0x4B51_0000, "the image is not a 81×75 PNG, as its metrics say"),
    ])
    func malformedColourBitmapTablesAreErrorsNamingTheTable(tag: String, offset: Int, value: UInt32, message: String) {
        #expect {
            _ = try Typeface(bytes: Self.patched(tag, at: offset, value), name: "patched")
        } throws: { "\($0)".contains(message) }
    }
}
