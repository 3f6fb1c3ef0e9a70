import Foundation
import Geometry
import Raster
import SVG
import Testing
import Text

/// CSS Color 3 values and the style cascade: presentation attributes, `<style>` rules by
/// specificity, `style` attributes and `!important`.
@Suite struct ColorAndStyleTests {
    private func fill(_ body: String, style: String = "") throws -> Paint? {
        let text = "<svg viewBox=\"0 0 1 1\"><style>\(style)</style>\(body)</svg>"
        return try VectorImage.parse(text: text, name: "t.svg").shapes.first?.fill
    }

    @Test(arguments: [
        ("red", Color(r255: 255, g: 0, b: 0)), ("CornflowerBlue", Color(r255: 100, g: 149, b: 237)),
        ("lightgoldenrodyellow", Color(r255: 250, g: 250, b: 210)), ("transparent", .clear),
        ("#f80", Color(r255: 255, g: 136, b: 0)), ("#f808", Color(r255: 255, g: 136, b: 0, alpha: 136.0 / 255)),
        ("#FF8800", Color(r255: 255, g: 136, b: 0)), ("#ff880080", Color(r255: 255, g: 136, b: 0, alpha: 128.0 / 255)),
        ("rgb(255, 136, 0)", Color(r255: 255, g: 136, b: 0)), ("rgb(100%, 50%, 0%)", Color(red: 1, green: 0.5, blue: 0)),
        ("rgba(0, 0, 255, 0.25)", Color(red: 0, green: 0, blue: 1, alpha: 0.25)), ("rgb(300, -5, 0)", Color(red: 1, green: 0, blue: 0)),
        ("rgb(0 0 255 / 50%)", Color(red: 0, green: 0, blue: 1, alpha: 0.5)),
        ("hsl(120, 100%, 25%)", Color(red: 0, green: 0.5, blue: 0)), ("hsla(0, 100%, 50%, 0.5)", Color(red: 1, green: 0, blue: 0, alpha: 0.5)),
    ])
    func cssColoursParse(text: String, expected: Color) {
        let color = Color(css: text)
        #expect(color != nil)
        if let color {
            #expect(abs(color.red - expected.red) < 1e-9 && abs(color.green - expected.green) < 1e-9)
            #expect(abs(color.blue - expected.blue) < 1e-9 && abs(color.alpha - expected.alpha) < 1e-9)
        }
    }

    @Test(arguments: ["#12", "#12345", "rgb(1, 2)", "hsl(10, 20, 30)", "reddish", "url(#x)", ""])
    func nonColoursAreRejected(text: String) {
        #expect(Color(css: text) == nil)
    }

    /// Hex colours are read byte by byte to the colour `Color(hex:)` makes of the same digits
    /// (a short form's digits doubled), and a non-ASCII digit is no digit.
    @Test func hexColoursAreTheColoursColorHexMakes() {
        let digits = Array("0123456789abcdefABCDEF")
        var state: UInt64 = 7
        for length in [3, 4, 6, 8] {
            for _ in 0..<200 {
                let text = String((0..<length).map { _ -> Character in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return digits[Int((state >> 33) % UInt64(digits.count))]
                })
                let long = length == 4 ? String(text.flatMap { [$0, $0] }) : text
                #expect(Color(css: "#" + text) == Color(hex: long), "#\(text)")
            }
        }
        #expect(Color(css: "#\u{FF11}23") == nil && Color(css: "#12g") == nil && Color(css: "#") == nil)
    }

    /// A gradient filling several shapes reads its stops once per viewport and still gives
    /// their warnings on each use, as reading them again did.
    @Test func aGradientUsedManyTimesWarnsAboutItsStopsOnEachUse() throws {
        let text = #"<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><linearGradient id="g"><stop offset="x" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient><rect width="10" height="10" fill="url(#g)"/><svg x="10" width="10" height="10" viewBox="0 0 5 5"><rect width="5" height="5" fill="url(#g)"/></svg><rect x="10" width="10" height="10" fill="url(#g)"/></svg>"#
        let image = try VectorImage.parse(text: text, name: "t.svg")
        #expect(image.warnings.filter { $0.message.contains("offset: invalid number 'x'") }.count == 3)
        let fills = image.shapes.compactMap(\.fill)
        #expect(fills.count == 3)
        guard case let .gradient(first)? = fills.first, case let .gradient(last)? = fills.last else { return }
        #expect(first.stops == last.stops && first.stops.count == 2)
    }

    @Test func currentColorAndInheritTakeTheRightValues() throws {
        #expect(try fill(#"<g color="blue"><rect width="1" height="1" fill="currentColor"/></g>"#) == .solid(Color(red: 0, green: 0, blue: 1)))
        #expect(try fill(#"<g fill="lime"><rect width="1" height="1" fill="inherit"/></g>"#) == .solid(Color(red: 0, green: 1, blue: 0)))
    }

