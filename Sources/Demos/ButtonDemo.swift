import Geometry
import Layout
import Motion
import Scene
import Text

/// Popping's "Button Animation" (ButtonViewController and FlatButton; demos.md §1.3, seed 001): a
/// flat "Log in" button that squashes when pressed and springs back when released, spins the
/// activity indicators for 1.5 s, then shakes while an error label pops out from behind it.
public enum ButtonDemo: Demo {
    public static let name = "button"
    public static let summary = "flat login button: press, spring back, spinners, shake and an error label popping out"
    public static let defaultDevice = Device.iphoneSE

    public static func start(_ settings: DemoSettings) throws -> DemoRun {
        let screen = ButtonScreen(size: settings.screenSize)
        let end = screen.stage.play(Script([
            .wait(0.8),
            .tap(.view(ButtonScreen.buttonName)),
            .wait(3.2),
            .tap(.view(ButtonScreen.buttonName)),
            .wait(3.4),
        ]))
        return DemoRun(stage: screen.stage, frameCount: end, controller: screen)
    }
}

/// The button screen's views and the POP animations wired to the button's control events.
final class ButtonScreen {
    static let buttonName = "button"
    /// How long the fake login request takes (the original's `dispatch_after` of 1.5 s).
    static let requestDuration = 1.5

    let shell: PoppingShell
    var stage: Stage { shell.stage }
    let button: Button
    let errorLabel: Label
    let activityIndicator: ActivityIndicatorView

    init(size: Size) {
        shell = PoppingShell(title: "Button Animation", size: size)
        button = Button(name: ButtonScreen.buttonName, style: .custom, title: "Log in",
                        font: .named("Avenir-Medium", size: 22), titleColor: .white)
        button.contentPadding = Size(56, 8)
        button.backgroundColor = .customBlue
        button.cornerRadius = 4
        // Centred by Auto Layout (centerX and centerY equal to the view's) at its intrinsic size.
        button.translatesAutoresizingMaskIntoConstraints = false
        shell.view.addSubview(button)
        shell.view.addConstraints(LayoutConstraint.equal([.centerX, .centerY], of: button, to: shell.view))

        // Hidden behind the button at half size until the first error (the seed's version;
        // the later source also starts it transparent).
        errorLabel = Label(name: "errorLabel", text: "Just a serious login error.", font: .named("Avenir-Light", size: 18),
                           textColor: .customRed, alignment: .center)
        errorLabel.translatesAutoresizingMaskIntoConstraints = false
        errorLabel.transform = LayerTransform(scaleX: 0.5, scaleY: 0.5)
        errorLabel.alpha = 0
        shell.view.insertSubview(errorLabel, below: button)
        // centerX and centerY equal to the button's; POP then moves the layer, not the constraints.
        shell.view.addConstraints(LayoutConstraint.equal([.centerX, .centerY], of: errorLabel, to: button))
        shell.view.layoutIfNeeded()

        activityIndicator = ActivityIndicatorView(name: "activityIndicatorView", frame: Rect(0, 0, 20, 20))
        shell.navigationBar.setRightItem(activityIndicator)

        button.on(.touchDown) { [unowned self] _ in scaleToSmall() }
        button.on(.touchUpInside) { [unowned self] _ in
            scaleAnimation()
            touchUpInside()
        }
    }

    /// FlatButton's `scaleToSmall`: a basic animation to 95 %.
    func scaleToSmall() {
        stage.animator.add(BasicAnimation(to: [0.95, 0.95]), forKey: "layerScaleSmallAnimation", to: button,
                           property: .view(.scaleXY))
    }

    /// FlatButton's `scaleAnimation`: springs back to full size with a push.
    func scaleAnimation() {
        stage.animator.add(SpringAnimation(to: [1, 1], velocity: [3, 3], bounciness: 18),
                           forKey: "layerScaleSpringAnimation", to: button, property: .view(.scaleXY))
    }

    /// The controller's `touchUpInside:`: hide the label, start the spinners, block the button
    /// and answer 1.5 s later with the error.
    func touchUpInside() {
        hideLabel()
        activityIndicator.startAnimating(atFrame: stage.frame)
        shell.statusBar.networkActivity.startAnimating(atFrame: stage.frame)
        button.isUserInteractionEnabled = false
        stage.run(after: ButtonScreen.requestDuration) { [unowned self] in
            shell.statusBar.networkActivity.stopAnimating()
            activityIndicator.stopAnimating()
            shakeButton()
            showLabel()
        }
    }

    func hideLabel() {
        stage.animator.add(BasicAnimation(to: [0.5, 0.5]), forKey: "layerScaleAnimation", to: errorLabel,
                           property: .view(.scaleXY))
        stage.animator.add(BasicAnimation(to: [button.position.y]), forKey: "layerPositionAnimation", to: errorLabel,
                           property: .view(.positionY))
    }

    /// A spring on x with only a velocity: it swings out and settles back where it was.
    func shakeButton() {
        let shake = SpringAnimation(velocity: [2000], bounciness: 20)
        shake.completion = { [unowned self] _ in button.isUserInteractionEnabled = true }
        stage.animator.add(shake, forKey: "positionAnimation", to: button, property: .view(.positionX))
    }

    func showLabel() {
        errorLabel.alpha = 1
        stage.animator.add(SpringAnimation(to: [1, 1], bounciness: 18), forKey: "labelScaleAnimation", to: errorLabel,
                           property: .view(.scaleXY))
        let below = button.position.y + (button.intrinsicContentSize?.height ?? 0)
        stage.animator.add(SpringAnimation(to: [below], bounciness: 12), forKey: "layerPositionAnimation", to: errorLabel,
                           property: .view(.positionY))
    }
}
