import Geometry
import Scene
import Text
import Testing

@Suite struct StageTests {
    /// A stage with two fields and a button, recording every control event in order.
    final class Fixture {
        let stage = Stage(screenSize: Size(320, 568), tintColor: .black)
        var log: [String] = []

        init() {
            for (i, name) in ["a", "b"].enumerated() {
                let field = TextField(name: name, placeholder: name, frame: Rect(20, 100 + Double(i) * 50, 280, 40))
                for e in [ControlEvent.editingDidBegin, .editingChanged, .editingDidEnd] {
                    field.on(e) { [unowned self] c in log.append("\(c.name).\(e)") }
                }
                stage.window.addSubview(field)
            }
            let button = Button(name: "go", title: "Go", font: .named("system", size: 17), frame: Rect(20, 300, 100, 40))
            for e in [ControlEvent.touchDown, .touchUpInside] { button.on(e) { [unowned self] c in log.append("\(c.name).\(e)") } }
            stage.window.addSubview(button)
            stage.onBackgroundTap = { [unowned self] in log.append("background") }
        }

        func run(frames: Int) {
            for _ in 0..<frames {
                stage.advanceFrame()
                stage.endFrame()
            }
        }
    }

    @Test func tappingAnotherFieldEndsEditingInTheFirstBeforeTheSecondBegins() {
        let f = Fixture()
        let end = f.stage.play(Script([.tap(.view("a")), .type("x"), .tap(.view("b")), .tap(.point(Point(10, 10)))]))
        f.run(frames: end + 1)
        #expect(f.log == ["a.editingDidBegin", "a.editingChanged", "a.editingDidEnd", "b.editingDidBegin", "background"])
        #expect((f.stage.window.view(named: "a") as? TextField)?.text == "x")
    }

    @Test func buttonReportsTouchDownThenTouchUpInside() {
        let f = Fixture()
        let end = f.stage.play(Script([.tap(.view("go"))]))
        f.run(frames: end + 1)
        #expect(f.log == ["go.touchDown", "go.touchUpInside"])
    }

    @Test func disabledButtonIgnoresTouches() {
        let f = Fixture()
        (f.stage.window.view(named: "go") as? Control)?.isEnabled = false
        let end = f.stage.play(Script([.tap(.view("go"))]))
        f.run(frames: end + 1)
        #expect(f.log.isEmpty)
    }

    @Test func blockAnimationShowsStartValueOnItsFirstFrameAndEndsAtTheModelValue() {
        let stage = Stage(screenSize: Size(320, 568), tintColor: .black)
        let v = View(frame: Rect(0, 0, 10, 10))
        stage.window.addSubview(v)
        stage.animate(duration: 0.3, curve: .linear) { v.frame = Rect(100, 0, 10, 10) }
        #expect(v.presentedFrame.x == 0)
        #expect(v.frame.x == 100)
        stage.endFrame()
        for _ in 1...9 {
            stage.advanceFrame()
            stage.endFrame()
        }
        stage.advanceFrame()
        // The linear curve is solved as a Bézier to Core Animation's 1e-6 tolerance.
        #expect(abs(v.presentedFrame.x - 100.0 * 10 / 18) < 1e-4)
        for _ in 0..<9 {
            stage.endFrame()
            stage.advanceFrame()
        }
        #expect(v.presentation.position == nil)
        #expect(v.presentedFrame.x == 100)
    }

    /// UIKit animates `layer.cornerRadius` inside an animation block since iOS 11, and changes
    /// zPosition (a layer property UIView gives no animation action) at once.
    @Test func aBlockAnimatesCornerRadiusAndSetsZPositionAtOnce() {
        let stage = Stage(screenSize: Size(320, 568), tintColor: .black)
        let v = View(frame: Rect(0, 0, 100, 100))
        v.backgroundColor = .black
        stage.window.addSubview(v)
        stage.animate(duration: 0.5, curve: .linear) {
            v.cornerRadius = 50
            v.zPosition = 3
        }
        for _ in 0..<15 {
            stage.advanceFrame()
            stage.endFrame()
        }
        stage.advanceFrame()
        #expect(abs((v.presentation.cornerRadius ?? 0) - 25) < 1e-4 && v.cornerRadius == 50 && v.zPosition == 3)
        // The corner shown is the animated one: a quarter radius in at the corner's diagonal.
        let pixels = stage.displayList(scale: 1, snapping: .round, showTouches: false).rasterise()
        #expect(pixels[1, 1].a == 0 && pixels[10, 10].a == 255)
        for _ in 0..<15 {
            stage.endFrame()
            stage.advanceFrame()
        }
        #expect(v.presentation.cornerRadius == nil)
    }
}

@Suite struct StageTimerTests {
    @Test func aBlockScheduledAfterADelayRunsOnThatFrameAfterItsEvents() {
        let stage = Stage(screenSize: Size(320, 568), tintColor: .black)
        let field = TextField(name: "f", placeholder: "", frame: Rect(0, 100, 100, 40))
        stage.window.addSubview(field)
        stage.focus(field)
        stage.play(Script([.wait(1.5), .type("x", interval: 0)]))
        var ran: [(frame: Int, text: String)] = []
        stage.run(after: 1.5) { ran.append((stage.frame, field.text)) }
        for _ in 0..<100 {
            stage.advanceFrame()
            stage.endFrame()
        }
        #expect(ran.count == 1)
        #expect(ran.first?.frame == 90)
        #expect(ran.first?.text == "x")
    }
}
