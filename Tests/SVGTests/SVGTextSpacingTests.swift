import Geometry
import Raster
@testable import SVG
import Testing

/// Where SVG text's spacing puts characters: `letter-spacing`, `word-spacing`, `textLength`
/// with `lengthAdjust`, synthesised small capitals, the `font` shorthand and the text's language.
/// Positions are checked by number on the bundled faces, from the ink of the drawn runs.
@Suite struct SVGTextSpacingTests {
    /// The shapes a text element draws (one per run), at font-size 40 from x = 100.
    private func shapes(_ attributes: String, _ content: String = "AAAA") throws -> [Shape] {
        let text = "<svg width=\"600\" height=\"100\"><text x=\"100\" y=\"60\" font-size=\"40\" \(attributes)>\(content)</text></svg>"
        return try VectorImage.parse(text: text, name: "t.svg").shapes
    }

    /// The ink box of everything a text element draws.
    private func ink(_ attributes: String, _ content: String = "AAAA") throws -> Rect {
        let drawn = try shapes(attributes, content)
        let first = try #require(drawn.first).path.bounds
        return drawn.dropFirst().reduce(first) { $0.union($1.path.bounds) }
    }

    @Test func letterSpacingIsAddedAfterEachCharacter() throws {
        let plain = try ink(""), spaced = try ink("letter-spacing=\"5\"")
        // Four characters: three gaps between their ink, the fourth's spacing trails.
        #expect(abs(spaced.width - plain.width - 15) < 1e-6)
        #expect(abs(spaced.minX - plain.minX) < 1e-6)
        // The trailing spacing counts in the advance: anchored at the end, the ink ends 5 earlier.
        let end = try ink("text-anchor=\"end\""), spacedEnd = try ink("text-anchor=\"end\" letter-spacing=\"5\"")
        #expect(abs(spacedEnd.maxX - (end.maxX - 5)) < 1e-6)
        // em is the element's font size; negative spacing pulls characters together.
        #expect(abs(try ink("letter-spacing=\"0.25em\"").width - plain.width - 30) < 1e-6)
        #expect(abs(try ink("style=\"letter-spacing: -2px\"").width - plain.width + 6) < 1e-6)
    }

    @Test func wordSpacingIsAddedAfterEachSpace() throws {
        let plain = try ink("", "A A A"), spaced = try ink("word-spacing=\"7\"", "A A A")
        #expect(abs(spaced.width - plain.width - 14) < 1e-6)
        // Both: letter-spacing after all five characters, word-spacing after the two spaces.
        let both = try ink("word-spacing=\"7\" letter-spacing=\"1\"", "A A A")
        #expect(abs(both.width - plain.width - 18) < 1e-6)
    }

    @Test func aPercentageSpacingIsOfTheFontSize() throws {
        // As Chromium: 10 % of font-size 40 after each of four characters, 50 % after the spaces.
        let plain = try ink(""), spaced = try ink("letter-spacing=\"10%\"")
        #expect(abs(spaced.width - plain.width - 12) < 1e-6)
        let words = try ink("style=\"word-spacing: 50%\"", "A A A"), plainWords = try ink("", "A A A")
        #expect(abs(words.width - plainWords.width - 40) < 1e-6)
    }

    @Test func spacingInheritsAndTspansSetTheirOwn() throws {
        // The tspan's characters take its spacing; the text's first character keeps the text's.
        let plain = try ink("", "A<tspan>AA</tspan>A")
        let nested = try ink("letter-spacing=\"2\"", "A<tspan letter-spacing=\"10\">AA</tspan>A")
        #expect(abs(nested.width - plain.width - (2 + 10 + 10)) < 1e-6)
    }

    @Test func invalidSpacingIsIgnoredWithAWarning() throws {
        let text = "<svg><text letter-spacing=\"10deg\" word-spacing=\"wide\">A A</text></svg>"
        let image = try VectorImage.parse(text: text, name: "t.svg")
        #expect(image.warnings.count == 2)
        #expect(image.warnings.allSatisfy { $0.message.contains("spacing: invalid value") })
        #expect(try ink("letter-spacing=\"normal\"") == (try ink("")))
    }

    @Test func textLengthSpreadsTheDifferenceBetweenCharacters() throws {
        // Spacing: the characters' advance extent becomes textLength, so the ink grows by the
        // difference of two lengths, the first character staying put.
        let short = try ink("textLength=\"200\""), long = try ink("textLength=\"300\"")
        #expect(abs(long.width - short.width - 100) < 1e-6)
        #expect(abs(long.minX - short.minX) < 1e-6)
        // Glyphs keep their size: each run's ink is as tall as without textLength.
        #expect(abs(long.height - (try ink("")).height) < 1e-6)
        // Anchored at the end, the extent ends at x: a longer textLength starts further left.
        let end200 = try ink("text-anchor=\"end\" textLength=\"200\""), end300 = try ink("text-anchor=\"end\" textLength=\"300\"")
        #expect(abs(end200.minX - end300.minX - 100) < 1e-6)
        #expect(abs(end200.maxX - end300.maxX) < 1e-6)
    }

