import Foundation
import Geometry
import GoldenTesting
import PoppingRender
import Scene
import SceneFile
import Testing

/// Labels in scene files: system fonts, text styles and multi-line text that Auto Layout sizes.
@Suite struct LabelSceneTests {
    private let card = """
        screen: {statusBar: {hidden: true}}
        views:
          - {label: title, text: Privacy, font: largeTitle}
          - label: footer
            text: "Apps that have asked to track your activity appear here.\\nYou can turn tracking off for each of them, or for every app at once."
            font: footnote
            textColor: "#6D6D72"
            numberOfLines: 0
            lineBreakMode: byWordWrapping
          - {label: clipped, text: A single line that runs past its edge and is cut there, font: system 17 semibold, lineBreakMode: byClipping}
          - {view: below, backgroundColor: "#007AFF", cornerRadius: 6}
        constraints:
          - "H:|-(16)-[title]-(16)-|"
          - "H:|-(16)-[footer]-(16)-|"
          - "H:|-(16)-[clipped(200)]"
          - "H:|-(16)-[below]-(16)-|"
          - "V:|-(20)-[title]-(8)-[footer]-(12)-[clipped]-(12)-[below(30)]"
        script:
          - wait: 0.05
        """

    @Test func aMultiLineLabelGrowsWithItsWrappedTextAndPushesTheViewBelow() throws {
        let run = try ScenePlaybackTests.start(card)
        ScenePlaybackTests.play(run)
        let footer = try #require(run.stage.window.view(named: "footer"))
        #expect(footer.frame.width == 288)
        // Four footnote lines (13 pt system font, lineHeight 15.513671875) rounded up at 2x.
        #expect(footer.frame.height == 62.5)
        let below = try #require(run.stage.window.view(named: "below"))
        #expect(below.frame.y == footer.frame.maxY + 12 + (run.stage.window.view(named: "clipped")!.frame.height) + 12)
    }

    /// A label, button, field or table row that names no font takes the chrome's system font: Inter
    /// (SF Pro's stand-in) on a current device, the demos' iOS 7-era face under `chrome: ios7`.
    @Test(arguments: [("iphone-16-pro", "", "Inter"), ("iphone-16-pro", ", chrome: ios7", "NunitoSans"),
                      ("iphone-8", "", "NunitoSans")])
    func defaultFontsFollowTheChrome(device name: String, chrome: String, face: String) throws {
        let device = try #require(Device(rawValue: name))
        let run = try ScenePlaybackTests.start("""
            screen: {device: \(name)\(chrome)}
            views:
              - {label: plain, text: Hi, frame: [20, 120, 100, 20]}
              - {label: named, text: Hi, font: system 17, frame: [20, 150, 100, 20]}
              - {textField: field, placeholder: Name, frame: [20, 180, 200, 30]}
            """, size: device.screenSize)
        for name in ["plain", "named"] {
            let label = try #require(run.stage.window.view(named: name) as? Label)
            #expect(label.font.typeface.name.hasPrefix(face), "\(name): \(label.font.typeface.name)")
        }
        let field = try #require(run.stage.window.view(named: "field") as? TextField)
        #expect(field.font.typeface.name.hasPrefix(face), "field: \(field.font.typeface.name)")
    }

    /// Open Tests/Goldens/SceneFileTests/labels@2x.png to review.
    @Test func labelsRenderTheirGolden() throws {
        let run = try ScenePlaybackTests.start(card)
        var last: Pixmap?
        try DemoPlayer(run: run, scale: 2, snapping: .round, showTouches: false).render([run.frameCount - 1]) { _, pixmap in
            last = pixmap
        }
        try assertGolden(try #require(last), named: "labels@2x", suite: "SceneFileTests")
    }

    @Test(arguments: [
        ("{label: a, text: Hi, numberOfLines: -1, frame: [0, 0, 100, 20]}", "numberOfLines is 0"),
        ("{label: b, text: Hi, font: system 17 wide, frame: [0, 0, 100, 20]}", "unknown weight 'wide'"),
        ("{label: c, text: Hi, lineBreakMode: byWrapping, frame: [0, 0, 100, 20]}", "byWrapping"),
        ("{label: e, text: Hi, preferredMaxLayoutWidth: 0, frame: [0, 0, 100, 20]}", "preferredMaxLayoutWidth is above 0"),
        ("{button: d, title: Hi, numberOfLines: 2, frame: [0, 0, 100, 20]}", "'numberOfLines' does nothing on a button"),
    ])
    func badLabelKeysAreReportedWhereTheyAreWritten(view: String, message: String) {
        let problems = SceneFile.problems(in: Array("views:\n  - \(view)\n".utf8), file: "t.yaml").map(\.description)
        #expect(problems.contains { $0.hasPrefix("t.yaml:2:") && $0.contains(message) }, "\(problems)")
    }
}
