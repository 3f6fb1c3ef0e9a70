import Geometry
import Testing
@testable import Text

/// Widths are HarfBuzz's advance sums (uharfbuzz 0.57, kern on, ligatures off) in font units × size / 1000.
@Suite struct LayoutTests {
    @Test func stringWidthsMatchHarfBuzzWithKerning() throws {
        let light = try FontLibrary.font(named: "Avenir-Light", size: 18)
        #expect(light.size(of: "Just a serious login error.") == Size(194.814, 24.552))
        let medium = try FontLibrary.font(named: "Avenir-Medium", size: 22)
        #expect(medium.size(of: "Log in").width == 2762 * 22 / 1000.0)
        let book = try FontLibrary.font(named: "Avenir-Book", size: 10)
        #expect(book.size(of: "Enter a Password").width == 78.46)
        #expect(book.size(of: "Register").width == 37.19)
    }

    @Test func kerningMovesTheSecondGlyph() throws {
        let font = try FontLibrary.font(named: "Avenir-Book", size: 1000)
        let line = TextLine("AV", font: font)
        #expect(line.glyphs.map(\.x) == [0, 674])
        #expect(line.width == 1363)
    }

    @Test func intrinsicSizeRoundsUpToDevicePixels() throws {
        let font = try FontLibrary.font(named: "Avenir-Light", size: 18)
        #expect(LabelLayout.intrinsicSize(of: "Just a serious login error.", font: font, scale: 2, language: nil) == Size(195, 25))
        #expect(LabelLayout.intrinsicSize(of: "Just a serious login error.", font: font, scale: 3, language: nil) == Size(195, 24.666666666666668))
        let exact = Font(try Fixtures.typeface("KernFixture"), size: 10)
        // 10.9 pt at 10× is 109.00000000000001 px in floating point: it must not round up to 109.1.
        #expect(LabelLayout.intrinsicSize(of: "T", font: exact, scale: 10, language: nil) == Size(5.5, 10.9))
    }

    @Test func alignmentPlacesTheLineInItsBounds() throws {
        let font = try FontLibrary.font(named: "Avenir-Medium", size: 22)
        let bounds = Rect(10, 20, 200, 40)
        let w = font.size(of: "Log in").width
        let left = LabelLayout(text: "Log in", font: font, in: bounds, alignment: .left)
        let center = LabelLayout(text: "Log in", font: font, in: bounds, alignment: .center)
        let right = LabelLayout(text: "Log in", font: font, in: bounds, alignment: .right)
        #expect(left.baselineOrigin.x == 10)
        #expect(center.baselineOrigin.x == 10 + (200 - w) / 2)
        #expect(right.baselineOrigin.x == 210 - w)
    }

    @Test func baselineSitsAscenderBelowTheVerticallyCentredLineBox() throws {
        let font = try FontLibrary.font(named: "Avenir-Light", size: 18)
        let layout = LabelLayout(text: "Email", font: font, in: Rect(0, 100, 300, 40))
        #expect(abs(layout.baselineOrigin.y - (100 + (40 - 24.552) / 2 + 18.198)) < 1e-12)
    }

    @Test func tooLongTextIsTruncatedWithAnEllipsisThatFits() throws {
        let font = try FontLibrary.font(named: "Avenir-Light", size: 18)
        let t = font.typeface
        let layout = LabelLayout(text: "Just a serious login error.", font: font, in: Rect(0, 0, 100, 30))
        #expect(layout.line.width <= 100)
        #expect(layout.line.glyphIDs.last == t.glyph(for: "…"))
        #expect(layout.line.glyphIDs == TextLine("Just a serio…", font: font).glyphIDs)
        let untouched = LabelLayout(text: "Email", font: font, in: Rect(0, 0, 100, 30))
        #expect(untouched.line.glyphIDs == TextLine("Email", font: font).glyphIDs)
    }

    @Test func truncationDropsSpacesBeforeTheEllipsis() throws {
        let font = try FontLibrary.font(named: "Avenir-Light", size: 18)
        let width = TextLine("Just a…", font: font).width
        let line = TextLine("Just a serious", font: font).truncated(toWidth: width + 2)
        #expect(line.glyphIDs == TextLine("Just a…", font: font).glyphIDs)
    }

    @Test func truncationWithoutAnEllipsisGlyphUsesThreePeriods() throws {
        let font = Font(try Fixtures.typeface("KernFixture"), size: 10)
        let line = TextLine("AVAVAV", font: font).truncated(toWidth: 15)
        let dot = Fixtures.Glyph.dot
        #expect(line.glyphIDs == [Fixtures.Glyph.A, dot, dot, dot])
    }

    @Test func secureEntryShowsOneBulletPerCharacter() throws {
        let font = try FontLibrary.font(named: "Avenir-Light", size: 18)
        let layout = LabelLayout(text: "pässwörd", font: font, in: Rect(0, 0, 300, 30), secure: true)
        #expect(layout.line.glyphIDs == Array(repeating: 872, count: 8))
    }
}
