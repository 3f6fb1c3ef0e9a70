import SVG
import Testing

/// Malformed files fail with `file:line:column: problem`, pointing at the offending character.
@Suite struct ErrorTests {
    private func error(_ text: String) -> String {
        do {
            _ = try VectorImage.parse(text: text, name: "Assets/Owl/face.svg")
            return "no error"
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
        #expect(error(text) == "Assets/Owl/face.svg:2:21: path data: expected a number after 'C'")
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
        ("<svg/>", "1:1: <svg> needs a viewBox or both width and height"),
        ("<svg viewBox=\"0 0 0 1\"/>", "1:15: viewBox width and height must be positive"),
        ("<svg viewBox=\"0 0 1\"/>", "1:20: expected a number in viewBox (min-x min-y width height)"),
        ("<svg viewBox=\"0 0 1 1\" width=\"2em\"/>", "1:32: width: unexpected text after the number"),
        ("<svg width=\"0\" height=\"1\"/>", "1:13: width: must be positive"),
    ])
    func markupAndRootErrors(text: String, expected: String) {
        #expect(error(text) == "Assets/Owl/face.svg:" + expected)
    }

    @Test(arguments: [
        (##"<rect width="1" height="1" fill="#12"/>"##, "1:57: fill: unknown colour '#12' (use #rgb, #rrggbb, a colour name or none)"),
        (##"<rect width="1" height="1" fill="url(#g)"/>"##, "1:57: fill: unknown colour 'url(#g)' (use #rgb, #rrggbb, a colour name or none)"),
        (##"<rect width="1" height="1" style="fill:#000;stroke:bogus"/>"##, "1:75: stroke: unknown colour 'bogus' (use #rgb, #rrggbb, a colour name or none)"),
        (##"<rect width="1" height="1" stroke-width="-2"/>"##, "1:65: stroke-width: must not be negative"),
        (##"<rect width="1" height="1" stroke-linecap="flat"/>"##, "1:67: stroke-linecap: expected butt, round, square, not 'flat'"),
        (##"<rect width="1" height="1" opacity="half"/>"##, "1:60: opacity: expected a number"),
        (##"<rect width="-1" height="1"/>"##, "1:37: width: must not be negative"),
        (##"<circle r="x"/>"##, "1:35: r: expected a number"),
        (##"<polygon points="1 2 3"/>"##, "1:46: points: expected the y coordinate after 3.0"),
        (##"<g transform="rotate(1 2)"/>"##, "1:38: transform: 'rotate' takes 1 or 3 numbers, not 2"),
        (##"<g transform="spin(3)"/>"##, "1:38: transform: unknown function 'spin'"),
        (##"<g transform="scale(2"/>"##, "1:45: transform: expected a number or ')' in 'scale'"),
        (##"<g transform="translate 2"/>"##, "1:48: transform: expected '(' after 'translate'"),
    ])
    func attributeErrors(body: String, expected: String) {
        #expect(error(#"<svg viewBox="0 0 1 1">"# + body + "</svg>") == "Assets/Owl/face.svg:" + expected)
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(error("<svg viewBox=\"0 0 1 1\"><!--é--><path d=\"M1 1 x\"/></svg>") == "Assets/Owl/face.svg:1:46: path data: unexpected 'x'")
    }

    @Test func unreadableFileNamesThePath() {
        #expect(throws: SVGError(file: "/no/such/file.svg", line: 0, column: 0, message: "cannot read the file")) {
            try VectorImage.load(path: "/no/such/file.svg")
        }
    }
}