    @Test func paintFallbacksApplyOnlyWhenTheServerIsMissing() throws {
        #expect(try fill(#"<rect width="1" height="1" fill="url(#nothing) red"/>"#) == .solid(Color(red: 1, green: 0, blue: 0)))
        #expect(try fill(#"<rect width="1" height="1" fill="url(#nothing)"/>"#) == nil)
        let gradient = try fill(#"<linearGradient id="g"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient><rect width="1" height="1" fill="url(#g) green"/>"#)
        guard case .gradient? = gradient else { Issue.record("expected the gradient, got \(String(describing: gradient))"); return }
    }

    @Test func theCascadeOrdersAttributesRulesStyleAndImportant() throws {
        let sheet = "rect { fill: red } .a { fill: green } #i { fill: blue } .b { fill: yellow !important }"
        let red = Paint.solid(Color(red: 1, green: 0, blue: 0)), green = Paint.solid(Color(r255: 0, g: 128, b: 0))
        let blue = Paint.solid(Color(red: 0, green: 0, blue: 1)), yellow = Paint.solid(Color(red: 1, green: 1, blue: 0))
        #expect(try fill(#"<rect width="1" height="1" fill="black"/>"#, style: sheet) == red)
        #expect(try fill(#"<rect width="1" height="1" class="a"/>"#, style: sheet) == green)
        #expect(try fill(#"<rect width="1" height="1" class="a" id="i"/>"#, style: sheet) == blue)
        #expect(try fill(#"<rect width="1" height="1" class="a" style="fill: red"/>"#, style: sheet) == red)
        #expect(try fill(#"<rect width="1" height="1" class="b" style="fill: red"/>"#, style: sheet) == yellow)
        #expect(try fill(#"<rect width="1" height="1" class="b" style="fill: blue !important"/>"#, style: sheet) == blue)
    }

    @Test func selectorsMatchAttributesAndCombinators() throws {
        let sheet = #"[data-x="1"] { fill: red } [data-y^="ab"] { fill: blue } g > rect { fill: lime } svg rect.deep { fill: yellow } p { fill: white }"#
        #expect(try fill(#"<rect width="1" height="1" data-x="1"/>"#, style: sheet) == .solid(Color(red: 1, green: 0, blue: 0)))
        #expect(try fill(#"<rect width="1" height="1" data-y="abc"/>"#, style: sheet) == .solid(Color(red: 0, green: 0, blue: 1)))
        #expect(try fill(#"<g><rect width="1" height="1"/></g>"#, style: sheet) == .solid(Color(red: 0, green: 1, blue: 0)))
        #expect(try fill(#"<a><rect width="1" height="1" class="deep"/></a>"#, style: sheet) == .solid(Color(red: 1, green: 1, blue: 0)))
        #expect(try fill(#"<a><rect width="1" height="1"/></a>"#, style: sheet) == .solid(.black))
    }

    @Test func lengthsConvertUnitsAndPercentages() throws {
        let image = try VectorImage.parse(text: #"""
            <svg width="200" height="100" viewBox="0 0 200 100">
              <rect width="1in" height="72pt"/><rect width="10mm" height="1pc"/><rect width="50%" height="50%"/>
              <rect width="2em" height="2ex" font-size="10"/>
            </svg>
            """#, name: "t.svg")
        let sizes = image.shapes.map { $0.path.bounds.size }
        #expect(sizes[0] == Size(96, 96) && sizes[2] == Size(100, 50) && sizes[3].width == 20)
        #expect(abs(sizes[1].width - 37.795275590551185) < 1e-9 && sizes[1].height == 16)
        // ex is the x-height of Nunito Sans Regular: OS/2 sxHeight 486 of 1000 units per em.
        #expect(abs(sizes[3].height - 2 * 10 * 0.486) < 1e-9)
    }

    /// `ex` is the x-height of the element's own font: the bundled face its weight picks, or a
    /// `.ttf` its `font-family` names beside the file; measured from its 'x' when that font
    /// declares none. In `font-size` it is the parent's.
    @Test func exIsTheXHeightOfTheFontInUse() throws {
        func height(_ rect: String, font: [UInt8]? = nil) throws -> Double {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ex-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            if let font { FileManager.default.createFile(atPath: folder + "/Beside.ttf", contents: Data(font)) }
            try "<svg width=\"100\" height=\"100\">\(rect)</svg>".write(toFile: folder + "/t.svg", atomically: true, encoding: .utf8)
            return try VectorImage.load(path: folder + "/t.svg").shapes[0].path.bounds.height
        }
        #expect(abs(try height(#"<rect width="1" height="10ex" font-size="10" font-weight="300"/>"#) - 48.5) < 1e-9)
        #expect(abs(try height(#"<rect width="1" height="10ex" font-size="10" font-weight="bold"/>"#) - 48.7) < 1e-9)
        #expect(abs(try height(#"<g font-size="10"><rect width="1" height="1em" font-size="10ex"/></g>"#) - 48.6) < 1e-9)
        // A font beside the file whose OS/2 sxHeight is 250 of 1000, then one with no version 2+ OS/2 table.
        var font = try [UInt8](Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../TextTests/Fixtures/KernFixture.ttf")))
        func u32(_ at: Int) -> Int { font[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let record = try #require((0..<Int(font[5])).map { 12 + $0 * 16 }.first { u32($0) == 0x4F53_2F32 })  // 'OS/2'
        let table = u32(record + 8)
        (font[table + 86], font[table + 87]) = (0, 250)
        let beside = #"<rect width="1" height="10ex" font-size="10" font-family="'Beside', serif"/>"#
        #expect(abs(try height(beside, font: font) - 25) < 1e-9)
        (font[table], font[table + 1]) = (0, 1)
        let face = try Typeface(bytes: font, name: "KernFixture")
        #expect(abs(try height(beside, font: font) - Double(face.xHeight) / Double(face.unitsPerEm) * 100) < 1e-9)
        #expect(abs(try height(beside) - 48.6) < 1e-9)
    }
}
