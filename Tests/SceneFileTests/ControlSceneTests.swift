import Foundation
import GoldenTesting
import PoppingRender
import SceneFile
import Testing

/// Stack views, shapes, scroll views and UIKit's controls written in scene files: the four
/// example screens play and put their views where UIKit would, and bad values are reported.
@Suite struct ControlSceneTests {
    static func run(_ name: String) throws -> DemoRun {
        let scene = try SceneFile.load(path: DogfoodSceneTests.scenes.appendingPathComponent(name).path)
        return try scene.start(DemoSettings(screenSize: scene.defaultScreenSize))
    }

    /// The tree on `frame` (the last frame when nil).
    static func tree(_ run: DemoRun, at frame: Int? = nil) -> ViewSnapshot {
        let wanted = frame ?? run.frameCount - 1
        for _ in 0..<wanted { run.stage.advanceFrame(); run.stage.endFrame() }
        run.stage.advanceFrame()
        return run.stage.window.snapshot
    }

    @Test func theSettingsSwitchTurnsOnAndInsertsTheNetworkRow() throws {
        let tree = Self.tree(try Self.run("settings.yaml"))
        let wifi = try #require(tree.find("wifi")?.frame), network = try #require(tree.find("homeNetwork")?.frame)
        let bluetooth = try #require(tree.find("bluetooth")?.frame), table = try #require(tree.find("settings")?.frame)
        // The inserted row sits under Wi-Fi and pushes Bluetooth down, all in the inset-grouped card
        // under the large-title bar (the safe area's top on an iPhone 16 Pro: 62 + 44 + 52 pt).
        #expect(table[1] == 158)
        #expect(network == [wifi[0], wifi[1] + 44, wifi[2], 44])
        #expect(bluetooth == [wifi[0], wifi[1] + 88, wifi[2], 44])
        #expect(wifi[0] == 16 && wifi[2] == 402 - 32)
        #expect(tree.find("homeNetwork")?.alpha == 1)
    }

    @Test func theTabBarBadgePopsAndTheInboxTabIsSelected() throws {
        let run = try Self.run("tabbar.yaml")
        let early = Self.tree(run, at: 52)
        let scale = early.find("inboxBadge")?.transform[0] ?? 1
        #expect(early.find("inboxBadge")?.hidden == false)
        #expect(scale < 0.95, "popping in: \(scale)")
        let end = Self.tree(run, at: run.frameCount - 1 - 53)
        #expect(end.find("inbox")?.frame == [93.75, 618, 93.75, 49])
        #expect(end.find("heading")?.lines == ["Inbox"])
        #expect(end.find("inboxBadge")?.transform == [1, 0, 0, 1, 0, 0])
    }

    @Test func theOnboardingPagerEndsOnTheLastPage() throws {
        let tree = Self.tree(try Self.run("onboarding.yaml"))
        #expect(tree.find("pager")?.bounds == [750, 0, 375, 600])
        #expect(tree.find("title3")?.frame == [24, 350, 327, 34])
    }

    @Test func theCheckmarkIsDrawnThenThePulseSettles() throws {
        let run = try Self.run("checkmark.yaml")
        let tree = Self.tree(run)
        #expect(tree.find("badge")?.frame == [127.5, 273.5, 120, 120])
        #expect(run.frameCount > 60)
    }

    @Test func badStackShapeAndControlValuesAreReportedWhereTheyAreWritten() {
        let found = SceneProblemTests.problems("""
            views:
              - stackView: row
                axis: vertical
                alignment: firstBaseline
                arrangedSubviews:
                  - {label: a, text: A}
                customSpacing: {b: 4}
              - {shape: s, ovalIn: [0, 0, 10, 10], strokeEnd: 2}
              - {shape: t}
              - {switch: sw, text: On}
              - {pageControl: p, numberOfPages: 3, currentPage: 5}
            on:
              sw.editingChanged: [setOn: {p: true}]
            script:
              - scroll: row
                to: [0, 10]
            """)
        #expect(found.contains { $0.hasPrefix("t.yaml:4:16: firstBaseline aligns a horizontal stack") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("t.yaml:7:") && $0.hasSuffix("'b' is not one of the stack's arrangedSubviews") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("t.yaml:8:") && $0.hasSuffix("strokeEnd lies in 0…1") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("t.yaml:9:5: a shape needs a path, ovalIn or roundedRect") }, "\(found)")
        #expect(found.contains { $0.contains("'text' does nothing on a switch") }, "\(found)")
        #expect(found.contains { $0.contains("currentPage lies in 0…2") }, "\(found)")
        #expect(found.contains { $0.contains("unknown event 'editingChanged'") }, "\(found)")
        #expect(found.contains { $0.contains("unknown switch 'p'") }, "\(found)")
        #expect(found.contains { $0.contains("unknown scrollView 'row'") }, "\(found)")
    }
}
