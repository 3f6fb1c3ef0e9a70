import Geometry
import Scene
import Text
import Testing

@Suite struct NavigationBarTests {
    static let avenir = Font.named("Avenir", size: 20)

    @Test func aShortTitleIsCentredAndKeepsTheBackTitle() {
        let bar = NavigationBar(width: 320, title: "Menu", backTitle: "popping", titleFont: Self.avenir)
        let layout = bar.fittedLayout
        #expect(layout.backTitle == "popping")
        #expect(abs(layout.titleBox.midX - 160) < 1e-9)
    }

    @Test func aLongerTitleShortensTheBackTitleBeforeItIsTruncated() {
        let bar = NavigationBar(width: 320, title: "Password Indicator Animation", backTitle: "popping", titleFont: Self.avenir)
        let width = TextLine(bar.title, font: Self.avenir).width
        let layout = bar.fittedLayout
        #expect(layout.backTitle != "popping")
        #expect(layout.titleBox.width == width)
        #expect(layout.titleBox.maxX <= 312)
    }

    @Test func aTitleTooLongForTheBarIsTruncatedBetweenTheChevronAndTheRightItem() {
        let bar = NavigationBar(width: 320, title: "A title far too long to fit on any iPhone screen", backTitle: "popping",
                                titleFont: Self.avenir)
        bar.setRightItem(NavigationBar.textItem("Shuffle", name: "shuffle"))
        let layout = bar.fittedLayout
        #expect(layout.backTitle == nil)
        #expect(layout.titleBox.width < TextLine(bar.title, font: Self.avenir).width)
        #expect(layout.titleBox.maxX <= bar.rightItem!.frame.minX)
        #expect(layout.titleBox.minX >= 20)
    }

    @Test func theRightItemSitsAtTheRightMarginCentredInTheBar() {
        let bar = NavigationBar(width: 320, title: "T")
        let spinner = ActivityIndicatorView(frame: Rect(0, 0, 20, 20))
        bar.setRightItem(spinner)
        #expect(spinner.frame == Rect(292, 12, 20, 20))
        bar.setRightItem(nil)
        #expect(spinner.superview == nil)
    }

    @Test func aTextItemIsATappableSystemButton() {
        let stage = Stage(screenSize: Size(320, 568), tintColor: .black)
        let bar = NavigationBar(width: 320, title: "Constraints Animation")
        let item = NavigationBar.textItem("Shuffle", name: "shuffle")
        bar.setRightItem(item)
        stage.window.addSubview(bar)
        var taps = 0
        item.on(.touchUpInside) { _ in taps += 1 }
        let end = stage.play(Script([.tap(.view("shuffle"))]))
        for _ in 0...end {
            stage.advanceFrame()
            stage.endFrame()
        }
        #expect(taps == 1)
        #expect(item.style == .system)
    }
}
