import Demos
import Geometry
import Layout
import Scene

/// Current iOS's chrome (`screen.chrome: ios18`, the default on the current devices): the status
/// bar around the Dynamic Island or notch, a navigation bar with large titles, the home
/// indicator and the display's rounded corners; the overlay views over the bars; and the
/// `safeArea` and `margins` layout guides every scene's equations can name.
extension SceneBuilder {
    /// The status bar, navigation bar and home indicator of current iOS, added to the window over the views.
    func makeCurrentBars() {
        let screen = document.screen
        let width = root.bounds.width
        let orientation = launchOrientation
        let barHeight = statusBarHeight(orientation)
        let path: [PathStep] = [.key("screen"), .key("statusBar")]
        if let spec = screen?.statusBar {
            for (key, given) in [("carrier", spec.carrier != nil), ("networkActivityIndicator", spec.networkActivityIndicator != nil)] where given {
                log.add(path + [.keyName(key)], "'\(key)' is iOS 7's status bar's; current iOS shows none (use screen.chrome: ios7)")
            }
        }
        if let spec = screen?.navigationBar {
            let navPath: [PathStep] = [.key("screen"), .key("navigationBar")]
            if spec.titleFont != nil {
                log.add(navPath + [.keyName("titleFont")], "'titleFont' is iOS 7's bar's; current bars use the system font (use screen.chrome: ios7)")
            }
            let large = spec.prefersLargeTitles ?? false
            if spec.collapsed != nil, !large {
                log.add(navPath + [.keyName("collapsed")], "'collapsed' needs prefersLargeTitles: true")
            }
            let nav = ModernNavigationBar(width: width, statusBarHeight: barHeight, margin: deviceScreen.minimumSideMargin,
                                          title: localized(spec.title ?? ""), backTitle: localized(spec.backTitle), prefersLargeTitles: large)
            nav.titleColor = color(spec.titleColor, navPath + [.key("titleColor")])
            if spec.collapsed == true { nav.setCollapse(1) }
            if let item = spec.rightBarButtonItem, let view = barButtonItem(item, navPath + [.key("rightBarButtonItem")]) {
                nav.setRightItem(view)
            }
            stage.window.addSubview(nav)
            currentNavigationBar = nav
            views["navigationBar"] = nav
        }
        if screen?.statusBar?.hidden != true {
            let bar = ModernStatusBar(screen: deviceScreen, width: width, height: barHeight)
            bar.contentColor = color(screen?.statusBar?.color, path + [.key("color")])
            if let time = screen?.statusBar?.time { bar.time = time }
            stage.window.addSubview(bar)
            currentStatusBar = bar
            views["statusBar"] = bar
        }
    }

    /// The status bar's height in `orientation` with this scene's chrome: the device's top inset
    /// on current iOS (none on a phone in landscape), iOS 7's 20 pt.
    func statusBarHeight(_ orientation: Orientation) -> Double {
        guard document.screen?.statusBar?.hidden != true else { return 0 }
        return chrome == .ios7 ? NavigationBar.statusBarHeight : deviceScreen.statusBarHeight(orientation)
    }

    /// `screen.overlay`: views added to the window over the bars (a dimming view under a sheet).
    func makeOverlay() {
        for (i, spec) in (document.screen?.overlay ?? []).enumerated() {
            if let v = makeView(spec, path: [.key("screen"), .key("overlay"), .index(i)]) { stage.window.addSubview(v) }
        }
    }

    /// Over everything: current chrome's home indicator (on a device without a home button),
    /// and the display's rounded corners when `screen.displayCorners` (on by default with
    /// current chrome on a device with rounded corners).
    func makeScreenEdges() {
        if chrome == .ios18, deviceScreen.hasHomeIndicator {
            let indicator = HomeIndicator(screenSize: root.bounds.size, isPad: deviceScreen.isPad, orientation: launchOrientation)
            stage.window.addSubview(indicator)
            views["homeIndicator"] = indicator
        }
        let given = document.screen?.displayCorners
        guard given ?? (chrome == .ios18 && deviceScreen.displayCornerRadius > 0) else { return }
        guard deviceScreen.displayCornerRadius > 0 else {
            log.add([.key("screen"), .keyName("displayCorners")], "this screen has square corners; give a device with rounded ones (see `popping-render list --devices`)")
            return
        }
        let corners = DisplayCorners(size: root.bounds.size, radius: deviceScreen.displayCornerRadius)
        stage.window.addSubview(corners)
        displayCorners = corners
    }

    /// The safe area in `orientation`: the device's insets, with the status bar's and the
    /// navigation bar's height on top.
    func safeAreaInsets(_ orientation: Orientation) -> EdgeInsets {
        var insets = chrome == .ios7 ? EdgeInsets.zero : deviceScreen.safeArea(orientation)
        if chrome == .ios7 || orientation == .portrait || deviceScreen.isPad { insets.top = statusBarHeight(orientation) }
        if let nav = currentNavigationBar { insets.top = insets.top + nav.bounds.height }
        if let nav = navigationBar { insets.top = nav.frame.maxY }
        return insets
    }

    /// Adds the `safeArea` and `margins` guides to the root view.
    func makeLayoutGuides() {
        let guides = LayoutGuides(in: root, safeAreaInsets: safeAreaInsets(launchOrientation), sideMargin: deviceScreen.minimumSideMargin)
        views["safeArea"] = guides.safeArea
        views["margins"] = guides.margins
        layoutGuides = guides
    }

    /// Places current chrome for the screen turned to `orientation` (inside the rotation's animation).
    func rotateCurrentChrome(to orientation: Orientation) {
        let size = stage.screenSize
        let barHeight = statusBarHeight(orientation)
        if let bar = currentStatusBar { bar.frame = Rect(0, 0, size.width, barHeight) }
        if let nav = currentNavigationBar { nav.frame = Rect(0, barHeight, size.width, nav.bounds.height) }
        if let indicator = views["homeIndicator"] {
            let w = HomeIndicator.pillWidth(screenWidth: size.width, isPad: deviceScreen.isPad, orientation: orientation)
            indicator.frame = Rect((size.width - w) / 2, size.height - HomeIndicator.bottomGap - HomeIndicator.thickness, w, HomeIndicator.thickness)
        }
        displayCorners?.frame = Rect(origin: .zero, size: size)
        layoutGuides?.update(safeAreaInsets: safeAreaInsets(orientation), sideMargin: deviceScreen.minimumSideMargin)
    }
}
