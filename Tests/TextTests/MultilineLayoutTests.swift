import Geometry
import GoldenTesting
import Raster
import Testing
@testable import Text

/// Multi-line labels: wrapping, line separators, line limits, truncation modes, alignment and
/// intrinsic size, with the system font at 17 pt (lineHeight 20.287109375).
@Suite struct MultilineLayoutTests {
    private let font = Font.system(size: 17)

    private func texts(_ layout: LabelLayout) -> [[Int]] { layout.lines.map(\.line.glyphIDs) }
    private func ids(_ s: String) -> [Int] { TextLine(s, font: font).glyphIDs }

    @Test func wordWrappingTakesAsManyWordsAsFitAndHangsTheSpaces() {
        let width = TextLine("The quick brown", font: font).width + 1
        let layout = LabelLayout(text: "The quick brown fox jumps over", font: font, in: Rect(0, 0, width, 200),
                                 numberOfLines: 0, lineBreakMode: .byWordWrapping)
        #expect(texts(layout) == [ids("The quick brown"), ids("fox jumps over")])
        #expect(layout.lines.map(\.baselineOrigin.y) == [100 - font.lineHeight + font.ascender, 100 + font.ascender])
    }

    @Test func aWordWiderThanTheLineIsBrokenBetweenCharacters() {
        let width = TextLine("Supercali", font: font).width + 0.5
        let layout = LabelLayout(text: "Supercalifragilistic", font: font, in: Rect(0, 0, width, 100),
                                 numberOfLines: 0, lineBreakMode: .byWordWrapping)
        #expect(texts(layout).first == ids("Supercali"))
        #expect(texts(layout).flatMap { $0 } == ids("Supercalifragilistic"))
        #expect(layout.lines.allSatisfy { $0.line.width <= width })
    }

    @Test func charWrappingFillsEachLine() {
        let width = TextLine("The qui", font: font).width + 0.5
        let layout = LabelLayout(text: "The quick brown", font: font, in: Rect(0, 0, width, 100),
                                 numberOfLines: 0, lineBreakMode: .byCharWrapping)
        #expect(texts(layout).first == ids("The qui"))
    }

    @Test func lineSeparatorsStartNewParagraphs() {
        let layout = LabelLayout(text: "one\ntwo\r\nthree\u{2028}four\n", font: font, in: Rect(0, 0, 300, 200),
                                 numberOfLines: 0)
        #expect(texts(layout) == [ids("one"), ids("two"), ids("three"), ids("four")])
    }

    @Test func theLastLineShownIsTruncatedAtTheTailByDefault() {
        let width = TextLine("The quick brown", font: font).width + 1
        let layout = LabelLayout(text: "The quick brown fox jumps over the lazy dog", font: font,
                                 in: Rect(0, 0, width, 200), numberOfLines: 2)
        #expect(layout.lines.count == 2)
        #expect(layout.lines[1].line.glyphIDs.last == font.typeface.glyph(for: "…"))
        #expect(layout.lines[1].line.width <= width)
        let oneLine = LabelLayout(text: "first\nsecond", font: font, in: Rect(0, 0, 300, 40))
        #expect(texts(oneLine) == [ids("first…")], "hidden text after a separator shows an ellipsis")
    }

    @Test func headAndMiddleTruncationKeepTheEndAndBothEnds() {
        let text = "Alpha Bravo Charlie Delta Echo"
        let width = TextLine("…Charlie Delta Echo", font: font).width
        let head = LabelLayout(text: text, font: font, in: Rect(0, 0, width, 30), lineBreakMode: .byTruncatingHead)
        #expect(texts(head) == [ids("…Charlie Delta Echo")])
        let middle = LabelLayout(text: text, font: font, in: Rect(0, 0, width, 30), lineBreakMode: .byTruncatingMiddle)
        let shown = middle.lines[0].line
        #expect(shown.width <= width)
        #expect(shown.glyphIDs.first == ids("A")[0] && shown.glyphIDs.last == ids("o")[0])
        #expect(shown.glyphIDs.contains(font.typeface.glyph(for: "…")))
    }

    @Test func clippingKeepsTheWholeLastLineAndMarksItClipped() {
        let layout = LabelLayout(text: "The quick brown fox", font: font, in: Rect(0, 0, 60, 30), lineBreakMode: .byClipping)
        #expect(texts(layout) == [ids("The quick brown fox")])
        #expect(layout.lines[0].clipped)
    }

    @Test func linesAreLimitedToWhatTheBoundsHold() {
        let layout = LabelLayout(text: "a b c d e f", font: font, in: Rect(0, 0, 10, 45), numberOfLines: 0,
                                 lineBreakMode: .byWordWrapping)
        #expect(layout.lines.count == 2)
    }

