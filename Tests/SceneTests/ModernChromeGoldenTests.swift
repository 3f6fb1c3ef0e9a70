import Geometry
import GoldenTesting
import Raster
import Scene
import Testing

/// The current chrome on an iPhone 16 Pro screen, light and dark: status bar around the Dynamic
/// Island, large-title navigation bar (expanded and collapsed), home indicator, display corners.
@Suite struct ModernChromeGoldenTests {
    static func screen(_ style: UserInterfaceStyle, collapsed: Bool) -> Pixmap {
        let device = ModernChromeTests.islandPhone
        let stage = Stage(screenSize: device.size, tintColor: SystemColors.named("systemBlue")!.resolved(for: style))
        stage.userInterfaceStyle = style
        func color(_ name: String) -> Color { SystemColors.named(name)!.resolved(for: style) }
        stage.window.backgroundColor = color("systemGroupedBackground")
        let bar = ModernNavigationBar(width: device.size.width, statusBarHeight: 62, margin: 16, title: "Settings",
                                      prefersLargeTitles: true)
        if collapsed { bar.setCollapse(1) }
        let card = View(name: "card", frame: Rect(16, bar.frame.maxY + 16, device.size.width - 32, 132))
        card.backgroundColor = color("secondarySystemGroupedBackground")
        card.cornerRadius = 10
        let row = View(name: "separator", frame: Rect(16, 44, card.bounds.width - 16, 1.0 / 3))
        row.backgroundColor = color("separator")
        card.addSubview(row)
        stage.window.addSubview(card)
        stage.window.addSubview(bar)
        stage.window.addSubview(ModernStatusBar(screen: device, width: device.size.width, height: 62))
        stage.window.addSubview(HomeIndicator(screenSize: device.size, isPad: false, orientation: .portrait))
        stage.window.addSubview(DisplayCorners(size: device.size, radius: device.displayCornerRadius))
        return stage.displayList(scale: 2, snapping: .round, showTouches: false).rasterise()
    }

    @Test(arguments: [UserInterfaceStyle.light, .dark])
    func theLargeTitleScreenMatchesItsGolden(style: UserInterfaceStyle) throws {
        try assertGolden(Self.screen(style, collapsed: false), named: "large-title-\(style.rawValue)", suite: "SceneTests")
    }

    @Test func theCollapsedBarMatchesItsGolden() throws {
        try assertGolden(Self.screen(.light, collapsed: true), named: "collapsed-title-light", suite: "SceneTests")
    }
}
