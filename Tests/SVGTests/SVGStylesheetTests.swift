import Foundation
import Geometry
import Raster
@testable import SVG
import Testing

/// `<?xml-stylesheet?>`: a CSS file beside the SVG applied before its `<style>`s, and files the
/// SVG may not read (outside its folder, through a link out of it, too large) left off with a
/// warning, as `<image>` files are.
@Suite struct SVGStylesheetTests {
    /// A new folder holding `files` (name: contents), and its path.
    private func folder(_ files: [String: String]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sheets-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path + "/inner", withIntermediateDirectories: true)
        for (name, contents) in files { try contents.write(toFile: path + "/" + name, atomically: true, encoding: .utf8) }
        return path
    }

    /// The SVG `inner/a.svg` of a new folder, with `prolog` before its root and a rect of class `box`.
    private func load(_ prolog: String, body: String = "", _ files: [String: String]) throws -> (VectorImage, String) {
        var files = files
        files["inner/a.svg"] = prolog + "<svg width=\"10\" height=\"10\">\(body)<rect class=\"box\" width=\"10\" height=\"10\"/></svg>"
        let path = try folder(files)
        return (try VectorImage.load(path: path + "/inner/a.svg"), path)
    }

    private let green = Paint.solid(Color(hex: "#00ff00")!), blue = Paint.solid(Color(hex: "#0000ff")!)

    @Test func aLinkedSheetBesideTheSVGApplies() throws {
        let (image, path) = try load(#"<?xml version="1.0"?><?xml-stylesheet href="s.css" type="text/css"?>"#,
                                     ["inner/s.css": ".box { fill: #00ff00 }"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(image.shapes.first?.fill == green && image.warnings.isEmpty)
    }

    @Test func linkedSheetsComeBeforeTheStyleElementsInDocumentOrder() throws {
        // Equal specificity: the later rule wins, and <style> is after both links.
        let (image, path) = try load("<?xml-stylesheet href='a.css'?>\n<?xml-stylesheet href=\"b.css\"?>",
                                     body: "<style>rect { fill: #0000ff }</style>",
                                     ["inner/a.css": "rect { fill: #ff0000; stroke: #00ff00 }", "inner/b.css": "rect { stroke: #0000ff }"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let shape = try #require(image.shapes.first)
        #expect(shape.fill == blue && shape.stroke?.paint == blue)
        // Specificity still counts: a linked class rule beats an inline type rule.
        let (classy, other) = try load("<?xml-stylesheet href='a.css'?>", body: "<style>rect { fill: #0000ff }</style>",
                                       ["inner/a.css": ".box { fill: #00ff00 }"])
        defer { try? FileManager.default.removeItem(atPath: other) }
        #expect(classy.shapes.first?.fill == green)
    }

    @Test func aSheetOutsideTheSVGsFolderIsNotRead() throws {
        let (image, path) = try load("<?xml-stylesheet href=\"../s.css\"?>", ["s.css": ".box { fill: #00ff00 }"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(image.shapes.first?.fill == .solid(.black))
        #expect(image.warnings.count == 1 && image.warnings[0].message.contains("lies outside"))
        #expect(image.warnings[0].message.contains("xml-stylesheet: ../s.css: lies outside"))
    }

    @Test func aLinkOutOfTheFolderIsResolvedBeforeTheCheck() throws {
        let path = try folder(["s.css": ".box { fill: #00ff00 }"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        try FileManager.default.createSymbolicLink(atPath: path + "/inner/s.css", withDestinationPath: path + "/s.css")
        try "<?xml-stylesheet href=\"s.css\"?><svg><rect class=\"box\" width=\"1\" height=\"1\"/></svg>"
            .write(toFile: path + "/inner/a.svg", atomically: true, encoding: .utf8)
        let image = try VectorImage.load(path: path + "/inner/a.svg")
        #expect(image.shapes.first?.fill == .solid(.black))
        #expect(image.warnings.count == 1 && image.warnings[0].message.contains("lies outside"))
    }

    @Test func sheetsThatCannotBeAppliedAreLeftOffWithAWarning() throws {
        let large = String(repeating: "/* padding */", count: VectorImageReader.largestStyleSheet / 13 + 1)
        let cases = [
            ("<?xml-stylesheet href=\"big.css\"?>", "style sheets over 1048576 bytes are not read"),
            ("<?xml-stylesheet href=\"none.css\"?>", "no such file"),
            ("<?xml-stylesheet href=\"s.css\" type=\"text/xsl\"?>", "type 'text/xsl' is not text/css"),
            ("<?xml-stylesheet href=\"s.css\" alternate=\"yes\"?>", "is an alternate style sheet"),
            ("<?xml-stylesheet type=\"text/css\"?>", "no href"),
            ("<?xml-stylesheet href=\"http://example.com/s.css\"?>", "is not a file beside the SVG"),
            ("<?xml-stylesheet href=\".\"?>", "is not a regular file"),
        ]
        for (prolog, problem) in cases {
            let (image, path) = try load(prolog, ["inner/big.css": large, "inner/s.css": ".box { fill: #00ff00 }"])
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(image.shapes.first?.fill == .solid(.black))
            #expect(image.warnings.map(\.message).contains { $0.contains("xml-stylesheet: ") && $0.contains(problem) }, "\(prolog)")
        }
    }

    @Test func onlyInstructionsBeforeTheRootLinkSheets() throws {
        let path = try folder(["inner/s.css": ".box { fill: #00ff00 }"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "<svg><?xml-stylesheet href=\"s.css\"?><rect class=\"box\" width=\"1\" height=\"1\"/></svg>"
            .write(toFile: path + "/inner/a.svg", atomically: true, encoding: .utf8)
        #expect(try VectorImage.load(path: path + "/inner/a.svg").shapes.first?.fill == .solid(.black))
    }

    @Test func pseudoAttributesAreQuotedPairs() {
        #expect(VectorImageReader.pseudoAttributes(#" href="a b.css"  type='text/css' href="second" "#)
                == ["href": "a b.css", "type": "text/css"])
        #expect(VectorImageReader.pseudoAttributes(#"href=a.css type="text/css""#).isEmpty)
    }
}
