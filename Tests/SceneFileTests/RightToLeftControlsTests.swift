import Foundation
import Geometry
import PoppingRender
import Raster
import Scene
import SceneFile
import Testing

/// Right to left, controls and bars mirror as UIKit mirrors them: a switch, slider and progress
/// bar are drawn mirrored; segments, tabs, a bar's items and a table row's parts change sides;
/// the text inside them still reads as it does.
@Suite struct RightToLeftControlsTests {
    private static let screen = """
        screen:
          statusBar: {hidden: true}
          navigationBar: {title: Controls, backTitle: Settings, rightBarButtonItem: {id: done, title: Done}}
        views:
          - {switch: wifi, frame: [20, 100, 51, 31], isOn: true}
          - {progressView: load, frame: [20, 150, 200, 4], progress: 0.3}
          - {segmentedControl: seg, frame: [20, 170, 240, 32], items: [One, Two, Three], selectedSegmentIndex: 0}
          - tableView: list
            frame: [0, 210, 320, 140]
            sections:
              - rows:
                  - {id: airplane, text: Airplane Mode, accessory: switch}
                  - {id: network, text: Home Network, accessory: checkmark}
          - tabBar: tabs
            frame: [0, 431, 320, 49]
            items:
              - {id: home, title: Home}
              - {id: inbox, title: Inbox, badgeValue: "3"}
        script:
          - wait: 0.05
        """

    private func start(_ direction: LayoutDirection) throws -> DemoRun {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rtl-controls-\(UUID().uuidString).yaml").path
        try Data(Self.screen.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try SceneFile.load(path: path).start(DemoSettings(screenSize: Size(320, 480), layoutDirection: direction))
        run.stage.window.layoutIfNeeded()
        return run
    }

    private func view(_ run: DemoRun, _ name: String) throws -> View { try #require(run.stage.window.view(named: name)) }

    /// The frame's pixels in `rect` (whole points at scale 1), each row read right to left when `mirrored`.
    private func pixels(_ run: DemoRun, _ rect: Rect, mirrored: Bool) -> [UInt8] {
        let image = run.stage.displayList(scale: 1, snapping: .round, showTouches: false).rasterise()
        var bytes: [UInt8] = []
        for y in Int(rect.minY)..<Int(rect.maxY) {
            let xs = Array(Int(rect.minX)..<Int(rect.maxX))
            for x in mirrored ? xs.reversed() : xs {
                let p = image[x, y]
                bytes += [p.r, p.g, p.b, p.a]
            }
        }
        return bytes
    }

    @Test func aSwitchAndAProgressBarAreDrawnMirrored() throws {
        let ltr = try start(.leftToRight), rtl = try start(.rightToLeft)
        for box in [Rect(14, 94, 63, 43), Rect(20, 148, 200, 8)] {
            let straight = pixels(ltr, box, mirrored: false), mirrored = pixels(rtl, box, mirrored: true)
            // Up to rounding: the mirrored outline's coverage is summed in another order.
            let worst = zip(straight, mirrored).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(straight.count == mirrored.count && worst <= 2, "largest difference \(worst) in \(box)")
            #expect(straight != pixels(rtl, box, mirrored: false))
        }
    }

    @Test func theFirstSegmentAndTheFirstTabAreAtTheRight() throws {
        let rtl = try start(.rightToLeft)
        let tabs = try #require(try view(rtl, "tabs") as? TabBar)
        #expect(tabs.items.map(\.frame.minX) == [160, 0])
        let badge = try view(rtl, "inboxBadge")
        #expect(badge.frame.maxX <= 80 - 5)
        let seg = try #require(try view(rtl, "seg") as? SegmentedControl)
        seg.tapped(at: Point(10, 16))
        #expect(seg.selectedSegmentIndex == 2)
        seg.tapped(at: Point(230, 16))
        #expect(seg.selectedSegmentIndex == 0)
    }

    @Test func aTableRowPutsItsTextAtTheRightAndItsAccessoryAtTheLeft() throws {
        let ltr = try start(.leftToRight), rtl = try start(.rightToLeft)
        let text = try view(rtl, "airplaneText"), toggle = try view(rtl, "airplaneSwitch")
        #expect(toggle.frame.maxX < text.frame.minX)
        let leftToRight = try view(ltr, "airplaneText").frame
        #expect(text.frame == Rect(320 - leftToRight.maxX, leftToRight.y, leftToRight.width, leftToRight.height))
        let line = try #require((text as? Label)?.layout.lines.first)
        #expect(abs(line.baselineOrigin.x + line.line.width - text.frame.width) < 1e-9)
    }

    @Test func aBarsRightItemIsAtTheLeftAndItsBackButtonAtTheRight() throws {
        let ltr = try start(.leftToRight), rtl = try start(.rightToLeft)
        let done = try view(ltr, "done").frame, mirrored = try view(rtl, "done").frame
        #expect(mirrored == Rect(320 - done.maxX, done.y, done.width, done.height))
        // The back chevron: tint colour near the left edge left to right, near the right edge right to left.
        let bar = try view(ltr, "navigationBar").frame
        func blueColumns(_ run: DemoRun) -> [Int] {
            let image = run.stage.displayList(scale: 1, snapping: .round, showTouches: false).rasterise()
            return (0..<320).filter { x in (Int(bar.minY) + 12..<Int(bar.minY) + 32).contains { y in
                let p = image[x, y]
                return p.b > 200 && p.r < 100
            } }
        }
        let ltrBlue = blueColumns(ltr), rtlBlue = blueColumns(rtl)
        #expect(ltrBlue.min()! < 16 && rtlBlue.max()! > 304)
    }
}
