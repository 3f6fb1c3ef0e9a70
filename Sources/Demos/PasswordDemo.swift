import Geometry
import Layout
import Scene
import Text

/// Popping's "Password Indicator Animation" (PasswordViewController and
/// PasswordStrengthIndicatorView; demos.md §1.4, seed 000): a secure field with the keyboard up,
/// and under it a bar whose width and colour spring to the password's strength as it is typed.
public enum PasswordDemo: Demo {
    public static let name = "password"
    public static let summary = "password field whose strength bar springs between none, weak, fair and strong while typing"
    public static let defaultDevice = Device.iphoneSE

    public static func start(_ settings: DemoSettings) throws -> DemoRun {
        let screen = try PasswordScreen(size: settings.screenSize)
        let end = screen.stage.play(Script([
            .wait(0.8),
            .type("facebookpop", interval: 0.3),
            .wait(1.0),
            .deleteBackward(count: 9, interval: 0.22),
            .wait(0.8),
            .type("bulous", interval: 0.3),
            .wait(1.2),
        ]))
        return DemoRun(stage: screen.stage, frameCount: end, controller: screen)
    }
}

/// The password screen's views; the field's edits set the indicator's status.
final class PasswordScreen {
    static let fieldName = "passwordTextField"

    let shell: PoppingShell
    var stage: Stage { shell.stage }
    let field: TextField
    let indicator: PasswordStrengthIndicator

    init(size: Size) throws {
        shell = PoppingShell(title: "Password Indicator Animation", size: size)
        field = TextField(name: PasswordScreen.fieldName, placeholder: "Enter a Password")
        field.backgroundColor = Color(white: 0, alpha: 0.05)
        field.cornerRadius = 2
        field.leftView = View(name: "leftPaddingView", frame: Rect(0, 0, 10, 36)).with { $0.isUserInteractionEnabled = false }
        field.isSecureTextEntry = true
        field.translatesAutoresizingMaskIntoConstraints = false
        shell.view.addSubview(field)

        indicator = PasswordStrengthIndicator(stage: shell.stage)
        shell.view.addSubview(indicator.view)

        // The original's formats: the standard 20 pt margins and the 8 pt gap between siblings.
        let views = ["_passwordTextField": field, "_passwordStrengthIndicatorView": indicator.view]
        for format in ["H:|-[_passwordTextField]-|", "V:|-(88)-[_passwordTextField(==36)]",
                       "H:|-[_passwordStrengthIndicatorView]-|",
                       "V:[_passwordTextField]-[_passwordStrengthIndicatorView(==10)]"] {
            shell.view.addConstraints(try View.constraints(withVisualFormat: format, views: views))
        }
        shell.view.layoutIfNeeded()

        field.on(.editingChanged) { [unowned self] _ in indicator.status = .init(length: field.text.count) }
        // First responder in viewDidLoad: the keyboard is already up when the screen shows.
        stage.focus(field)
        stage.installKeyboard(in: shell.view)
    }
}

/// PasswordStrengthIndicatorView: a faint track holding a bar whose width (a multiple of the
/// track's) and colour show the status; each change springs both together.
final class PasswordStrengthIndicator {
    /// How strong the password is, by its length alone.
    enum Status: Int {
        case none, weak, fair, strong

        /// The original's `textFieldDidChange:` rule: 0, 1–3, 4–7, 8 or more characters.
        init(length: Int) {
            switch length {
            case ..<1: self = .none
            case ..<4: self = .weak
            case ..<8: self = .fair
            default: self = .strong
            }
        }

        var widthMultiplier: Double { [0, 0.33, 0.66, 1][rawValue] }
        var color: Color { [Color.white, .customRed, .customYellow, .customGreen][rawValue] }
    }

    /// The spring of `animateIndicatorViewToStatus:`: 0.3 s, damping 0.7, velocity 0.7.
    static let duration = 0.3, dampingRatio = 0.7, initialVelocity = 0.7

    let view: View
    let bar: View
    private let stage: Stage
    /// bar.width == multiplier × view.width; replaced on every status change.
    private var widthConstraint: LayoutConstraint

    /// Setting the same status again does nothing, as in the original.
    var status = Status.none {
        didSet { if status != oldValue { animate(to: status) } }
    }

    init(stage: Stage) {
        self.stage = stage
        view = View(name: "passwordStrengthIndicatorView")
        view.backgroundColor = Color(white: 0, alpha: 0.05)
        view.cornerRadius = 2
        view.translatesAutoresizingMaskIntoConstraints = false
        bar = View(name: "indicatorView")
        bar.cornerRadius = 2
        bar.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(bar)
        // Left and top pinned, the container's height, and a width that is a multiple of its width.
        widthConstraint = PasswordStrengthIndicator.width(of: bar, in: view, multiplier: Status.none.widthMultiplier)
        view.addConstraints(LayoutConstraint.equal([.left, .top, .height], of: bar, to: view) + [widthConstraint])
    }

    static func width(of bar: View, in view: View, multiplier: Double) -> LayoutConstraint {
        LayoutConstraint(item: bar, attribute: .width, relatedBy: .equal, toItem: view, attribute: .width,
                         multiplier: multiplier)
    }

    /// `animateIndicatorViewToStatus:`: the width constraint is removed and re-made with the new
    /// multiplier, then `layoutIfNeeded` and the new colour go in one spring block.
    private func animate(to status: Status) {
        view.removeConstraint(widthConstraint)
        widthConstraint = PasswordStrengthIndicator.width(of: bar, in: view, multiplier: status.widthMultiplier)
        view.addConstraint(widthConstraint)
        stage.animate(duration: Self.duration, dampingRatio: Self.dampingRatio, initialVelocity: Self.initialVelocity) {
            view.layoutIfNeeded()
            bar.backgroundColor = status.color
        }
    }
}
