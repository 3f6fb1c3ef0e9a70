import Geometry
import Raster
import Testing
@testable import Text

/// Bold text in a script the fallback faces draw (each one regular weight) is emboldened, as Core
/// Text emboldens a face without the weight asked for.
@Suite struct SyntheticBoldTests {
    /// The summed alpha of `line` drawn black at 2x.
    private func ink(_ line: TextLine) -> Int {
        let canvas = Canvas(width: 200, height: 60)
        canvas.draw(line, at: Point(4, 22), color: .black, transform: .scale(2, 2), cache: GlyphMaskCache())
        return stride(from: 3, to: canvas.pixmap.data.count, by: 4).reduce(0) { $0 + Int(canvas.pixmap.data[$1]) }
    }

    @Test func boldChineseArabicAndHebrewAreDrawnHeavierThanRegular() {
        for text in ["你好世界", "مرحبا", "שלום"] {
            let regular = TextLine(text, font: .system(size: 17))
            let bold = TextLine(text, font: .system(size: 17, weight: .bold))
            #expect(regular.glyphs.allSatisfy { $0.font.emboldening == 0 }, "\(text)")
            #expect(bold.glyphs.allSatisfy { $0.font.emboldening > 0 }, "\(text)")
            // Same glyphs at the same places: only the strokes grow (about 15% more ink).
            #expect(bold.glyphs.map(\.glyph) == regular.glyphs.map(\.glyph), "\(text)")
            #expect(Double(ink(bold)) > 1.1 * Double(ink(regular)), "\(text)")
        }
    }

    @Test func theLatinOfBoldTextKeepsItsOwnBoldFaceAndMediumTextIsNotEmboldened() {
        let bold = TextLine("Bold", font: .system(size: 17, weight: .bold))
        #expect(bold.glyphs.allSatisfy { $0.font.emboldening == 0 })
        let medium = TextLine("你好", font: .system(size: 17, weight: .medium))
        #expect(medium.glyphs.allSatisfy { $0.font.emboldening == 0 })
    }

    @Test func emboldeningGrowsTheOutlineByItsStrengthAndKeepsTheCounterOpen() throws {
        let face = try FontLibrary.Face.notoSansHebrew.typeface()
        // Samekh (ס) is a closed loop with a counter.
        let glyph = face.glyph(for: "ס")
        let regular = face.outline(of: glyph), bold = regular.emboldened(by: 40)
        // The bounds hold the control points, which move along their corners' bisectors, a little
        // further than the strength's half.
        #expect(abs((bold.bounds.width - regular.bounds.width) - 40) < 5)
        #expect(abs((bold.bounds.height - regular.bounds.height) - 40) < 5)
        // The middle of the counter stays empty, the ink around it grows.
        let centre = Point(regular.bounds.midX, regular.bounds.midY)
        let toPixels = AffineTransform(a: 0.1, b: 0, c: 0, d: -0.1, tx: -regular.bounds.minX * 0.1 + 4,
                                       ty: regular.bounds.maxY * 0.1 + 4)
        let mask = CoverageMask(path: bold, transform: toPixels)
        let c = toPixels.apply(centre)
        #expect(mask[Int(c.x), Int(c.y)] == 0) // bounded: a point inside a 100-pixel mask
        let plain = CoverageMask(path: regular, transform: toPixels)
        #expect(mask.alphas.reduce(0) { $0 + Int($1) } > plain.alphas.reduce(0) { $0 + Int($1) })
    }

    @Test func theWeightGapSetsTheStrength() throws {
        let face = try FontLibrary.Face.notoSansArabic.typeface()
        #expect(face.weightClass == 400)
        #expect(face.emboldening(toMatch: 500) == 0)
        #expect(face.emboldening(toMatch: 700) == Double(face.unitsPerEm) / 24)
        #expect(face.emboldening(toMatch: 600) == Double(face.unitsPerEm) / 24 * 2 / 3)
    }
}
