import Foundation
import Geometry
import PoppingRender
import Scene
import SceneFile
import Testing

/// Dynamic Type in scene files: `--content-size` and `screen.contentSize` size text styles,
/// re-wrap labels and move what is constrained to them; adjusting fonts and scaled metrics follow.
@Suite struct ContentSizeSceneTests {
    private static let screen = """
        views:
          - {label: title, text: Privacy and Security, font: title1, numberOfLines: 0}
          - {label: fixed, text: Fixed, font: system 17}
          - {label: adjusting, text: Adjusting, font: system 17, adjustsFontForContentSizeCategory: true}
          - {view: box, backgroundColor: red}
        constraints:
          - vfl: ["H:|-16-[title]-16-|", "H:|-16-[box(side)]", "V:|-20-[title]-gap-[box(side)]"]
            metrics: {gap: 10}
            scaledMetrics: {side: 44}
          - fixed.top == box.bottom
          - adjusting.top == fixed.bottom
        """

    private func start(_ yaml: String, contentSize: ContentSizeCategory?) throws -> DemoRun {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("content-\(UUID().uuidString).yaml").path
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try SceneFile.load(path: path).start(DemoSettings(screenSize: Size(320, 568), contentSize: contentSize))
        run.stage.window.layoutIfNeeded()
        return run
    }

    private func label(_ run: DemoRun, _ name: String) throws -> Label {
        try #require(run.stage.window.view(named: name) as? Label)
    }

    @Test func aTextStyleTakesThePublishedSizeAndItsLabelReWrapsAndPushesTheViewBelow() throws {
        let large = try start(Self.screen, contentSize: nil)
        let huge = try start(Self.screen, contentSize: .accessibilityExtraExtraExtraLarge)
        #expect(try label(large, "title").font.pointSize == 28)
        #expect(try label(huge, "title").font.pointSize == 58)
        #expect(large.stage.preferredContentSizeCategory == .large)
        #expect(huge.stage.preferredContentSizeCategory == .accessibilityExtraExtraExtraLarge)
        let small = try label(large, "title"), big = try label(huge, "title")
        // One line at 28 pt in 288 pt; at 58 pt the words wrap onto at least three lines.
        #expect(small.layout.lines.count == 1)
        #expect(big.layout.lines.count >= 3)
        let boxLarge = try #require(large.stage.window.view(named: "box")), boxHuge = try #require(huge.stage.window.view(named: "box"))
        #expect(abs(boxLarge.frame.y - (small.frame.maxY + 10)) < 1e-9)
        #expect(abs(boxHuge.frame.y - (big.frame.maxY + 10)) < 1e-9)
    }

    @Test func scaledMetricsAndAdjustingFontsFollowTheBodyCurveAndFixedFontsStay() throws {
        let run = try start(Self.screen, contentSize: .accessibilityExtraLarge)
        // Body: 17 pt at large, 40 pt at accessibilityExtraLarge.
        let box = try #require(run.stage.window.view(named: "box"))
        #expect(abs(box.frame.width - 44 * 40 / 17) < 0.5)
        #expect(try label(run, "fixed").font.pointSize == 17)
        #expect(abs(try label(run, "adjusting").font.pointSize - 40) < 1e-9)
        let plain = try start(Self.screen, contentSize: nil)
        #expect(try label(plain, "adjusting").font.pointSize == 17)
        #expect(try #require(plain.stage.window.view(named: "box")).frame.width == 44)
    }

    @Test func theScreenKeyIsTheDefaultAndTheSettingOverridesIt() throws {
        let yaml = "screen: {contentSize: extraSmall}\n" + Self.screen
        #expect(try label(start(yaml, contentSize: nil), "title").font.pointSize == 25)
        #expect(try label(start(yaml, contentSize: .extraExtraLarge), "title").font.pointSize == 32)
    }

    @Test func badContentSizeKeysAreProblemsWhereTheyAreWritten() {
        #expect(SceneProblemTests.problems("screen: {contentSize: huge}\n").first?.contains("huge") == true)
        let twice = SceneProblemTests.problems("""
            views:
              - {view: a}
            constraints:
              - vfl: "H:|-m-[a]"
                metrics: {m: 8}
                scaledMetrics: {m: 8}
            """)
        #expect(twice.contains { $0.contains("'m' is already in metrics") }, "\(twice)")
        let unused = SceneProblemTests.problems("""
            views:
              - {view: a}
            constraints:
              - equation: a.width == 10
                scaledMetrics: {m: 8}
            """)
        #expect(unused.contains { $0.contains("this group has no vfl") }, "\(unused)")
        let wrongKind = SceneProblemTests.problems("views:\n  - {view: a, adjustsFontForContentSizeCategory: true}\n")
        #expect(wrongKind.contains { $0.contains("adjustsFontForContentSizeCategory") }, "\(wrongKind)")
    }
}
