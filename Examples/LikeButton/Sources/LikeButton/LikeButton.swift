import PoppingRender

/// A like button, written as you would in UIKit with POP: it shrinks while pressed, springs back
/// past its size when released, turns pink, and a "1 like" label springs up above it.
public enum LikeButton: Demo {
    public static let name = "like"
    public static let summary = "a like button that springs, turns pink and counts"
    public static let defaultDevice = Device.iphoneSE

    public static func start(_ settings: DemoSettings) throws -> DemoRun {
        let screen = LikeScreen(size: settings.screenSize)
        let frames = screen.stage.play(Script([
            .wait(0.5),
            .tap(.view("like"), hold: 0.2),
            .wait(1.5),
        ]))
        return DemoRun(stage: screen.stage, frameCount: frames, controller: screen)
    }
}

/// The view controller: its views and the animations its button's events run.
final class LikeScreen {
    let stage: Stage
    let button: Button
    let count: Label

    init(size: Size) {
        stage = Stage(screenSize: size, tintColor: Color(r255: 0, g: 122, b: 255))
        stage.window.backgroundColor = .white

        button = Button(name: "like", title: "Like", font: .named("Avenir-Medium", size: 22), titleColor: .white,
                        frame: Rect(size.width / 2 - 60, size.height / 2 - 25, 120, 50))
        button.backgroundColor = Color(white: 0.6)
        button.cornerRadius = 25
        stage.window.addSubview(button)

        count = Label(name: "count", text: "1 like", font: .named("Avenir-Light", size: 18), textColor: Color(white: 0.3),
                      alignment: .center)
        count.frame = Rect(size.width / 2 - 60, size.height / 2 - 25, 120, 30)
        count.alpha = 0
        stage.window.insertSubview(count, below: button)

        button.on(.touchDown) { [unowned self] _ in
            stage.animator.add(BasicAnimation(to: [0.9, 0.9]), forKey: "press", to: button, property: .view(.scaleXY))
        }
        button.on(.touchUpInside) { [unowned self] _ in liked() }
    }

    /// Springs the button back with a push, colours it, and springs the count out above it.
    func liked() {
        stage.animator.add(SpringAnimation(to: [1, 1], velocity: [4, 4], bounciness: 16), forKey: "release",
                           to: button, property: .view(.scaleXY))
        stage.animator.add(BasicAnimation(to: [1, 0.23, 0.45, 1]), forKey: "colour",
                           to: button, property: .view(.backgroundColor))
        count.alpha = 1
        stage.animator.add(SpringAnimation(to: [button.position.y - 50], bounciness: 12), forKey: "count",
                           to: count, property: .view(.positionY))
    }
}
