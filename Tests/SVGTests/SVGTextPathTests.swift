import Foundation
import Geometry
import Raster
@testable import SVG
import Testing

/// Where `textPath` puts characters: each one's midpoint on the path at its distance along it,
/// turned to the tangent there, as Chromium lays text on a path. Checked by number against the
/// same glyphs drawn on a straight baseline (bundled faces, font-size 40).
@Suite struct SVGTextPathTests {
    /// What an SVG of `body` draws.
    private func image(_ body: String) throws -> VectorImage {
        try VectorImage.parse(text: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" height=\"600\">\(body)</svg>", name: "t.svg")
    }

    /// The outlines a `<text font-size="40">` with `content` draws, joined.
    private func outline(_ content: String, _ attributes: String = "", defs: String = "") throws -> Path {
        let shapes = try image("<defs>\(defs)</defs><text font-size=\"40\" \(attributes)>\(content)</text>").shapes
        var path = Path()
        for shape in shapes { path.append(shape.path) }
        return path
    }

    /// `a` and `b` have the same points within `tolerance`.
    private func same(_ a: Path, _ b: Path, within tolerance: Double) -> Bool {
        a.verbs == b.verbs && zip(a.points, b.points).allSatisfy { abs($0.x - $1.x) <= tolerance && abs($0.y - $1.y) <= tolerance }
    }

    private static let straight = "<path id=\"p\" d=\"M 0 100 L 400 100\"/>"

    @Test func onAStraightPathACharacterIsWhereTheBaselineWouldPutIt() throws {
        // startOffset is the distance along the path: a horizontal path is a baseline from its start.
        let onPath = try outline("<textPath href=\"#p\" startOffset=\"50\">AVA</textPath>", defs: Self.straight)
        #expect(!onPath.isEmpty)
        #expect(same(onPath, try outline("AVA", "x=\"50\" y=\"100\""), within: 1e-9))
        // The text's x is a distance along the path too; its y is not used there.
        #expect(same(try outline("<textPath href=\"#p\">AVA</textPath>", "x=\"50\" y=\"300\"", defs: Self.straight), onPath, within: 1e-9))
        // text-anchor aligns within the textPath, about the start offset (50 % of 400).
        let middle = try outline("<textPath href=\"#p\" startOffset=\"50%\">AVA</textPath>", "text-anchor=\"middle\"", defs: Self.straight)
        #expect(same(middle, try outline("AVA", "x=\"200\" y=\"100\" text-anchor=\"middle\""), within: 1e-9))
    }

    @Test func aSpaceEndingATextPathStaysOnThePath() throws {
        // As in Chromium, the text after the textPath starts at the path's end either way: the
        // collapsed space belongs to the textPath's text.
        let spaced = try outline("<textPath href=\"#p\">AV </textPath> A", defs: Self.straight)
        #expect(same(spaced, try outline("<textPath href=\"#p\">AV</textPath>A", defs: Self.straight), within: 1e-9))
    }

    @Test func aDxBeforeATextPathDoesNotMoveItsText() throws {
        // Chromium lays a textPath's text from the path's start whatever dx came before ("ab"
        // moved by dx draws as "ab" set at that x); a dx on its own first character moves it
        // along the path as startOffset would.
        let drawn = { (attributes: String, offset: Int) throws -> Path in
            try self.outline("ab<textPath href=\"#p\" startOffset=\"\(offset)\">AVA</textPath>", "y=\"300\" \(attributes)",
                             defs: Self.straight)
        }
        #expect(same(try drawn("x=\"10\" dx=\"40\"", 0), try drawn("x=\"50\"", 0), within: 1e-9))
        #expect(same(try drawn("x=\"10\" dx=\"0 0 40\"", 0), try drawn("x=\"10\"", 40), within: 1e-9))
        #expect(!same(try drawn("x=\"10\"", 0), try drawn("x=\"10\"", 40), within: 1))
    }