    @Test func spacingAndGlyphsScalesCharactersAlongTheBaseline() throws {
        let narrow = try ink("textLength=\"150\" lengthAdjust=\"spacingAndGlyphs\"")
        let wide = try ink("textLength=\"300\" lengthAdjust=\"spacingAndGlyphs\"")
        #expect(abs(wide.width - 2 * narrow.width) < 1e-6)
        #expect(abs(wide.height - narrow.height) < 1e-6)
        // Scaled from the extent's start (x = 100): the ink's left edge moves by twice as much.
        #expect(abs((wide.minX - 100) - 2 * (narrow.minX - 100)) < 1e-6)
    }

    @Test func textLengthOnATspanMovesTheRestOfTheChunk() throws {
        let plain = try shapes("", "<tspan>AA</tspan>A")
        let adjusted = try shapes("", "<tspan textLength=\"200\">AA</tspan>A")
        #expect(plain.count == 2 && adjusted.count == 2)
        // The tspan's two characters now span 200; the third starts where that extent ends.
        let a = plain[0].path.bounds, b = adjusted[0].path.bounds
        let advance = (plain[1].path.bounds.minX - plain[0].path.bounds.minX) / 2
        let moved = adjusted[1].path.bounds.minX - plain[1].path.bounds.minX
        #expect(abs(a.minX - b.minX) < 1e-6)
        // Two characters, one gap: the second moves by the whole difference, and so does what
        // follows it (Chromium moves it by the shift after the last character, delta × n / (n − 1)).
        let delta = 200 - 2 * advance
        #expect(abs((b.width - a.width) - delta) < 1e-6)
        #expect(abs(moved - 2 * delta) < 1e-6)
    }

    @Test func nestedTextLengthsCountAnAdjustedTspanAsOneCharacter() throws {
        // The tspan is adjusted first; the text's own textLength then spreads its difference over
        // two places: after "A" and after the tspan as a whole.
        // With A's advance w: the tspan moves its second A by 100 − 2w and the last A by twice
        // that; the text then has 400 − (4w + 2(100 − 2w)) = 200 to spread in two steps of 100.
        let drawn = try shapes("textLength=\"400\"", "A<tspan textLength=\"100\">AA</tspan>A")
        #expect(drawn.count == 3)
        let pair = try shapes("", "A<tspan>A</tspan>")
        let w = pair[1].path.bounds.minX - pair[0].path.bounds.minX, glyph = pair[0].path.bounds
        let first = drawn[0].path.bounds, middle = drawn[1].path.bounds, last = drawn[2].path.bounds
        #expect(abs(first.minX - glyph.minX) < 1e-6)
        #expect(abs(middle.minX - first.minX - (w + 100)) < 1e-6)
        #expect(abs(middle.width - glyph.width - (200 - w)) < 1e-6)
        // The last A's advance ends 400 from the start.
        #expect(abs(last.minX - first.minX - (400 - w)) < 1e-6)
    }

    @Test func aSpaceBeforeAPositionedTspanStaysWithTheTextBeforeIt() throws {
        // The collapsed space is the text's character after "A", not the tspan's first: "B"
        // starts at the tspan's x, as in Chromium.
        let spaced = try shapes("", "A <tspan x=\"300\">B</tspan>"), joined = try shapes("", "A<tspan x=\"300\">B</tspan>")
        #expect(spaced.count == 2 && joined.count == 2)
        #expect(spaced[1].path == joined[1].path)
        // A space inside the tspan is its own first character, placed at its x.
        let inside = try shapes("", "A<tspan x=\"300\"> B</tspan>")
        #expect(try #require(inside.last).path.bounds.minX > joined[1].path.bounds.minX)
        // Unless white space before it began the collapsed space: it stays with the text before,
        // and the tspan's white space collapses into it.
        let after = try shapes("", "<tspan>A </tspan><tspan x=\"300\">   B</tspan>")
        #expect(try #require(after.last).path == joined[1].path)
    }

    @Test func aCollapsedSpaceTakesTheStyleOfTheElementItsWhiteSpaceBeganIn() throws {
        // "A " in a tspan at twice the size: the space is the tspan's, twice as wide as the
        // text's, so B starts that much further on (CSS keeps the first space of a sequence).
        let big = try shapes("", "<tspan font-size=\"80\">A </tspan>B"), small = try shapes("", "<tspan font-size=\"80\">A</tspan> B")
        let space = try ink("", "A A").width - (try ink("", "AA")).width
        #expect(space > 5)
        let shift = try #require(big.last).path.bounds.minX - (try #require(small.last)).path.bounds.minX
        #expect(abs(shift - space) < 1e-6)
    }

