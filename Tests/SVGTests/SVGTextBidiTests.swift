import Geometry
import Raster
@testable import SVG
import Testing

/// Right-to-left SVG text as Chromium lays it out: a `<text>` is a paragraph whose direction is
/// its `direction` (initially ltr, whatever its first letter), its pieces put in visual order
/// across faces (Hebrew and Arabic come from the bundled fallback faces, Latin from the default
/// face). Positions are checked by number, from the ink of each run drawn (one shape a run).
@Suite struct SVGTextBidiTests {
    /// The shapes a text element draws at font-size 40 from x = 100, left to right.
    private func shapes(_ attributes: String, _ content: String, fonts: FontSources = .bundledOnly) throws -> [Rect] {
        try paths(attributes, content, fonts: fonts).map(\.bounds).sorted { $0.minX < $1.minX }
    }

    /// The outline of each run a text element draws at font-size 40 from x = 100.
    private func paths(_ attributes: String, _ content: String, fonts: FontSources = .bundledOnly) throws -> [Path] {
        let text = "<svg width=\"900\" height=\"100\"><text x=\"100\" y=\"60\" font-size=\"40\" \(attributes)>\(content)</text></svg>"
        return try VectorImage.parse(text: text, name: "t.svg", fonts: fonts).shapes.map(\.path)
    }

    /// The ink box of everything a text element draws.
    private func ink(_ attributes: String, _ content: String, fonts: FontSources = .bundledOnly) throws -> Rect {
        let drawn = try shapes(attributes, content, fonts: fonts)
        let first = try #require(drawn.first)
        return drawn.dropFirst().reduce(first) { $0.union($1) }
    }

    @Test func aTextStartingInHebrewIsStillALeftToRightParagraph() throws {
        // Chromium: the period ends the left-to-right paragraph, at its right; the Hebrew words
        // keep their logical order left to right, with "abc" between them.
        let runs = try shapes("", "שלום abc עולם.")
        #expect(runs.count == 4)
        let period = try ink("", "."), shalom = try ink("", "שלום"), olam = try ink("", "עולם")
        #expect(abs(runs[3].width - period.width) < 1e-6 && abs(runs[3].height - period.height) < 1e-6)
        #expect(abs(runs[0].width - shalom.width) < 1e-6)
        #expect(abs(runs[2].width - olam.width) < 1e-6)
        // The first word starts the line where the text starts.
        #expect(abs(runs[0].minX - shalom.minX) < 1e-6)
    }

    @Test(.enabled(if: FontSourceTests.liberationInstalled))
    func anArabicPhraseFromAFallbackFaceReadsRightToLeftAcrossItsSpace() throws {
        // Liberation Sans has no Arabic: fontconfig's fallback face draws it, the space between
        // the words is Liberation's. The two faces' pieces are one right-to-left run, so بك
        // comes first from the left, as Chromium draws "abc مرحبا بك def".
        let system = try FontSources(system: true, folders: [])
        let runs = try shapes("font-family=\"Liberation Sans\"", "abc مرحبا بك def", fonts: system)
        #expect(runs.count == 4)
        let marhaba = try ink("font-family=\"Liberation Sans\"", "مرحبا", fonts: system)
        let bika = try ink("font-family=\"Liberation Sans\"", "بك", fonts: system)
        #expect(abs(runs[1].width - bika.width) < 1e-6)
        #expect(abs(runs[2].width - marhaba.width) < 1e-6)
        // Between them, the space's advance: the same gap as "مرحبا بك" laid on its own.
        let alone = try shapes("font-family=\"Liberation Sans\"", "مرحبا بك", fonts: system)
        #expect(alone.count == 2)
        #expect(abs((runs[2].minX - runs[1].maxX) - (alone[1].minX - alone[0].maxX)) < 1e-6)
    }

    @Test func rightToLeftTextIsAnchoredAtItsRightEndByStart() throws {
        // text-anchor start is the right end of rtl text, end its left end (SVG 2 §11.10.1).
        let start = try ink("", "abc"), end = try ink("text-anchor=\"end\"", "abc")
        #expect(try ink("direction=\"rtl\"", "abc") == end)
        #expect(try ink("direction=\"rtl\" text-anchor=\"end\"", "abc") == start)
        let middle = try ink("text-anchor=\"middle\"", "abc")
        #expect(try ink("style=\"direction: rtl; text-anchor: middle\"", "abc") == middle)
    }

