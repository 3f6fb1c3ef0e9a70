import Geometry
import Raster
import Scene
import Testing

/// Current iOS's status bar, navigation bar, home indicator and display corners.
@Suite struct ModernChromeTests {
    static let islandPhone = DeviceScreen(size: Size(402, 874), scale: 3, portraitSafeArea: EdgeInsets(top: 62, bottom: 34),
                                          landscapeSafeArea: EdgeInsets(left: 62, bottom: 21, right: 62), displayCornerRadius: 62,
                                          sensorHousing: .dynamicIsland(width: 126, height: 37.33, top: 14))

    static func context(_ style: UserInterfaceStyle) -> DrawContext {
        DrawContext(scale: 1, snapping: .round, tintColor: .black, frame: 0, userInterfaceStyle: style)
    }

    static func colors(_ view: View, _ style: UserInterfaceStyle) -> [Color] {
        var list = DisplayList(width: 1, height: 1)
        view.drawContent(into: &list, context: context(style))
        return list.items.compactMap {
            switch $0 {
            case let .fill(_, color, _, _): return color
            case let .text(_, color, _): return color
            default: return nil
            }
        }
    }

    @Test func theStatusBarIsBlackInLightAndWhiteInDark() {
        let bar = ModernStatusBar(screen: Self.islandPhone, width: 402, height: 62)
        let light = Self.colors(bar, .light), dark = Self.colors(bar, .dark)
        #expect(!light.isEmpty && light.count == dark.count)
        #expect(light.allSatisfy { $0.red == 0 && $0.green == 0 && $0.blue == 0 })
        #expect(dark.allSatisfy { $0.red == 1 && $0.green == 1 && $0.blue == 1 })
    }

    @Test func theTimeAndTheGlyphsSitEitherSideOfTheDynamicIsland() {
        let bar = ModernStatusBar(screen: Self.islandPhone, width: 402, height: 62)
        var list = DisplayList(width: 1, height: 1)
        bar.drawContent(into: &list, context: Self.context(.light))
        let island = Self.islandPhone.sensorHousing.rect(screenWidth: 402)!
        var textX: [Double] = [], glyphBoxes: [Rect] = []
        for item in list.items {
            if case let .text(_, _, t) = item { textX.append(t.tx) }
            if case let .fill(path, _, _, t) = item, let box = path.transformed(by: t).tightBounds() { glyphBoxes.append(box) }
        }
        #expect(textX.count == 1 && textX[0] < island.minX, "the time is left of the island")
        #expect(glyphBoxes.allSatisfy { $0.minX > island.maxX && $0.maxX < 402 }, "\(glyphBoxes)")
        #expect(glyphBoxes.allSatisfy { abs($0.midY - island.midY) < 2 }, "the glyphs are centred on the island's row")
    }

    @Test func aLargeTitleBarCollapsesToTheInlineTitle() {
        let bar = ModernNavigationBar(width: 402, statusBarHeight: 62, margin: 16, title: "Settings", prefersLargeTitles: true)
        #expect(bar.frame == Rect(0, 62, 402, 96))
        let expanded = Self.colors(bar, .light)
        #expect(expanded.count == 1, "the large title alone, over a clear bar")
        bar.setCollapse(1)
        #expect(bar.frame == Rect(0, 62, 402, 44))
        let collapsed = Self.colors(bar, .dark)
        #expect(collapsed.count == 3, "bar, hairline and inline title")
        #expect(collapsed[0] == ModernNavigationBar.barColor.dark)
        #expect(collapsed[2] == .white, "the title is label, white in dark")
    }

    @Test func theHomeIndicatorIsCentredNearTheBottomEdge() {
        let indicator = HomeIndicator(screenSize: Size(402, 874), isPad: false, orientation: .portrait)
        #expect(indicator.frame == Rect(134, 874 - 13, 134, 5))
        #expect(Self.colors(indicator, .dark) == [.white])
    }

    @Test func displayCornersBlackenOnlyOutsideTheRoundedScreen() {
        let corners = DisplayCorners(size: Size(402, 874), radius: 62)
        let canvas = Canvas(width: 402, height: 874)
        var list = DisplayList(width: 402, height: 874)
        corners.drawContent(into: &list, context: Self.context(.light))
        guard case let .fill(path, color, rule, _) = list.items.first else { Issue.record("no fill"); return }
        canvas.fill(path, color: color, rule: rule)
        func alpha(_ x: Int, _ y: Int) -> UInt8 { canvas.pixmap.data[(y * 402 + x) * 4 + 3] }
        #expect(alpha(0, 0) == 255)
        #expect(alpha(201, 437) == 0)
        #expect(alpha(70, 0) == 0, "the straight top edge past the corner is not covered")
    }
}
