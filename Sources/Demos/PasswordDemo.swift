import Geometry
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
        let screen = PasswordScreen(size: settings.screenSize)
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

    init(size: Size) {
        shell = PoppingShell(title: "Password Indicator Animation", size: size)
        // H:|-[field]-| and V:|-(88)-[field(==36)] with the standard 20 pt margin.
        field = TextField(name: PasswordScreen.fieldName, placeholder: "Enter a Password",
                          frame: Rect(20, 88, size.width - 40, 36))
        field.backgroundColor = Color(white: 0, alpha: 0.05)
        field.cornerRadius = 2
        field.leftView = View(name: "leftPaddingView", frame: Rect(0, 0, 10, 36)).with { $0.isUserInteractionEnabled = false }
        field.isSecureTextEntry = true
        shell.view.addSubview(field)

        // H:|-[bar]-| and V:[field]-[bar(==10)] with the standard 8 pt sibling gap.
        indicator = PasswordStrengthIndicator(stage: shell.stage, frame: Rect(20, field.frame.maxY + 8, size.width - 40, 10))
        shell.view.addSubview(indicator.view)

        let keyboard = KeyboardView(width: size.width, y: size.height - KeyboardView.height)
        stage.window.addSubview(keyboard)
        stage.onKey = { [unowned self, unowned keyboard] event in keyboard.press(event, atFrame: stage.frame) }

        field.on(.editingChanged) { [unowned self] _ in indicator.status = .init(length: field.text.count) }
        stage.focus(field)
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

    /// Setting the same status again does nothing, as in the original.
    var status = Status.none {
        didSet { if status != oldValue { animate(to: status) } }
    }

    init(stage: Stage, frame: Rect) {
        self.stage = stage
        view = View(name: "passwordStrengthIndicatorView", frame: frame)
        view.backgroundColor = Color(white: 0, alpha: 0.05)
        view.cornerRadius = 2
        bar = View(name: "indicatorView", frame: Rect(0, 0, 0, frame.height))
        bar.cornerRadius = 2
        view.addSubview(bar)
    }

    /// The new width (multiplier × the track's width, pinned left) and colour in one spring block.
    private func animate(to status: Status) {
        stage.animate(duration: Self.duration, dampingRatio: Self.dampingRatio, initialVelocity: Self.initialVelocity) {
            bar.frame = Rect(0, 0, status.widthMultiplier * view.bounds.width, view.bounds.height)
            bar.backgroundColor = status.color
        }
    }
}
