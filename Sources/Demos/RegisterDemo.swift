import Geometry
import Layout
import Scene
import Text

/// The register form of the iOS 7 Programming Cookbook (chapter 3, "Defining Horizontal and
/// Vertical Constraints with the Visual Format Language"; demos.md §3): two rounded-rect fields
/// and a system button placed by the recipe's visual format strings, typed into in portrait,
/// then turned to landscape and back while Auto Layout animates the new width.
///
/// Output canvas: to show the turn in frames of one size, the portrait render draws the phone
/// (screen and a dark bezel) centred on a light grey square that holds it at every angle of
/// the turn (668 pt for the 320×568 screen). The
/// phone turns first, as a hand turns it, and then iOS rotates the interface inside the screen
/// while the layout animates to the new width. `--orientation landscape` renders the landscape
/// layout alone, on a canvas that is just the landscape screen.
public enum RegisterDemo: Demo {
    public static let name = "register"
    public static let summary = "iOS 7 Cookbook register form laid out with VFL, relaid out as the phone turns"
    public static let defaultDevice = Device.iphoneSE

    public static func start(_ settings: DemoSettings) throws -> DemoRun {
        let size = settings.screenSize
        // A wide screen (`--orientation landscape`, or `--size` wider than tall) shows the landscape layout alone.
        let turning = settings.orientation == .portrait && size.width < size.height
        let screen = try RegisterScreen(size: size, showsPhone: turning)
        var steps: [Script.Step] = [
            .wait(0.6),
            .tap(.view("textFieldEmail")),
            .wait(0.3),
            .type("jane@example.com", interval: 0.08),
            .wait(0.5),
            .tap(.view("textFieldConfirmEmail")),
            .wait(0.3),
            .type("jane@example.com", interval: 0.08),
            .wait(0.8),
        ]
        if turning {
            steps += [.rotate(.landscape), .wait(2.2), .rotate(.portrait), .wait(1.8)]
        }
        let end = screen.stage.play(Script(steps))
        return DemoRun(stage: screen.stage, frameCount: end, controller: screen)
    }
}

/// The cookbook's view controller, inside a phone that can turn.
final class RegisterScreen {
    /// The recipe's visual formats, verbatim (kEmailTextFieldHorizontal … kRegisterVertical).
    static let formats = [
        "H:|-[_textFieldEmail]-|", "V:|-[_textFieldEmail]",
        "H:|-[_textFieldConfirmEmail]-|", "V:[_textFieldEmail]-[_textFieldConfirmEmail]",
        "V:[_textFieldConfirmEmail]-[_registerButton]",
    ]
    /// The phone's border around the screen when it is shown.
    static let bezel = 14.0
    /// How long the hand takes to turn the phone.
    static let turnDuration = 0.35
    /// iOS's interface rotation for a quarter turn: 0.4 s, ease-in-out.
    static let rotationDuration = 0.4

    let stage: Stage
    /// The phone: bezel and screen, turned by the hand.
    let phone: View
    /// The view controller's view, rotated and resized by the interface rotation.
    let view: View
    let textFieldEmail: TextField
    let textFieldConfirmEmail: TextField
    let registerButton: Button
    /// The screen in portrait, in points.
    let portrait: Size

    init(size: Size, showsPhone: Bool) throws {
        portrait = Size(min(size.width, size.height), max(size.width, size.height))
        let bezel = showsPhone ? RegisterScreen.bezel : 0
        // The phone's bounding box is widest half way through the turn: (w + h) / √2.
        let side = ((portrait.width + portrait.height + 4 * bezel) / 2.0.squareRoot() / 2).rounded(.up) * 2
        let canvas = showsPhone ? Size(side, side) : size
        stage = Stage(screenSize: canvas, tintColor: Color(r255: 0, g: 122, b: 255))
        stage.window.backgroundColor = Color(r255: 229, g: 229, b: 234)

        phone = View(name: "phone", frame: Rect((canvas.width - size.width) / 2 - bezel,
                                                (canvas.height - size.height) / 2 - bezel,
                                                size.width + 2 * bezel, size.height + 2 * bezel))
        phone.backgroundColor = Color(r255: 28, g: 28, b: 30)
        phone.cornerRadius = 2 * bezel
        let display = View(name: "display", frame: Rect(bezel, bezel, size.width, size.height))
        display.backgroundColor = .black
        display.clipsToBounds = true
        view = View(name: "view", frame: Rect(origin: .zero, size: size))
        view.backgroundColor = .white
        stage.window.addSubview(phone)
        phone.addSubview(display)
        display.addSubview(view)

        textFieldEmail = RegisterScreen.textField(placeholder: "Email", name: "textFieldEmail")
        textFieldConfirmEmail = RegisterScreen.textField(placeholder: "Confirm Email", name: "textFieldConfirmEmail")
        registerButton = Button(name: "registerButton", style: .system, title: "Register", font: .named("system", size: 15))
        registerButton.translatesAutoresizingMaskIntoConstraints = false
        let statusBar = StatusBar(width: size.width)
        statusBar.translatesAutoresizingMaskIntoConstraints = false
        for v in [textFieldEmail, textFieldConfirmEmail, registerButton, statusBar] as [View] { view.addSubview(v) }
        view.addConstraints(try constraints())
        view.addConstraints(try RegisterScreen.pinnedToTop(statusBar))
        stage.installKeyboard(in: view)

        stage.onRotate = { [unowned self] orientation in turn(to: orientation) }
    }

    static func textField(placeholder: String, name: String) -> TextField {
        let field = TextField(name: name, placeholder: placeholder, borderStyle: .roundedRect)
        field.translatesAutoresizingMaskIntoConstraints = false
        return field
    }

    /// The recipe's constraints: its five formats and the button centred on the view.
    func constraints() throws -> [LayoutConstraint] {
        let views: [String: View] = ["_textFieldEmail": textFieldEmail, "_textFieldConfirmEmail": textFieldConfirmEmail,
                                     "_registerButton": registerButton]
        let fromFormats = try RegisterScreen.formats.flatMap { try View.constraints(withVisualFormat: $0, views: views) }
        return fromFormats + LayoutConstraint.equal([.centerX], of: registerButton, to: view)
    }

    /// The status bar along the top of the view, as wide as the view in either orientation.
    static func pinnedToTop(_ statusBar: StatusBar) throws -> [LayoutConstraint] {
        let views = ["statusBar": statusBar as View]
        return try ["H:|[statusBar]|", "V:|[statusBar(20)]"].flatMap {
            try View.constraints(withVisualFormat: $0, views: views)
        }
    }

    /// The hand turns the phone (the interface turning with it), then iOS rotates the interface
    /// back upright inside the screen while the view takes the new size and the constraints
    /// animate the fields to the new width, all in one 0.4 s block as UIKit's rotation does.
    func turn(to orientation: Orientation) {
        let landscape = orientation == .landscape
        stage.animate(duration: RegisterScreen.turnDuration, curve: .easeInOut) { [self] in
            phone.transform = LayerTransform(rotation: landscape ? -.pi / 2 : 0)
        }
        stage.run(after: RegisterScreen.turnDuration) { [self] in
            stage.animate(duration: RegisterScreen.rotationDuration, curve: .easeInOut) {
                view.transform = LayerTransform(rotation: landscape ? .pi / 2 : 0)
                view.bounds.size = landscape ? Size(portrait.height, portrait.width) : portrait
                view.layoutIfNeeded()
            }
        }
    }
}
