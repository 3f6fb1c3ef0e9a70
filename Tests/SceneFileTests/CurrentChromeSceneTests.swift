import Demos
import Foundation
import Geometry
import GoldenTesting
import Raster
import Scene
import SceneFile
import Testing

/// Scenes on current devices: current iOS's bars, the appearance, `{light, dark}` colours, the
/// `safeArea` and `margins` guides, the overlay and the display corners.
@Suite struct CurrentChromeSceneTests {
    static let settings = """
        screen:
          device: iphone-16-pro
          background: systemGroupedBackground
          navigationBar: {title: Settings, prefersLargeTitles: true}
        views:
          - {view: card, backgroundColor: secondarySystemGroupedBackground, cornerRadius: 10}
          - {view: tile, backgroundColor: {light: "#FF9500", dark: "#0A84FF"}, cornerRadius: 7}
          - {label: row, text: Wi-Fi}
          - {view: line, backgroundColor: separator}
        constraints:
          - card.top == safeArea.top + 8
          - card.leading == margins.leading
          - card.trailing == margins.trailing
          - card.height == 88
          - tile.leading == card.leading + 16
          - tile.top == card.top + 8
          - tile.width == 29
          - tile.height == 29
          - row.leading == tile.trailing + 16
          - row.centerY == tile.centerY
          - line.leading == row.leading
          - line.trailing == card.trailing
          - line.top == card.top + 44
          - line.height == 0.5
        script:
          - wait: 0.1
        """

    static func start(_ yaml: String, _ settings: (Size) -> DemoSettings = { DemoSettings(screenSize: $0) }) throws -> DemoRun {
        let folder = FileManager.default.temporaryDirectory
        let path = folder.appendingPathComponent("chrome-\(UUID().uuidString).yaml").path
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let scene = try SceneFile.load(path: path)
        return try scene.start(settings(scene.defaultScreenSize))
    }

    static func firstFrame(_ run: DemoRun, scale: Double = 2) -> Pixmap {
        run.stage.advanceFrame()
        return run.stage.displayList(scale: scale, snapping: .round, showTouches: false).rasterise()
    }

    @Test(arguments: [UserInterfaceStyle.light, .dark])
    func aSettingsScreenOnTheIPhone16ProMatchesItsGolden(style: UserInterfaceStyle) throws {
        let run = try Self.start(Self.settings) { DemoSettings(screenSize: $0, appearance: style) }
        #expect(run.stage.userInterfaceStyle == style)
        try assertGolden(Self.firstFrame(run), named: "settings-iphone-16-pro-\(style.rawValue)", suite: "SceneFileTests")
    }

    @Test func theGuidesSitUnderTheLargeTitleBarAndInsideTheMargins() throws {
        let run = try Self.start(Self.settings)
        run.stage.advanceFrame()
        let card = try #require(run.stage.window.view(named: "card"))
        #expect(card.frame == Rect(16, 62 + 96 + 8, 402 - 32, 88))
    }

    @Test func inLandscapeTheGuidesKeepClearOfTheIslandAndTheIndicator() throws {
        let yaml = """
            screen: {device: iphone-16-pro, orientation: landscape}
            views: [{view: box}]
            constraints: ["box.leading == safeArea.leading", "box.trailing == safeArea.trailing", "box.top == safeArea.top", "box.bottom == safeArea.bottom"]
            script: [wait: 0.1]
            """
        let run = try Self.start(yaml) { DemoSettings(screenSize: $0, orientation: .landscape) }
        run.stage.advanceFrame()
        let box = try #require(run.stage.window.view(named: "box"))
        #expect(box.frame == Rect(62, 0, 874 - 124, 402 - 21), "no status bar in landscape; the island's side and the indicator inset")
        #expect(run.stage.window.view(named: "statusBar")?.bounds.height == 0)
    }

    @Test func theOriginalDevicesKeepIOS7ChromeAndCurrentChromeIsAKeyAway() throws {
        let old = try Self.start("screen: {device: iphone-x}\nscript: [wait: 0.1]\n")
        #expect(old.stage.window.subviews.contains { $0 is StatusBar })
        let current = try Self.start("screen: {device: iphone-x, chrome: ios18}\nscript: [wait: 0.1]\n")
        #expect(current.stage.window.subviews.contains { $0 is ModernStatusBar })
        #expect(current.stage.window.subviews.contains { $0 is HomeIndicator })
        #expect(current.stage.window.subviews.last is DisplayCorners)
    }

    @Test func anOverlayCoversTheBarsAndTheDeviceOptionBringsItsChrome() throws {
        let yaml = """
            screen:
              size: 375x667
              navigationBar: {title: Inbox}
              overlay: [{view: dim, frame: [0, 0, 375, 667], backgroundColor: "#00000066"}]
            script: [wait: 0.1]
            """
        let run = try Self.start(yaml)
        let names = run.stage.window.subviews.map(\.name)
        #expect(names.firstIndex(of: "dim")! > names.firstIndex(of: "statusBar")!)
        #expect(names.firstIndex(of: "dim")! > names.firstIndex(of: "navigationBar")!)
        let onDevice = try Self.start(yaml) { _ in DemoSettings(screenSize: Size(393, 852), device: .iphone15) }
        #expect(onDevice.stage.window.subviews.contains { $0 is ModernNavigationBar })
    }

    @Test func keysThatDoNothingWithTheChosenChromeAreErrors() {
        let found = SceneProblemTests.problems("""
            screen:
              device: iphone-16
              statusBar: {carrier: T-Mobile}
              navigationBar: {title: A, titleFont: Avenir 20}
            """)
        #expect(found.count == 2, "\(found)")
        #expect(found.first?.contains("'carrier' is iOS 7's status bar's") == true, "\(found)")
        let ios7 = SceneProblemTests.problems("screen:\n  device: iphone-8\n  navigationBar: {title: A, prefersLargeTitles: true}\n  displayCorners: true\n")
        #expect(ios7.count == 2, "\(ios7)")
        #expect(ios7.contains { $0.contains("'prefersLargeTitles' needs current chrome") })
        #expect(ios7.contains { $0.contains("this screen has square corners") })
        let collapsed = SceneProblemTests.problems("screen:\n  device: iphone-16\n  navigationBar: {title: A, collapsed: true}\n")
        #expect(collapsed.first?.contains("'collapsed' needs prefersLargeTitles: true") == true, "\(collapsed)")
    }

    @Test func aDynamicColourNeedsBothAppearancesAndEachIsChecked() {
        let missing = SceneProblemTests.problems("views:\n  - {view: v, backgroundColor: {light: white}}\n")
        #expect(missing.count == 1, "\(missing)")
        let bad = SceneProblemTests.problems("views:\n  - {view: v, backgroundColor: {light: white, dark: blak}}\n")
        #expect(bad.first?.contains("dark: unknown colour 'blak'") == true, "\(bad)")
    }
}
