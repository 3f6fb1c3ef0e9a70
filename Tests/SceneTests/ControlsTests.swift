import Geometry
import Scene
import Testing
import Text

/// UIKit's controls on a stage: taps change their state with UIKit's events, state changes
/// animate and then settle, and their views sit where UIKit puts them.
@Suite struct ControlsTests {
    static let font = Font.named("system", size: 17)

    static func stage(_ views: View...) -> Stage {
        let stage = Stage(screenSize: Size(375, 667), tintColor: Color(red: 0, green: 122 / 255, blue: 1))
        for v in views { stage.window.addSubview(v) }
        return stage
    }

    static func run(_ stage: Stage, frames: Int) {
        for _ in 0..<frames { stage.advanceFrame(); stage.endFrame() }
    }

    @Test func aTappedSwitchTogglesSendsValueChangedAndItsKnobSlides() {
        let toggle = Switch(name: "wifi", frame: Rect(100, 100, 51, 31))
        let stage = Self.stage(toggle)
        var changes = 0
        toggle.on(.valueChanged) { _ in changes += 1 }
        stage.play(Script([.tap(.view("wifi"))]))
        Self.run(stage, frames: 9)
        #expect(toggle.isOn)
        #expect(changes == 1)
        #expect(!stage.isSettled, "the knob is still sliding")
        Self.run(stage, frames: 60)
        #expect(stage.isSettled)
        #expect(toggle.intrinsicContentSize == Size(51, 31))
    }

    @Test func aSegmentedControlPicksTheTappedSegmentAndSlidesTheSelection() {
        let control = SegmentedControl(name: "mode", items: ["Day", "Week", "Month"], font: Self.font,
                                       frame: Rect(20, 100, 300, 32))
        let stage = Self.stage(control)
        var picked: [Int] = []
        control.on(.valueChanged) { picked.append(($0 as! SegmentedControl).selectedSegmentIndex) }
        stage.play(Script([.tap(.point(Point(270, 116)))]))
        Self.run(stage, frames: 12)
        #expect(picked == [2])
        #expect(!stage.isSettled)
        Self.run(stage, frames: 60)
        #expect(stage.isSettled)
    }

    @Test func aPageControlTapMovesOnePageTowardsTheTap() {
        let pages = PageControl(name: "pages", numberOfPages: 4, frame: Rect(0, 600, 375, 26))
        let stage = Self.stage(pages)
        stage.play(Script([.tap(.point(Point(300, 613)))]))
        Self.run(stage, frames: 12)
        #expect(pages.currentPage == 1)
        #expect(pages.intrinsicContentSize?.height == 26)
    }

    @Test func aSliderDragMovesTheValueAndSendsValueChangedEachFrame() {
        let slider = Slider(name: "volume", value: 0.2, frame: Rect(20, 100, 335, 31))
        let stage = Self.stage(slider)
        var events = 0
        slider.on(.valueChanged) { _ in events += 1 }
        stage.play(Script([.drag("volume", value: 0.8, duration: 0.5)]))
        Self.run(stage, frames: 16)
        #expect(slider.value > 0.3 && slider.value < 0.7, "\(slider.value)")
        Self.run(stage, frames: 30)
        #expect(slider.value == 0.8)
        #expect(events >= 25)
        #expect(stage.isSettled)
    }

    @Test func aTabBarItemTapSelectsItAndItsBadgeIsAView() {
        let items = ["home", "inbox", "me"].map {
            TabBarItemView(name: $0, title: $0.capitalized, titleFont: .named("system", size: 10),
                           badgeFont: .named("system", size: 13), image: nil)
        }
        let bar = TabBar(name: "tabs", items: items, frame: Rect(0, 618, 375, 49))
        let stage = Self.stage(bar)
        items[1].badgeValue = "3"
        var tapped: [String] = []
        for item in items { item.on(.touchUpInside) { tapped.append($0.name) } }
        stage.play(Script([.wait(0.05), .tap(.view("inbox"))]))
        Self.run(stage, frames: 14)
        #expect(tapped == ["inbox"])
        #expect(bar.selectedIndex == 1)
        let tree = stage.window.snapshot
        #expect(tree.find("inbox")?.frame == [125, 618, 125, 49])
        #expect(tree.find("inboxBadge")?.hidden == false)
        #expect(tree.find("homeBadge")?.hidden == true)
    }

    @Test func insertedRowsFadeInWhileTheRowsBelowSlideDown() {
        let cells = ["a", "b", "c"].map { TableViewCell(name: $0, text: $0.uppercased(), font: Self.font, secondaryFont: Self.font) }
        let table = TableView(name: "list", style: .plain, sections: [.init(rows: cells)], headerFont: Self.font,
                              footerFont: Self.font, frame: Rect(0, 0, 375, 667))
        let stage = Self.stage(table)
        Self.run(stage, frames: 2)
        #expect(stage.window.snapshot.find("c")?.frame == [0, 88, 375, 44])
        let new = TableViewCell(name: "n", text: "New", font: Self.font, secondaryFont: Self.font)
        table.insertRows([new], section: 0, at: 1, animation: .fade)
        Self.run(stage, frames: 9)
        let middle = stage.window.snapshot
        let cy = middle.find("c")!.frame[1]
        #expect(cy > 88 && cy < 132, "sliding down: \(cy)")
        #expect(middle.find("n")!.alpha > 0 && middle.find("n")!.alpha < 1)
        Self.run(stage, frames: 30)
        #expect(stage.isSettled)
        let end = stage.window.snapshot
        #expect(end.find("n")?.frame == [0, 44, 375, 44])
        #expect(end.find("c")?.frame == [0, 132, 375, 44])
        table.deleteRows(named: ["a"], animation: .top)
        Self.run(stage, frames: 40)
        #expect(stage.window.snapshot.find("a") == nil)
        #expect(stage.window.snapshot.find("n")?.frame == [0, 0, 375, 44])
    }

    @Test func insetGroupedSectionsSitInsideTheMarginsWithHeadersAbove() {
        let cells = ["wifi", "bluetooth"].map { TableViewCell(name: $0, text: $0, accessory: .switch, font: Self.font, secondaryFont: Self.font) }
        let table = TableView(name: "settings", style: .insetGrouped, sections: [.init(header: "Connections", rows: cells)],
                              headerFont: Self.font, footerFont: Self.font, frame: Rect(0, 0, 375, 667))
        let stage = Self.stage(table)
        Self.run(stage, frames: 1)
        let tree = stage.window.snapshot
        #expect(tree.find("wifi")?.frame == [16, 42, 343, 44])
        #expect(tree.find("wifiSwitch")?.frame == [292, 48.5, 51, 31])
        #expect(tree.find("settings")?.subviews.contains { $0.lines == ["CONNECTIONS"] } == true)
    }
}
