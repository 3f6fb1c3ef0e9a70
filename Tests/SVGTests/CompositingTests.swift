import Geometry
import Raster
import SVG
import Testing

/// `mix-blend-mode` and `isolation` on elements, and `feBlend` in all sixteen modes.
@Suite struct CompositingTests {
    private func parse(_ body: String) throws -> VectorImage {
        try VectorImage.parse(text: "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 4 4\">\(body)</svg>", name: "t.svg")
    }

    private func groups(_ image: VectorImage) -> [VectorGroup] {
        image.root.children.compactMap { if case let .group(group) = $0 { return group } else { return nil } }
    }

    @Test func mixBlendModeFromCSSPutsTheElementInABlendedLayer() throws {
        let image = try parse(#"<rect width="2" height="2"/><rect width="4" height="4" style="mix-blend-mode: color-burn"/>"#)
        #expect(groups(image).map(\.blendMode) == [.colorBurn])
        // The image itself is isolated, so nothing blends with what it is drawn on.
        #expect(image.root.isolated)
    }

    @Test func mixBlendModeAndIsolationAsAttributesAreNotPresentationAttributes() throws {
        let image = try parse(#"<g isolation="isolate"><rect width="4" height="4" mix-blend-mode="multiply"/></g>"#)
        #expect(groups(image).isEmpty && !image.root.isolated && image.shapes.count == 1)
    }

    @Test func isolationMakesAGroupALayer() throws {
        let image = try parse(#"<g style="isolation: isolate"><rect width="2" height="2"/><rect width="4" height="4"/></g>"#)
        #expect(groups(image).map(\.isolated) == [true])
        #expect(image.warnings.isEmpty)
    }

    @Test func anUnknownModeIsIgnoredWithAWarning() throws {
        let image = try parse(#"<rect width="4" height="4" style="mix-blend-mode: plus-darker"/>"#)
        #expect(groups(image).isEmpty)
        #expect(image.warnings.map(\.message) == ["warning: mix-blend-mode: invalid value 'plus-darker', ignored"])
    }

    @Test func multiplyDarkensWhatIsUnderTheElementOnly() throws {
        let image = try parse(#"""
            <rect width="4" height="4" fill="#ff8000"/>
            <rect width="2" height="4" fill="#8080ff" style="mix-blend-mode: multiply"/>
            """#)
        let pixmap = image.rendered(width: 4, height: 4)
        #expect(pixmap[0, 0].r == 128 && pixmap[0, 0].g == 64 && pixmap[0, 0].b == 0)
        #expect(pixmap[3, 0].r == 255 && pixmap[3, 0].g == 128 && pixmap[3, 0].b == 0)
    }

    @Test(arguments: ["hue", "saturation", "color", "luminosity"])
    func feBlendTakesTheNonSeparableModes(mode: String) throws {
        let image = try parse(#"""
            <filter id="f" color-interpolation-filters="sRGB"><feFlood flood-color="#20c0a0" result="f"/><feBlend in="f" in2="SourceGraphic" mode="\#(mode)"/></filter>
            <rect width="4" height="4" fill="#c04020" filter="url(#f)"/>
            """#)
        #expect(image.warnings.isEmpty)
        let pixel = image.rendered(width: 4, height: 4)[2, 2]
        let expected = BlendMode(rawValue: mode)!.blended(backdrop: SIMD3(0xC0, 0x40, 0x20) / 255, source: SIMD3(0x20, 0xC0, 0xA0) / 255) * 255
        #expect(abs(Double(pixel.r) - expected.x) <= 1.5 && abs(Double(pixel.g) - expected.y) <= 1.5 && abs(Double(pixel.b) - expected.z) <= 1.5)
    }
}
