import Foundation
import Geometry
import PoppingRender
import Scene
import SceneFile
import Testing

/// Right to left in scene files: `--layout-direction` and `screen.layoutDirection` flip leading
/// and trailing, natural alignment and marked images; `semanticContentAttribute` fixes a subtree.
@Suite struct LayoutDirectionSceneTests {
    private static let screen = """
        views:
          - {label: title, text: Hello, font: body}
          - {view: row, semanticContentAttribute: forceLeftToRight, subviews: [{view: chip, backgroundColor: red}]}
          - {imageView: arrow, image: "symbol:chevron.right", flipsForRightToLeftLayoutDirection: true}
        constraints:
          - "H:|-20-[title(100)]"
          - "H:|[row]|"
          - "H:|-8-[chip(30)]"
          - "H:|-20-[arrow(20)]"
          - "V:|-40-[title]-[row(30)]-[arrow(20)]"
          - "V:|[chip]|"
        """

    private func start(_ yaml: String, direction: LayoutDirection?) throws -> DemoRun {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("direction-\(UUID().uuidString).yaml").path
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try SceneFile.load(path: path).start(DemoSettings(screenSize: Size(320, 568), layoutDirection: direction))
        run.stage.window.layoutIfNeeded()
        return run
    }

    private func view(_ run: DemoRun, _ name: String) throws -> View { try #require(run.stage.window.view(named: name)) }

    @Test func rightToLeftPutsLeadingViewsAtTheRightAndAlignsNaturalTextThere() throws {
        let ltr = try start(Self.screen, direction: nil), rtl = try start(Self.screen, direction: .rightToLeft)
        #expect(try view(ltr, "title").frame.minX == 20)
        #expect(try view(rtl, "title").frame.maxX == 300)
        #expect(rtl.stage.layoutDirection == .rightToLeft)
        let ltrLine = try #require((view(ltr, "title") as? Label)?.layout.lines.first)
        let rtlLine = try #require((view(rtl, "title") as? Label)?.layout.lines.first)
        #expect(ltrLine.baselineOrigin.x == 0)
        #expect(abs(rtlLine.baselineOrigin.x + rtlLine.line.width - 100) < 1e-9)
    }

    @Test func aForcedLeftToRightSubtreeKeepsItsLeadingOnTheLeft() throws {
        let rtl = try start(Self.screen, direction: .rightToLeft)
        #expect(try view(rtl, "row").effectiveUserInterfaceLayoutDirection == .leftToRight)
        #expect(try view(rtl, "chip").frame.minX == 8)
    }

    @Test func aMarkedImageIsMirroredOnlyRightToLeft() throws {
        let ltr = try start(Self.screen, direction: .leftToRight), rtl = try start(Self.screen, direction: .rightToLeft)
        #expect(try view(ltr, "arrow").rightToLeftMirror(flips: true) == .identity)
        #expect(try view(rtl, "arrow").rightToLeftMirror(flips: true) == AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 20, ty: 0))
        #expect(try view(rtl, "arrow").rightToLeftMirror(flips: false) == .identity)
        let context = DrawContext(scale: 2, snapping: .round, tintColor: .black, frame: 0)
        func drawnScaleX(_ run: DemoRun) throws -> Double? {
            var list = DisplayList(width: 640, height: 1136)
            try view(run, "arrow").drawContent(into: &list, context: context)
            guard case let .mask(_, _, transform)? = list.items.first else { return nil }
            return transform.a
        }
        #expect(try drawnScaleX(ltr).map { $0 > 0 } == true)
        #expect(try drawnScaleX(rtl).map { $0 < 0 } == true)
    }

    @Test func theScreenKeyIsTheDefaultAndTheSettingOverridesIt() throws {
        let yaml = "screen: {layoutDirection: rightToLeft}\n" + Self.screen
        #expect(try view(start(yaml, direction: nil), "title").frame.maxX == 300)
        #expect(try view(start(yaml, direction: .leftToRight), "title").frame.minX == 20)
        #expect(SceneProblemTests.problems("screen: {layoutDirection: upward}\n").first?.contains("upward") == true)
        #expect(SceneProblemTests.problems("views:\n  - {view: v, semanticContentAttribute: mirrored}\n").first?.contains("mirrored") == true)
        #expect(SceneProblemTests.problems("views:\n  - {view: v, flipsForRightToLeftLayoutDirection: true}\n")
            .contains { $0.contains("flipsForRightToLeftLayoutDirection") })
    }
}