    @Test func aRightToLeftParagraphPutsTheLatinWordOnTheLeftOfWhatFollows() throws {
        // "abc שלום." in an rtl paragraph: "abc" (level 2) comes first, so rightmost; the space,
        // the Hebrew word and the period (level 1) are one run on its left.
        let runs = try shapes("direction=\"rtl\"", "abc שלום.")
        #expect(runs.count == 2)
        #expect(abs(runs[1].width - (try ink("", "abc")).width) < 1e-6)
        // In an ltr paragraph the period (level 0) is a run of its own, right of the Hebrew.
        let ltr = try shapes("", "שלום.")
        #expect(ltr.count == 2)
        #expect(abs(ltr[1].width - (try ink("", ".")).width) < 1e-6)
        // plaintext finds the direction from the first strong letter: Hebrew, so rtl, one run.
        #expect(try shapes("unicode-bidi=\"plaintext\"", "שלום.").count == 1)
        #expect(try shapes("direction=\"rtl\"", "שלום.").count == 1)
    }

    @Test func bidiOverrideSetsEveryCharacterInTheDirection() throws {
        // Overridden to rtl, "abc" is drawn "cba"; overridden to ltr, the Hebrew letters keep
        // their logical order, unlike the same word drawn normally.
        let reversed = try paths("direction=\"rtl\" unicode-bidi=\"bidi-override\" text-anchor=\"end\"", "abc")
        let cba = try paths("", "cba")
        #expect(reversed.count == 1 && cba.count == 1)
        #expect(reversed.first?.bounds == cba.first?.bounds)
        #expect(reversed.first?.points != (try paths("", "abc")).first?.points)
        let ltr = try paths("unicode-bidi=\"bidi-override\"", "שלום"), normal = try paths("", "שלום")
        #expect(ltr.count == 1 && normal.count == 1)
        #expect(ltr.first?.points != normal.first?.points)
    }

    /// The fills of the runs a text element draws, left to right.
    private func fills(_ attributes: String, _ content: String) throws -> [Paint?] {
        let text = "<svg width=\"900\" height=\"100\"><text x=\"100\" y=\"60\" font-size=\"40\" \(attributes)>\(content)</text></svg>"
        return try VectorImage.parse(text: text, name: "t.svg").shapes.sorted { $0.path.bounds.minX < $1.path.bounds.minX }.map(\.fill)
    }

    @Test func theParagraphSpansTheTextsElements() throws {
        let red = try fills("fill=\"red\"", "a").first, blue = try fills("fill=\"blue\"", "a").first, black = try fills("", "a").first
        // Two Hebrew words in two tspans read right to left, then "abc", as Chromium draws them.
        #expect(try fills("", "<tspan fill=\"red\">שלום</tspan> <tspan fill=\"blue\">עולם</tspan> abc") == [blue, red, black])
        // In an rtl paragraph, "abc" comes first: rightmost.
        #expect(try fills("direction=\"rtl\"", "<tspan fill=\"red\">abc</tspan> <tspan fill=\"blue\">שלום</tspan>") == [blue, red])
        // A tspan's unicode-bidi: an rtl isolate-override of two Latin letters shows them right to left.
        let isolate = "a <tspan direction=\"rtl\" unicode-bidi=\"isolate-override\"><tspan fill=\"red\">b</tspan> <tspan fill=\"blue\">c</tspan></tspan> d"
        #expect(try fills("", isolate) == [black, blue, red, black])
        // Without it the letters keep their order.
        #expect(try fills("", "a <tspan direction=\"rtl\"><tspan fill=\"red\">b</tspan> <tspan fill=\"blue\">c</tspan></tspan> d")
                == [black, red, blue, black])
    }

    @Test func dxShiftsWhatFollowsInContentOrderThenTheChunkIsAnchored() throws {
        // As Chromium places them: the runs in visual order, each shifted by the dx before it in
        // content order, then the chunk moved so its left end is at x. A dx on the second Hebrew
        // word (the leftmost) moves it right, so the chunk moves back: the first word, on the
        // right, ends up 30 further left, over it. A dx on the first word moves both.
        let plain = try shapes("", "<tspan>שלום</tspan> <tspan>עולם</tspan>")
        let second = try shapes("", "<tspan>שלום</tspan> <tspan dx=\"30\">עולם</tspan>")
        #expect(plain.count == 2 && second.count == 2)
        #expect(abs(second[0].minX - plain[0].minX) < 1e-6)
        #expect(abs(second[1].minX - (plain[1].minX - 30)) < 1e-6)
        let first = try shapes("", "<tspan dx=\"30\">שלום</tspan> <tspan>עולם</tspan>")
        #expect(abs(first[0].minX - plain[0].minX - 30) < 1e-6 && abs(first[1].minX - plain[1].minX - 30) < 1e-6)
    }

    @Test func anInvalidDirectionIsIgnoredWithAWarning() throws {
        let image = try VectorImage.parse(text: "<svg><text direction=\"up\" unicode-bidi=\"sideways\">a</text></svg>", name: "t.svg")
        #expect(image.warnings.map(\.message) == ["warning: direction: invalid value 'up', ignored",
                                                  "warning: unicode-bidi: invalid value 'sideways', ignored"])
    }
}
