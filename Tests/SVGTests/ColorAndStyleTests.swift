import Geometry
import Raster
import SVG
import Testing

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
        #expect(sizes[0] == Size(96, 96) && sizes[2] == Size(100, 50) && sizes[3] == Size(20, 10))
        #expect(abs(sizes[1].width - 37.795275590551185) < 1e-9 && sizes[1].height == 16)
    }
}
