import Geometry
import Testing
@testable import Text

/// Lines of shaped text (other scripts, fallback faces, right to left) cut by the line break
/// mode in logical order, as UILabel cuts them.
@Suite struct TruncationTests {
    let system = Font.system(size: 17)
    let arabic = "مرحبا بكم في تطبيقنا الجديد للتسوق"

    private func oneLine(_ text: String, width: Double, mode: LineBreakMode) -> (full: TextLine, cut: TextLine) {
        let full = TextLine(text, font: system)
        let cut = LabelLayout(text: text, font: system, in: Rect(0, 0, width, 40), lineBreakMode: mode).line
        return (full, cut)
    }

    private var ellipsis: Int { system.typeface.glyph(for: "\u{2026}") }

    @Test func anArabicTailCutKeepsTheRightSideAndPutsTheEllipsisAtTheLeft() {
        let (full, cut) = oneLine(arabic, width: 120, mode: .byTruncatingTail)
        #expect(cut.width <= 120 && cut.width > 60)
        #expect(cut.glyphs.first?.glyph == ellipsis, "the logical end of a right-to-left line is its left")
        // The kept glyphs are the full line's rightmost ones, in the same order.
        let kept = cut.glyphIDs.dropFirst()
        #expect(Array(full.glyphIDs.suffix(kept.count)) == Array(kept))
    }

    @Test func anArabicHeadCutKeepsTheLeftSideAndPutsTheEllipsisAtTheRight() {
        let (full, cut) = oneLine(arabic, width: 120, mode: .byTruncatingHead)
        #expect(cut.width <= 120 && cut.glyphs.last?.glyph == ellipsis)
        let kept = cut.glyphIDs.dropLast()
        #expect(Array(full.glyphIDs.prefix(kept.count)) == Array(kept))
    }

    @Test func aMiddleCutKeepsBothEndsOfAChineseLine() {
        let text = "你好世界欢迎使用我们的新应用程序"
        let (full, cut) = oneLine(text, width: 110, mode: .byTruncatingMiddle)
        let at = cut.glyphIDs.firstIndex(of: ellipsis)
        #expect(cut.width <= 110)
        #expect(at != nil && at! > 0 && at! < cut.glyphs.count - 1)
        #expect(cut.glyphIDs.first == full.glyphIDs.first && cut.glyphIDs.last == full.glyphIDs.last)
        let fallback = try? FontLibrary.Face.droidSansFallbackCJK.typeface()
        #expect(cut.glyphs.filter { $0.glyph != ellipsis }.allSatisfy { $0.font.typeface === fallback }, "drawn in the face that shaped them")
    }

    @Test func aKoreanTailCutDrawsEverySyllableInItsOwnFace() throws {
        let (_, cut) = oneLine("한국어 사용자를 위한 새로운 쇼핑 앱", width: 110, mode: .byTruncatingTail)
        let hangul = try FontLibrary.Face.hangulGothic.typeface()
        #expect(cut.width <= 110 && cut.glyphs.last?.glyph == ellipsis)
        #expect(cut.glyphs.dropLast().allSatisfy { $0.font.typeface === hangul })
    }

    @Test func aLatinLineWithAFallbackFaceIsCutAtItsLogicalEnd() {
        let (full, cut) = oneLine("Hello 你好 world and more words", width: 90, mode: .byTruncatingTail)
        #expect(cut.width <= 90 && cut.glyphs.last?.glyph == ellipsis)
        #expect(Array(full.glyphIDs.prefix(cut.glyphs.count - 1)) == Array(cut.glyphIDs.dropLast()))
    }

    @Test func noRoomForTheEllipsisLeavesTheLineEmpty() {
        #expect(oneLine(arabic, width: 5, mode: .byTruncatingTail).cut.glyphs.isEmpty)
    }
}
