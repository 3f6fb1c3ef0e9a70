import Foundation
import Geometry
import GoldenTesting
import Raster
import Scene
import SceneFile
import SVG
import Testing

/// Template images (`renderingMode: alwaysTemplate` with `tintColor`) and symbol images
/// (`image: symbol:heart.fill`), Bootstrap Icons under SF Symbols' names.
@Suite struct TemplateImageSceneTests {
    static let symbols = """
        screen: {size: 220x100, statusBar: {hidden: true}, tintColor: "#007AFF"}
        views:
          - {imageView: heart, image: "symbol:heart.fill", tintColor: "#FF3B30", frame: [10, 10, 40, 40]}
          - {imageView: check, image: "symbol:checkmark", frame: [60, 10, 40, 40]}
          - {imageView: gear, image: "symbol:gearshape", tintColor: "#8E8E93", frame: [110, 10, 40, 40]}
          - {imageView: search, image: "symbol:magnifyingglass", renderingMode: alwaysOriginal, frame: [160, 10, 40, 40]}
        script:
          - wait: 0.02
        """

    @Test func symbolsAreTemplatesInTheTintColourUnlessOriginal() throws {
        let run = try ScenePlaybackTests.start(Self.symbols, size: Size(220, 100))
        run.stage.advanceFrame()
        let image = run.stage.displayList(scale: 2, snapping: .round, showTouches: false).rasterise()
        // The heart's middle is red, the checkmark's stroke the screen's blue, the original magnifier black.
        #expect(image[60, 60].r > 200 && image[60, 60].g < 100 && image[60, 60].a == 255)
        let blue = (0..<image.height).contains { y in (120..<200).contains { x in image[x, y].b > 200 && image[x, y].r < 40 && image[x, y].a == 255 } }
        let black = (0..<image.height).contains { y in (320..<400).contains { x in image[x, y] == (0, 0, 0, 255) } }
        #expect(blue && black)
        try assertGolden(image, named: "symbols@2x", suite: "SceneFileTests")
    }

    @Test func unknownSymbolsAndTintsThatDoNothingAreReported() {
        let unknown = SceneProblemTests.problems("views:\n  - {imageView: a, image: \"symbol:heart.fil\"}\n")
        #expect(unknown.count == 1 && unknown.first?.contains("unknown symbol 'heart.fil' (did you mean 'heart.fill'?)") == true,
                "\(unknown)")
        let tint = SceneProblemTests.problems("""
            views:
              - {imageView: a, image: "symbol:bell", renderingMode: alwaysOriginal, tintColor: red}
            """)
        #expect(tint.count == 1 && tint.first?.contains("'tintColor' does nothing") == true, "\(tint)")
    }

    @Test func anyVectorImageDrawsAsAMaskInTheTint() throws {
        let art = try VectorImage.parse(text: ##"<svg viewBox="0 0 10 10"><rect x="2" y="2" width="6" height="6" fill="#F80"/></svg>"##,
                                        name: "square.svg")
        let view = ImageView(image: art, frame: Rect(0, 0, 10, 10))
        view.renderingMode = .alwaysTemplate
        view.tintColor = Color(red: 0, green: 1, blue: 0)
        let image = SceneRenderer(context: DrawContext(scale: 2, snapping: .round, tintColor: .black, frame: 0))
            .displayList(root: view, size: Size(10, 10)).rasterise()
        #expect(image[10, 10] == (0, 255, 0, 255) && image[1, 1].a == 0)
    }
}
