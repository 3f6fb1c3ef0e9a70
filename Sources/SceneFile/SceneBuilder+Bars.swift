import Codecs
import Foundation
import Demos
import Geometry
import Layout
import Motion
import Raster
import Scene
import SVG
import Text

/// The system bars (status and navigation bar) the screen asks for, and the relayout when the device turns.
extension SceneBuilder {
    /// Adds the navigation bar and the status bar `screen:` declares to the window, over the views.
    func makeBars() {
        if chrome == .ios18 { return makeCurrentBars() }
        let screen = document.screen
        let width = root.bounds.width
        if let bar = screen?.navigationBar {
            let path: [PathStep] = [.key("screen"), .key("navigationBar")]
            for (key, given) in [("prefersLargeTitles", bar.prefersLargeTitles != nil), ("collapsed", bar.collapsed != nil)] where given {
                log.add(path + [.keyName(key)], "'\(key)' needs current chrome (screen.chrome: ios18); iOS 7's bar has no large title")
            }
            let nav = NavigationBar(width: width, title: localized(bar.title ?? ""), backTitle: localized(bar.backTitle),
                                    titleFont: bar.titleFont.flatMap { font($0, path + [.key("titleFont")]) } ?? .named("system", size: 17),
                                    titleColor: color(bar.titleColor, path + [.key("titleColor")]) ?? .black)
            if let item = bar.rightBarButtonItem, let view = barButtonItem(item, path + [.key("rightBarButtonItem")]) {
                nav.setRightItem(view)
            }
            stage.window.addSubview(nav)
            navigationBar = nav
            views["navigationBar"] = nav
        }
        if screen?.statusBar?.hidden != true {
            let spec = screen?.statusBar
            let path: [PathStep] = [.key("screen"), .key("statusBar")]
            // Dark content on a light appearance, light content (UIStatusBarStyleLightContent) on a dark one.
            let bar = StatusBar(width: width, contentColor: color(spec?.color, path + [.key("color")])
                                    ?? (appearance == .dark ? .white : .black))
            if let time = spec?.time { bar.time = time }
            if let carrier = spec?.carrier { bar.carrier = carrier }
            if spec?.networkActivityIndicator == true { bar.networkActivity.startAnimating(atFrame: 0) }
            stage.window.addSubview(bar)
            statusBar = bar
            views["statusBar"] = bar
            views["networkActivityIndicator"] = bar.networkActivity
        }
    }

    /// `navigationItem.rightBarButtonItem`: its custom view, or a text item in the tint colour
    /// registered under its id; nil (with the problem logged) when it is neither.
    func barButtonItem(_ item: BarButtonItemSpec, _ path: [PathStep]) -> View? {
        if let custom = item.customView { return makeView(custom, path: path + [.key("customView")]) }
        guard let id = item.id else {
            log.add(path, "a bar button item needs an id and a title, or a customView")
            return nil
        }
        guard checkIdentifier(id, path + [.key("id")]) else { return nil }
        if views[id] != nil || Self.reserved.contains(id) { log.add(path + [.key("id")], "the id '\(id)' is already used") }
        let button = NavigationBar.textItem(localized(item.title ?? ""), name: id)
        views[id] = button
        return button
    }

    /// iOS rotates the interface in 0.4 s: the view takes the new screen size and lays out again.
    func rotate(to orientation: Orientation) {
        let size = stage.screenSize
        stage.animate(duration: 0.4, curve: .easeInOut) { [self] in
            root.frame = Rect(origin: .zero, size: size)
            if let bar = navigationBar { bar.frame.size.width = size.width }
            if let bar = statusBar { bar.frame.size.width = size.width }
            rotateCurrentChrome(to: orientation)
            root.layoutIfNeeded()
        }
    }
}
