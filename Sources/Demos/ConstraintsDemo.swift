import Foundation
import Geometry
import Layout
import Scene

/// Popping's "Constraints Animation" (ConstraintsViewController; demos.md §1.5): three coloured
/// views whose roles (the wide one on top, the two below) are shuffled by the "Shuffle" button,
/// the new constraints animated by a UIKit spring.
public enum ConstraintsDemo: Demo {
    public static let name = "constraints"
    public static let summary = "three views shuffled by new VFL constraints, animated by a UIKit spring"
    public static let defaultDevice = Device.iphoneSE

    /// The spring of the original's `animateWithDuration:…usingSpringWithDamping:…` block.
    static let duration = 0.5, dampingRatio = 0.7, initialVelocity = 0.7

    public static func start(_ settings: DemoSettings) throws -> DemoRun {
        let screen = try ConstraintsScreen(size: settings.screenSize, seed: settings.seed)
        var steps: [Script.Step] = [.wait(1.2)]
        for _ in 0..<4 { steps += [.tap(.view(ConstraintsScreen.shuffleName)), .wait(1.3)] }
        let end = screen.stage.play(Script(steps))
        return DemoRun(stage: screen.stage, frameCount: end, controller: screen)
    }
}

/// The Constraints screen: a content view filling the screen and the three views it lays out.
final class ConstraintsScreen {
    /// The bar button a script taps.
    static let shuffleName = "shuffleButton"
    /// The original's formats with `%1$@`, `%2$@` for the view names.
    static let formats: [(format: String, options: FormatOptions, names: (Int, Int))] = [
        ("H:|-(20)-[%1$@]-(20)-|", [], (0, 0)),
        ("H:|-(20)-[%1$@]-(20)-[%2$@(==%1$@)]-(20)-|", .alignAllTop, (1, 2)),
        ("V:|-(88)-[%1$@]-(20)-[%2$@(==%1$@)]-(20)-|", [], (0, 1)),
        ("V:|-(88)-[%1$@]-(20)-[%2$@(==%1$@)]-(20)-|", [], (0, 2)),
    ]

    /// The Popping app around the screen: status bar, navigation bar with the Shuffle button.
    let shell: PoppingShell
    var stage: Stage { shell.stage }
    /// The view controller's view.
    var view: View { shell.view }
    let contentView: View
    /// `NSDictionaryOfVariableBindings(_redView, _greenView, _blueView)`; the names are the
    /// original's and do not match the colours.
    let views: [String: View]
    /// The starting order of the keys (`allKeys` is in hash order on iOS; this is fixed).
    let keys = ["_redView", "_greenView", "_blueView"]
    /// The content view's constraints for each order of the keys, made from the formats once.
    private var layouts: [[String]: [LayoutConstraint]] = [:]
    private var random: SeededRandom

    init(size: Size, seed: UInt64) throws {
        random = SeededRandom(seed: seed)
        shell = PoppingShell(title: "Constraints Animation", size: size)
        let view = shell.view

        contentView = View(name: "contentView")
        contentView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(contentView)
        let pin = ["contentView": contentView]
        view.addConstraints(try View.constraints(withVisualFormat: "H:|[contentView]|", views: pin))
        view.addConstraints(try View.constraints(withVisualFormat: "V:|[contentView]|", views: pin))

        var views: [String: View] = [:]
        for (key, colour) in zip(keys, [Color.customBlue, .customGreen, .customYellow]) {
            let v = View(name: String(key.dropFirst()))
            v.backgroundColor = colour
            v.cornerRadius = 4
            v.translatesAutoresizingMaskIntoConstraints = false
            contentView.addSubview(v)
            views[key] = v
        }
        self.views = views
        for order in permutations(of: keys) {
            layouts[order] = try ConstraintsScreen.formats.flatMap { format, options, names in
                let text = format.replacingOccurrences(of: "%1$@", with: order[names.0])
                    .replacingOccurrences(of: "%2$@", with: order[names.1])
                return try View.constraints(withVisualFormat: text, options: options, views: views)
            }
        }

        shell.addRightTextItem("Shuffle", name: ConstraintsScreen.shuffleName)
            .on(.touchUpInside) { [unowned self] _ in updateConstraints() }
        updateConstraints()
    }

    /// The original's `updateConstraints:`: shuffle the names, replace the content view's
    /// constraints with the formats for the new order, and animate the layout with the spring.
    func updateConstraints() {
        contentView.layoutIfNeeded()
        contentView.removeConstraints(contentView.constraints)
        contentView.addConstraints(layouts[random.shuffled(keys)] ?? [])
        stage.animate(duration: ConstraintsDemo.duration, dampingRatio: ConstraintsDemo.dampingRatio,
                      initialVelocity: ConstraintsDemo.initialVelocity) { [self] in
            contentView.layoutIfNeeded()
        }
    }
}