    @Test func onACircleACharacterIsCentredOnItsPointAndTurnedToTheTangent() throws {
        // A circle of radius 100 about (200, 200), from (300, 200) clockwise on the screen.
        let circle = "<path id=\"c\" d=\"M 300 200 A 100 100 0 0 1 100 200 A 100 100 0 0 1 300 200\"/>"
        let glyph = try outline("I"), advance = try outline("II").bounds.width - glyph.bounds.width
        // The glyph's midpoint an eighth of the way round: 45° below the x axis, tangent at 135°.
        let offset = Double.pi * 100 / 4 - advance / 2
        let drawn = try outline("<textPath href=\"#c\" startOffset=\"\(offset)\">I</textPath>", defs: circle)
        let angle = Double.pi / 4
        let expected = glyph.transformed(by: AffineTransform.translation(-advance / 2, 0)
            .concatenating(.rotation(angle + .pi / 2))
            .concatenating(.translation(200 + 100 * cos(angle), 200 + 100 * sin(angle))))
        // Within the cubics' departure from the circle (0.03) and the flattened tangent's.
        #expect(same(drawn, expected, within: 0.05))
        // dy moves it across the path: down in the glyph's own turned frame (here, inwards).
        let moved = try outline("<textPath href=\"#c\" startOffset=\"\(offset)\"><tspan dy=\"10\">I</tspan></textPath>", defs: circle)
        let across = expected.transformed(by: .translation(-10 * sin(angle + .pi / 2), 10 * cos(angle + .pi / 2)))
        #expect(same(moved, across, within: 0.05))
    }

    @Test func charactersWhoseMidpointsFallOffThePathAreNotDrawn() throws {
        let glyph = try outline("I"), advance = try outline("II").bounds.width - glyph.bounds.width
        // A path 1.5 advances long, three I's from half an advance (and 1) before its start: the
        // first midpoint falls 1 before the start, the third half an advance past the end.
        let short = "<path id=\"p\" d=\"M 0 100 L \(advance * 1.5) 100\"/>"
        let drawn = try outline("<textPath href=\"#p\" startOffset=\"\(-advance / 2 - 1)\">III</textPath>", defs: short)
        #expect(same(drawn, glyph.transformed(by: .translation(advance / 2 - 1, 100)), within: 1e-9))
        #expect(try outline("<textPath href=\"#p\" startOffset=\"\(advance * 1.5)\">I</textPath>", defs: short).isEmpty)
    }

    @Test func startOffsetIsScaledByThePathsPathLengthButAPercentageIsNot() throws {
        let authored = "<path id=\"p\" d=\"M 0 100 L 400 100\" pathLength=\"100\"/>"
        let scaled = try outline("<textPath href=\"#p\" startOffset=\"10\">A</textPath>", defs: authored)
        #expect(same(scaled, try outline("A", "x=\"40\" y=\"100\""), within: 1e-9))
        let percent = try outline("<textPath href=\"#p\" startOffset=\"25%\">A</textPath>", defs: authored)
        #expect(same(percent, try outline("A", "x=\"100\" y=\"100\""), within: 1e-9))
    }

    @Test func thePathsTransformAndAnyXLinkPrefixApply() throws {
        // A path turned 90° about its start runs down the screen; characters turn with it.
        let turned = "<path id=\"p\" d=\"M 100 0 L 500 0\" transform=\"rotate(90 100 0)\"/>"
        let drawn = try outline("<textPath xl:href=\"#p\" xmlns:xl=\"http://www.w3.org/1999/xlink\">A</textPath>", defs: turned)
        let expected = try outline("A").transformed(by: AffineTransform.rotation(.pi / 2).concatenating(.translation(100, 0)))
        #expect(same(drawn, expected, within: 1e-9))
    }

    @Test func textAfterATextPathStartsWhereThePathEnds() throws {
        let path = "<path id=\"p\" d=\"M 0 100 L 100 300\"/>"
        let drawn = try image("<defs>\(path)</defs><text font-size=\"40\" x=\"7\" y=\"9\"><textPath href=\"#p\">A</textPath>B</text>").shapes
        #expect(drawn.count == 2)
        #expect(same(try #require(drawn.last).path, try outline("B", "x=\"100\" y=\"300\""), within: 1e-9))
    }

    @Test func aTextPathWithoutAPathDrawsNothingAndSaysWhy() throws {
        let circle = try image("<defs><circle id=\"c\" r=\"50\"/></defs><text><textPath href=\"#c\">A</textPath> B</text>")
        #expect(circle.shapes.count == 1)
        #expect(circle.warnings.map(\.message) == ["warning: textPath: <circle> is not a <path>; its text is not drawn"])
        let none = try image("<text><textPath>A</textPath><textPath href=\"#nothing\">B</textPath></text>")
        #expect(none.shapes.isEmpty)
        #expect(none.warnings.map(\.message) == ["warning: textPath: no href; its text is not drawn",
                                                 "warning: textPath: no element '#nothing' in this file, ignored"])
        let empty = try image("<defs><path id=\"p\" d=\"M 5 5\"/></defs><text><textPath href=\"#p\" startOffset=\"far\">A</textPath></text>")
        #expect(empty.shapes.isEmpty)
        #expect(empty.warnings.map(\.message) == ["warning: textPath: its path has no length; its text is not drawn"])
    }
}
