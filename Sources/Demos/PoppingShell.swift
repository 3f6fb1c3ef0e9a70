import Geometry
import Scene
import Text

/// The Popping app around a demo screen (demos.md §1.1): a white window tinted customBlue, the
/// iOS 7 status bar, and the navigation bar of a screen pushed from the "popping" menu, showing
/// the demo's title in Avenir 20 customGray with a back button to "popping".
///
/// The demo builds its views in `view` (the view controller's view: the whole screen, under the
/// translucent bar, as iOS 7 extends content under bars); the bars stay in front of it.
final class PoppingShell {
    let stage: Stage
    /// The view controller's view, filling the screen.
    let view: View
    let navigationBar: NavigationBar
    let statusBar: StatusBar

    init(title: String, size: Size) {
        stage = Stage(screenSize: size, tintColor: .customBlue)
        // The view controller's view is clear over the white window (the same pixels), so
        // replacing the window's background (`--background`) shows behind the whole screen.
        stage.window.backgroundColor = .white
        view = View(name: "view", frame: Rect(origin: .zero, size: size))
        navigationBar = NavigationBar(width: size.width, title: title, backTitle: "popping",
                                      titleFont: .named("Avenir", size: 20), titleColor: .customGray)
        statusBar = StatusBar(width: size.width)
        stage.window.addSubview(view)
        stage.window.addSubview(navigationBar)
        stage.window.addSubview(statusBar)
    }

    /// Adds a plain text right bar button (`initWithTitle:style:target:action:`), named so a
    /// script can tap it, and returns it for wiring its action.
    @discardableResult
    func addRightTextItem(_ title: String, name: String) -> Button {
        let item = NavigationBar.textItem(title, name: name)
        navigationBar.setRightItem(item)
        return item
    }
}
