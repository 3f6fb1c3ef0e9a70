import Geometry
import Scene
import Text

/// The readme.io login form whose owl covers its eyes while the password is typed
/// (Andy0570's ReadMeLoginDemo; demos.md §2.1). Every rect below is the original's.
public enum OwlDemo: Demo {
    public static let name = "owl"
    public static let summary = "login form whose owl covers its eyes while the password is typed"
    public static let defaultDevice = Device.iphone8

    static let background = Color(r255: 238, g: 238, b: 238)
    static let headerBlue = Color(r255: 34, g: 131, b: 201)
    static let buttonBlue = Color(r255: 27, g: 105, b: 161)
    /// KOwlAnimationDuration.
    static let armDuration = 0.3

    /// The arm and eye-cover state machine of RMIOLoginView.
    enum ArmState { case start, down, up }

    public static func start(_ settings: DemoSettings) throws -> DemoRun {
        let owl = try OwlScreen(size: settings.screenSize)
        let end = owl.stage.play(Script([
            .wait(0.8),
            .tap(.view("usernameTextField")),
            .wait(0.3),
            .type("owl@readme.io", interval: 0.09),
            .wait(0.6),
            .tap(.view("passwordTextField")),
            .wait(0.7),
            .type("hoot-hoot", interval: 0.16),
            .wait(0.8),
            .tap(.view("usernameTextField")),
            .wait(1.0),
            .tap(.view("passwordTextField")),
            .wait(1.2),
            // The grey background between the card and the keyboard.
            .tap(.point(Point(settings.screenSize.width / 2, OwlScreen.cardFrame(width: settings.screenSize.width).maxY + 40))),
            .wait(1.2),
        ]))
        return DemoRun(stage: owl.stage, frameCount: end, controller: owl)
    }
}

/// The owl screen's views and the behaviour wired between them.
final class OwlScreen {
    let stage: Stage
    let username: TextField
    let password: TextField
    let eyes: View
    let armDownLeft: View, armDownRight: View, armUpLeft: View, armUpRight: View
    private var state = OwlDemo.ArmState.start
    /// faceRect.x = CGFloatPixelRound((W - 116) / 2): the original rounds at the device's scale (2x).
    let fx: Double

    init(size: Size) throws {
        func art(_ name: String, _ viewName: String, _ frame: Rect) throws -> ImageView {
            ImageView(name: viewName, image: try Assets.vector("Owl", name), frame: frame)
        }
        stage = Stage(screenSize: size, tintColor: Color(r255: 0, g: 122, b: 255))
        let w = size.width
        fx = PixelSnapping.round.snap((w - 116) / 2, scale: 2)
        let root = stage.window
        root.backgroundColor = OwlDemo.background
        root.addSubview(View(name: "header", frame: Rect(0, 0, w, 250)).with { $0.backgroundColor = OwlDemo.headerBlue })

        let card = View(name: "loginContainerView", frame: OwlScreen.cardFrame(width: w))
        card.backgroundColor = .white
        card.cornerRadius = 5
        root.addSubview(card)
        let cw = w - 40
        card.addSubview(Label(name: "titleLabel", text: "readme", font: .named("system", size: 20),
                              textColor: Color(white: 0.5), alignment: .center, frame: Rect(10, 15, cw - 20, 20)))
        username = OwlScreen.field(name: "usernameTextField", placeholder: "Email",
                                   icon: try art("icon-username", "usernameIcon", Rect(9, 9, 22, 22)),
                                   frame: Rect(20, 50, cw - 40, 40))
        password = OwlScreen.field(name: "passwordTextField", placeholder: "Password",
                                   icon: try art("icon-password", "passwordIcon", Rect(9, 9, 22, 22)),
                                   frame: Rect(20, 100, cw - 40, 40))
        password.isSecureTextEntry = true
        card.addSubview(username)
        card.addSubview(password)
        let login = Button(name: "loginButton", style: .custom, title: "Log in", font: .named("system", size: 18),
                           titleColor: .white, frame: Rect(20, 160, cw - 40, 40))
        login.backgroundColor = OwlDemo.buttonBlue
        login.cornerRadius = 5
        login.clipsToBounds = true
        card.addSubview(login)

        root.addSubview(try art("face", "owlFace", Rect(fx, 69, 116, 92)))
        eyes = try art("eyes", "owlEyes", Rect(fx, 69, 116, 92))
        eyes.alpha = 0
        root.addSubview(eyes)
        armDownLeft = try art("arm-down-left", "armDownLeft", OwlScreen.downLeft(fx, up: false))
        armDownRight = try art("arm-down-right", "armDownRight", OwlScreen.downRight(fx, up: false))
        armUpLeft = try art("arm-up-left", "armUpLeft", OwlScreen.upLeft(fx, up: false))
        armUpRight = try art("arm-up-right", "armUpRight", OwlScreen.upRight(fx, up: false))
        for arm in [armDownLeft, armDownRight, armUpLeft, armUpRight] { root.addSubview(arm) }
        root.addSubview(StatusBar(width: w))
        stage.installKeyboard(in: root)

        username.on(.editingDidBegin) { [unowned self] _ in
            // Default → Down without animation; Up → Down with it.
            if state == .up { setArms(up: false) }
            state = .down
        }
        password.on(.editingDidBegin) { [unowned self] _ in
            if state != .up { setArms(up: true) }
            state = .up
        }
        password.on(.editingDidEnd) { [unowned self] _ in
            if state == .up { setArms(up: false) }
            state = .down
        }
        stage.onBackgroundTap = { [unowned self] in stage.focus(nil) }
    }

    /// loginContainerView: the white card holding the form.
    static func cardFrame(width: Double) -> Rect { Rect(20, 150, width - 40, 215) }

    /// A rounded-rect field with a 40×40 left view holding its 22×22 icon at (9, 9).
    static func field(name: String, placeholder: String, icon: ImageView, frame: Rect) -> TextField {
        let f = TextField(name: name, placeholder: placeholder, borderStyle: .roundedRect, frame: frame)
        let left = View(name: name + ".leftView", frame: Rect(0, 0, 40, 40))
        left.isUserInteractionEnabled = false
        left.addSubview(icon)
        f.leftView = left
        return f
    }

    static func downLeft(_ fx: Double, up: Bool) -> Rect { up ? Rect(fx + 29, 148, 0, 0) : Rect(fx - 36, 134, 43, 25) }
    static func downRight(_ fx: Double, up: Bool) -> Rect { up ? Rect(fx + 116 - 29, 148, 0, 0) : Rect(fx + 116, 134, 43, 26) }
    static func upLeft(_ fx: Double, up: Bool) -> Rect { up ? Rect(fx - 6, 108, 51, 42) : Rect(fx - 15, 150, 0, 0) }
    static func upRight(_ fx: Double, up: Bool) -> Rect { up ? Rect(fx + 60, 107, 51, 43) : Rect(fx + 131, 150, 0, 0) }

    /// Moves both pairs of arms and fades the eye cover in 0.3 s, ease-in-out, as the original's
    /// `UIView animateWithDuration:animations:` block does.
    func setArms(up: Bool) {
        stage.animate(duration: OwlDemo.armDuration, curve: .easeInOut) { [self] in
            eyes.alpha = up ? 1 : 0
            armDownLeft.frame = OwlScreen.downLeft(fx, up: up)
            armDownRight.frame = OwlScreen.downRight(fx, up: up)
            armUpLeft.frame = OwlScreen.upLeft(fx, up: up)
            armUpRight.frame = OwlScreen.upRight(fx, up: up)
        }
    }
}
