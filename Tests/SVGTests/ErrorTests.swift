import SVG
import Testing

/// Malformed XML fails with `file:line:column: problem`, pointing at the offending character;
/// invalid values are ignored with `file:line:column: warning: …`, as the SVG spec asks.
@Suite struct ErrorTests {
    /// The error, or else the warnings one per line ("no error" when there are none).
    private func error(_ text: String) -> String {
        do {
            let image = try VectorImage.parse(text: text, name: "Assets/Owl/face.svg")
            return image.warnings.isEmpty ? "no error" : image.warnings.map(\.description).joined(separator: "\n")
        } catch {
            return "\(error)"
        }
    }

    @Test func pathDataErrorsPointIntoTheAttribute() {
        let text = """
        <svg viewBox="0 0 116 92">
          <path d="M1 2 C3 4"/>
        </svg>
        """
        #expect(error(text) == "Assets/Owl/face.svg:2:21: warning: path data: expected a number after 'C'; drawn up to there")
    }

    @Test(arguments: [
        ("<svg viewBox=\"0 0 1 1\"><g>\n</svg>", "2:3: </svg> does not close <g>"),
        ("<svg viewBox=\"0 0 1 1\">\n  <g>", "2:3: unclosed <g> element"),
        ("<svg viewBox=\"0 0 1 1\"><rect width=\"1\n", "1:36: unterminated value of attribute 'width'"),
        ("<svg viewBox=\"0 0 1 1\"><rect width=1/>", "1:36: expected a quoted value for attribute 'width'"),
        ("<svg viewBox=\"0 0 1 1\" viewBox=\"0 0 1 1\"/>", "1:33: duplicate attribute 'viewBox'"),
        ("<svg viewBox=\"0 0 1 1\"><!-- never ends", "1:24: unterminated comment"),
        ("<svg viewBox=\"0 0 1 1\"/><svg/>", "1:25: content after the root element"),
        ("<svg viewBox=\"0 0 1 1\"><path d=\"M0 0\" fill=\"&nbsp;\"/></svg>", "1:45: unknown entity '&nbsp;'"),
        ("", "1:1: the file has no root element"),
        ("<html/>", "1:1: the root element is <html>, not <svg>"),
        ("<svg/>", "no error"),
        ("<svg viewBox=\"0 0 0 1\"/>", "1:15: warning: viewBox: width and height must be positive, ignored"),
        ("<svg viewBox=\"0 0 1\"/>", "1:15: warning: viewBox: expected four numbers (min-x min-y width height), ignored"),
        ("<svg viewBox=\"0 0 1 1\" width=\"2furlongs\"/>", "1:31: warning: width: invalid value '2furlongs', ignored"),
        ("<svg width=\"0\" height=\"1\"/>", "1:13: warning: width: invalid value '0', ignored"),
    ])
    func markupAndRootErrors(text: String, expected: String) {
        #expect(error(text) == (expected == "no error" ? expected : "Assets/Owl/face.svg:" + expected))
    }

    @Test(arguments: [
        (##"<rect width="1" height="1" fill="#12"/>"##, "1:57: warning: fill: invalid value '#12', ignored"),
        (##"<rect width="1" height="1" fill="url(#g)"/>"##, "1:24: warning: paint: no element '#g' in this file"),
        (##"<rect width="1" height="1" style="fill:#000;stroke:bogus"/>"##, "1:75: warning: stroke: invalid value 'bogus', ignored"),
        (##"<rect width="1" height="1" stroke-width="-2"/>"##, "1:65: warning: stroke-width: invalid value '-2', ignored"),
        (##"<rect width="1" height="1" stroke-linecap="flat"/>"##, "1:67: warning: stroke-linecap: invalid value 'flat', ignored"),
        (##"<rect width="1" height="1" opacity="half"/>"##, "1:60: warning: opacity: invalid value 'half', ignored"),
        (##"<rect width="-1" height="1"/>"##, "1:37: warning: width: must not be negative, ignored"),
        (##"<circle r="x"/>"##, "1:35: warning: r: invalid length 'x', ignored"),
        (##"<polygon points="1 2 3"/>"##, "1:46: warning: points: expected pairs of numbers; drawn up to there"),
        (##"<g transform="rotate(1 2)"/>"##, "1:38: warning: transform: 'rotate' takes 1 or 3 numbers, not 2, ignored"),
        (##"<g transform="spin(3)"/>"##, "1:38: warning: transform: unknown function 'spin', ignored"),
        (##"<g transform="scale(2"/>"##, "1:45: warning: transform: expected a number or ')' in 'scale', ignored"),
        (##"<g transform="translate 2"/>"##, "1:48: warning: transform: expected '(' after 'translate', ignored"),
    ])
    func attributeErrors(body: String, expected: String) {
        #expect(error(#"<svg viewBox="0 0 1 1">"# + body + "</svg>") == "Assets/Owl/face.svg:" + expected)
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(error("<svg viewBox=\"0 0 1 1\"><!--é--><path d=\"M1 1 x\"/></svg>") == "Assets/Owl/face.svg:1:46: warning: path data: unexpected 'x'; drawn up to there")
    }

    @Test func unreadableFileNamesThePath() {
        #expect(throws: SVGError(file: "/no/such/file.svg", line: 0, column: 0, message: "cannot read the file")) {
            try VectorImage.load(path: "/no/such/file.svg")
        }
    }

    @Test func hostileFilesAreBoundedAndWarned() throws {
        // A use bomb: 10 levels of 4 uses each would be a million rects.
        var defs = #"<g id="a0"><rect width="1" height="1"/></g>"#
        for level in 1...10 { defs += "<g id=\"a\(level)\">" + String(repeating: "<use href=\"#a\(level - 1)\"/>", count: 4) + "</g>" }
        let bomb = try VectorImage.parse(text: "<svg viewBox=\"0 0 1 1\"><defs>\(defs)</defs><use href=\"#a10\"/></svg>", name: "b.svg")
        #expect(bomb.shapes.count < 100_000)
        #expect(bomb.warnings.contains { $0.message.contains("more than 100000 elements") })
        // Clip paths and masks that refer to themselves, and uses of their own ancestors.
        let cycles = try VectorImage.parse(text: #"""
            <svg viewBox="0 0 10 10"><clipPath id="c" clip-path="url(#c)"><rect width="5" height="5"/></clipPath>
            <mask id="m"><rect width="5" height="5" fill="white" mask="url(#m)"/></mask>
            <rect width="9" height="9" clip-path="url(#c)"/><rect width="9" height="9" mask="url(#m)"/>
            <g id="g"><use href="#g"/><rect width="1" height="1"/></g></svg>
            """#, name: "c.svg")
        #expect(cycles.warnings.filter { $0.message.contains("refers back to itself") || $0.message.contains("contains this <use>") }.count == 3)
        // A selector with many descendant combinators over deep nesting must not backtrack forever.
        let depth = 150
        let nested = String(repeating: "<g>", count: depth) + #"<rect width="1" height="1"/>"# + String(repeating: "</g>", count: depth)
        let selector = "q " + String(repeating: "g ", count: 20) + "rect"
        let deep = try VectorImage.parse(text: "<svg viewBox=\"0 0 1 1\"><style>\(selector) { fill: red }</style>\(nested)</svg>", name: "d.svg")
        #expect(deep.shapes.first?.fill == .solid(.black))
    }
}