    @Test func anInvalidTextLengthIsIgnoredWithAWarning() throws {
        let text = "<svg><text textLength=\"-5\" lengthAdjust=\"squash\">AA</text></svg>"
        let image = try VectorImage.parse(text: text, name: "t.svg")
        #expect(image.warnings.map(\.message).sorted() == ["warning: lengthAdjust: invalid value 'squash', ignored",
                                                           "warning: textLength: invalid value '-5', ignored"])
    }

    @Test func smallCapsDrawLowerCaseLettersAsSmallerCapitals() throws {
        let drawn = try shapes("font-variant=\"small-caps\"", "aA")
        #expect(drawn.count == 2)
        let small = drawn[0].path.bounds, capital = drawn[1].path.bounds
        let plain = try shapes("", "A")[0].path.bounds
        // Blink's 0.7: the 'a' is an 'A' at 0.7 of the size.
        #expect(abs(small.height - 0.7 * plain.height) < 1e-6 && abs(small.width - 0.7 * plain.width) < 1e-6)
        #expect(abs(capital.height - plain.height) < 1e-6)
        // all-small-caps makes capitals small too; both runs merge into one of small 'A's.
        let all = try shapes("font-variant=\"all-small-caps\"", "aA")
        #expect(all.count == 1 && abs(all[0].path.bounds.height - 0.7 * plain.height) < 1e-6)
    }

    @Test func smallCapitalsAreRoundedToScreenPixels() throws {
        /// The size small capitals of `size` are drawn at, from their height against a capital's.
        func smallSize(_ size: Int, _ transform: String = "") throws -> Double {
            let text = "<svg><text font-size=\"\(size)\" font-variant=\"small-caps\" \(transform)>aA</text></svg>"
            let drawn = try VectorImage.parse(text: text, name: "t.svg").shapes
            return drawn[0].path.bounds.height / drawn[1].path.bounds.height * Double(size)
        }
        // As Chromium's widths show: 15 × 0.7 = 10.5 is drawn at 11, 23 × 0.7 = 16.1 at 16…
        #expect(abs(try smallSize(15) - 11) < 1e-9)
        #expect(abs(try smallSize(23) - 16) < 1e-9)
        // …rounded on the screen: twice as large there, 21 screen pixels, 10.5 in user units.
        #expect(abs(try smallSize(15, "transform=\"scale(2)\"") - 10.5) < 1e-9)
    }

    @Test func theFontShorthandSetsItsLonghandsAndResetsTheRest() throws {
        let fonts = FontFinder(svgName: "t.svg", sources: .bundledOnly)
        let parent = Style()
        func style(_ declarations: [(String, String)]) -> (Style, [String]) {
            var s = Style(), problems: [String] = []
            let lengths = LengthContext(viewport: Size(100, 100), style: parent, fonts: fonts)
            for (property, value) in declarations {
                if let problem = s.apply(Declaration(property: property, value: value, offset: 0), parent: parent, lengths: lengths) {
                    problems.append(problem)
                }
            }
            return (s, problems)
        }
        let (full, none) = style([("font", "italic small-caps bold condensed 30px/2 'Foo Bar', serif")])
        #expect(none.isEmpty)
        #expect(full.fontStyle == .italic && full.capitals == .small && full.fontWeight == 700 && full.fontSize == 30)
        #expect(full.fontFamily == "'Foo Bar', serif")
        // What the shorthand does not name goes back to its initial value.
        let (reset, _) = style([("font-weight", "bold"), ("font-style", "italic"), ("font", "2em / normal Arial")])
        #expect(reset.fontWeight == 400 && reset.fontStyle == .normal && reset.fontSize == 32 && reset.fontFamily == "Arial")
        #expect(style([("font", "normal normal 600 x-large serif")]).0.fontWeight == 600)
        // Invalid: no family, no size, a property twice, five words before the size, a system font.
        for value in ["bold 12px", "bold Arial", "bold bold 12px Arial", "normal normal normal normal normal 12px A", "caption",
                      "12px / Arial"] {
            let (s, problems) = style([("font-size", "20"), ("font", value)])
            #expect(problems == ["font: invalid value '\(value)', ignored"] && s.fontSize == 20)
        }
    }

    @Test func theFontShorthandIsReadFromCSSButNotAsAnAttribute() throws {
        let styled = try ink("style=\"font: 20px serif\"", "A"), attribute = try ink("font=\"20px serif\"", "A")
        let plain = try ink("", "A")
        #expect(abs(styled.height - plain.height / 2) < 1e-6)
        #expect(attribute == plain)
    }

    @Test func theLanguageIsTheShapingLanguage() throws {
        // Noto Sans Arabic draws Urdu digits in its own forms (its URD language system).
        func path(_ attributes: String) throws -> Path { try #require(try shapes(attributes, "۴۷").first).path }
        let persian = try path("xml:lang=\"fa\""), urdu = try path("xml:lang=\"ur\"")
        #expect(persian != urdu)
        #expect(try path("lang=\"ur\"") == urdu)
        // xml:lang wins over lang; the language is inherited from the root.
        #expect(try path("lang=\"fa\" xml:lang=\"ur\"") == urdu)
        let inherited = "<svg width=\"600\" height=\"100\" xml:lang=\"ur\"><text x=\"100\" y=\"60\" font-size=\"40\">۴۷</text></svg>"
        #expect(try VectorImage.parse(text: inherited, name: "t.svg").shapes.first?.path == urdu)
    }
}
