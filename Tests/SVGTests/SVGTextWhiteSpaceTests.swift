import Geometry
import Raster
@testable import SVG
import Testing

/// White space in SVG text as Chromium keeps it: collapsed by default; with `xml:space="preserve"`
/// or CSS `white-space: pre` (`pre-wrap`, `break-spaces`) every space, tab and line break is a
/// space, none collapsed or trimmed; CSS `white-space` wins over `xml:space`. Checked by number
/// from the ink of what is drawn (bundled faces, font-size 40 from x = 100).
@Suite struct SVGTextWhiteSpaceTests {
    /// The ink box of everything a text element draws.
    private func ink(_ attributes: String, _ content: String) throws -> Rect {
        let text = "<svg width=\"900\" height=\"100\"><text x=\"100\" y=\"60\" font-size=\"40\" \(attributes)>\(content)</text></svg>"
        let drawn = try VectorImage.parse(text: text, name: "t.svg").shapes.map(\.path.bounds)
        let first = try #require(drawn.first)
        return drawn.dropFirst().reduce(first) { $0.union($1) }
    }

    private static let preserve = "xml:space=\"preserve\""

    @Test func preservedSpacesTabsAndLineBreaksAreEachASpace() throws {
        let a = try ink("", "a").minX
        let space = try ink(Self.preserve, " a").minX - a
        #expect(space > 5)
        #expect(abs(try ink(Self.preserve, "  a").minX - a - 2 * space) < 1e-6)
        #expect(abs(try ink(Self.preserve, "\t\na").minX - a - 2 * space) < 1e-6)
        // A CR LF pair is one line break.
        #expect(abs(try ink(Self.preserve, "\r\na").minX - a - space) < 1e-6)
        // Collapsed by default: white space at the start is dropped, a CR LF pair too.
        #expect(try ink("", "  \r\n\ta").minX == a)
        // Trailing spaces are kept: anchored at the end, the ink ends two spaces before x.
        let end = try ink("text-anchor=\"end\"", "a").maxX
        #expect(abs(try ink("text-anchor=\"end\" \(Self.preserve)", "a  ").maxX - (end - 2 * space)) < 1e-6)
    }

    @Test func xmlSpaceIsInheritedAndDefaultCollapsesAgain() throws {
        let preserved = try ink(Self.preserve, "a   b"), collapsed = try ink("", "a b")
        #expect(preserved.width > collapsed.width + 1)
        #expect(try ink("", "<tspan \(Self.preserve)>a   b</tspan>") == preserved)
        #expect(try ink(Self.preserve, "<tspan xml:space=\"default\">a   b</tspan>") == collapsed)
    }

    @Test func cssWhiteSpaceWinsOverXmlSpace() throws {
        let preserved = try ink(Self.preserve, "a   b"), collapsed = try ink("", "a b")
        for value in ["pre", "pre-wrap", "break-spaces"] {
            #expect(try ink("style=\"white-space: \(value)\"", "a   b") == preserved)
        }
        for value in ["normal", "nowrap", "pre-line"] {
            #expect(try ink("\(Self.preserve) style=\"white-space: \(value)\"", "a   b") == collapsed)
        }
        // CSS Text 4's longhand, as far as Chromium takes it.
        for value in ["preserve", "break-spaces"] {
            #expect(try ink("style=\"white-space-collapse: \(value)\"", "a   b") == preserved)
        }
        for value in ["collapse", "preserve-breaks"] {
            #expect(try ink("\(Self.preserve) style=\"white-space-collapse: \(value)\"", "a   b") == collapsed)
        }
        // Chromium ignores white-space written as an attribute.
        #expect(try ink("white-space=\"pre\"", "a   b") == collapsed)
    }

    @Test func anInvalidXmlSpaceIsIgnoredWithAWarning() throws {
        let image = try VectorImage.parse(text: "<svg><text xml:space=\"keep\">a</text></svg>", name: "t.svg")
        #expect(image.warnings.map(\.message) == ["warning: xml:space: invalid value 'keep', ignored"])
    }
}