    @Test func justifiedLinesFillTheWidthExceptEachParagraphsLast() {
        let width = TextLine("The quick brown", font: font).width + 20
        let layout = LabelLayout(text: "The quick brown fox jumps", font: font, in: Rect(0, 0, width, 200),
                                 alignment: .justified, numberOfLines: 0, lineBreakMode: .byWordWrapping)
        #expect(layout.lines[0].line.width == width)
        #expect(layout.lines[0].line.glyphs.last!.x > TextLine("The quick brown", font: font).glyphs.last!.x)
        #expect(layout.lines[1].line.width < width)
    }

    @Test func naturalAlignmentFollowsTheLayoutDirection() {
        let ltr = LabelLayout(text: "Hi", font: font, in: Rect(0, 0, 100, 30), alignment: .natural)
        let rtl = LabelLayout(text: "Hi", font: font, in: Rect(0, 0, 100, 30), alignment: .natural, rightToLeft: true)
        #expect(ltr.baselineOrigin.x == 0)
        #expect(rtl.baselineOrigin.x == 100 - TextLine("Hi", font: font).width)
    }

    @Test func intrinsicSizeFollowsTheWrappedLines() {
        let text = ShapedParagraphs("The quick brown fox jumps over the lazy dog", font: font)
        let one = LabelLayout.intrinsicSize(of: text, maxWidth: nil, numberOfLines: 0, lineBreakMode: .byWordWrapping, scale: 2)
        #expect(one.height == 20.5)
        let wrapped = LabelLayout.intrinsicSize(of: text, maxWidth: 120, numberOfLines: 0, lineBreakMode: .byWordWrapping, scale: 2)
        #expect(wrapped.width <= 120)
        #expect(wrapped.height == ((20.287109375 * 4 * 2).rounded(.up)) / 2)
        let limited = LabelLayout.intrinsicSize(of: text, maxWidth: 120, numberOfLines: 2, lineBreakMode: .byTruncatingTail, scale: 2)
        #expect(limited.height == 41)
        #expect(LabelLayout.intrinsicSize(of: ShapedParagraphs("", font: font), maxWidth: 100, numberOfLines: 0,
                                          lineBreakMode: .byWordWrapping, scale: 2) == Size(0, 20.5))
    }

    @Test func aLongLabelWrapsEveryWordExactlyOnce() {
        let words = (0..<3000).map { "w\($0 % 97)" }
        let text = words.joined(separator: " ")
        let layout = LabelLayout(text: text, font: font, in: Rect(0, 0, 320, 1e6), numberOfLines: 0,
                                 lineBreakMode: .byWordWrapping)
        let space = font.typeface.glyph(for: " ")
        let joined = layout.lines.map(\.line.glyphIDs).reduce([]) { $0.isEmpty ? $1 : $0 + [space] + $1 }
        #expect(joined == ids(text))
        #expect(layout.lines.allSatisfy { $0.line.width <= 320 })
    }

    /// Every line break mode and alignment; open Tests/Goldens/TextTests/multiline@2x.png to review.
    @Test func multilineSpecimen() throws {
        let text = "Multi-line labels wrap at words, keep\nline breaks, and truncate the last line they show."
        let cases: [(TextAlignment, LineBreakMode, Int)] = [
            (.left, .byWordWrapping, 0), (.center, .byWordWrapping, 0), (.right, .byCharWrapping, 0),
            (.justified, .byWordWrapping, 0), (.left, .byTruncatingTail, 2), (.left, .byTruncatingHead, 2),
            (.left, .byTruncatingMiddle, 2), (.left, .byClipping, 2),
        ]
        let boxHeight = 90.0, scale = 2.0, width = 200.0
        let canvas = Canvas(width: Int((width + 20) * scale), height: Int(boxHeight * Double(cases.count) * scale),
                            background: .white)
        let body = Font.preferred(.footnote)
        for (i, (alignment, mode, lines)) in cases.enumerated() {
            let box = Rect(10, Double(i) * boxHeight + 4, width, boxHeight - 8)
            canvas.fill(rect: box, color: Color(hex: "#EEF3FA")!, transform: .scale(scale, scale))
            let layout = LabelLayout(text: text, font: body, in: box, alignment: alignment, numberOfLines: lines,
                                     lineBreakMode: mode)
            for line in layout.lines {
                canvas.draw(line.line, at: line.baselineOrigin, color: .black, transform: .scale(scale, scale))
            }
        }
        try assertGolden(canvas.pixmap, named: "multiline@2x", suite: "TextTests")
    }
}
