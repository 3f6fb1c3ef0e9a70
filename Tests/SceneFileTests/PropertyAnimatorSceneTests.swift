import Demos
import Foundation
import Geometry
import Scene
import SceneFile
import Testing

/// `type: propertyAnimator` (UIViewPropertyAnimator) in scene files and the actions that drive it.
@Suite struct PropertyAnimatorSceneTests {
    private func problems(_ yaml: String) -> [String] { SceneProblemTests.problems(yaml) }

    /// A card moved from x = 0 to x = 200 by the `slide` animator (1 s, linear), with the given handlers and script.
    private func scene(_ handlers: String, script: String = "  - wait: 2") -> String {
        """
        views:
          - {view: card, frame: [0, 100, 100, 100], backgroundColor: systemBlue}
          - {view: flag, frame: [0, 300, 10, 10], backgroundColor: red}
        animations:
          slide:
            type: propertyAnimator
            duration: 1
            curve: linear
            changes: [set: {card: {frame: [200, 100, 100, 100]}}]
        on:
        \(handlers)
        script:
        \(script)
        """
    }

    /// A tap on the background after half a second, then a second more.
    static let tapAtHalfASecond = """
          - wait: 0.5
          - tap: [300, 500]
          - wait: 1
        """

    /// The card's shown x on each frame.
    private func xs(_ yaml: String) throws -> (xs: [Double], stage: Stage) {
        let run = try ScenePlaybackTests.start(yaml)
        var xs: [Double] = []
        ScenePlaybackTests.play(run) { _, stage in xs.append(stage.window.view(named: "card")!.presentedFrame.x) }
        return (xs, run.stage)
    }

    @Test func theExampleAnimatorIsNamedAsMovingWhileScrubbedContinuedAndReversed() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Scenes/animator.yaml").path
        let run = try SceneFile.load(path: examples).start(DemoSettings(screenSize: Size(375, 667)))
        var moving: [Int] = []
        ScenePlaybackTests.play(run) { f, stage in
            if stage.movingNames.contains("propertyAnimator expand") { moving.append(f) }
        }
        // The drag scrubs it (frames 19–78: the slider moves from the frame after the finger
        // lands), "Finish" continues it over 0.3 s from its touch-up on 109, and the card's tap
        // at 170 sends it back over the 0.6 s it took to open.
        let spans = moving.reduce(into: [[Int]]()) { spans, f in
            if let last = spans.last?.last, last == f - 1 { spans[spans.count - 1].append(f) } else { spans.append([f]) }
        }
        #expect(spans.map { [$0.first!, $0.last!] } == [[19, 78], [109, 126], [170, 205]])
    }

    @Test func aScrubbedAnimatorShowsTheFractionLinearlyAndContinuesFromThere() throws {
        let yaml = scene("""
              screen.load: [fractionComplete: {slide: 0.25}]
              screen.tap: [continueAnimation: {slide: {durationFactor: 0.5}}]
              slide.completion: [set: {flag: {alpha: 0}}]
            """, script: Self.tapAtHalfASecond)
        #expect(problems(yaml) == [])
        let (xs, stage) = try xs(yaml)
        #expect(abs(xs[0] - 50) < 1e-6 && abs(xs[20] - 50) < 1e-6)
        // Continued from the 50 shown to 200 along its own (linear) curve over 0.5 s.
        let tap = try #require(xs.firstIndex { $0 > 50 + 1e-6 })
        let halfWay: Double = 50 + 150 * 15.0 / 30
        #expect(abs(xs[tap + 14] - halfWay) < 1e-6)
        #expect(xs.last == 200 && stage.window.view(named: "flag")?.alpha == 0)
    }

    @Test func runStartsItAndReversingSendsItBackToWhereItBegan() throws {
        let yaml = scene("""
              screen.load: [run: slide]
              screen.tap: [isReversed: {slide: true}]
            """, script: Self.tapAtHalfASecond)
        #expect(problems(yaml) == [])
        let (xs, stage) = try xs(yaml)
        let peak = try #require(xs.max())
        #expect(peak > 110 && peak < 130 && xs.last == 0)
        #expect(stage.window.view(named: "card")?.frame.x == 0)
    }

    @Test func aSliderScrubsTheAnimatorThroughItsValue() throws {
        let yaml = scene("""
              scrubber.valueChanged: [fractionComplete: {slide: scrubber.value}]
            """, script: """
              - drag: scrubber
                to: 0.5
                duration: 0.5
              - wait: 0.5
            """).replacingOccurrences(of: "views:\n", with: "views:\n  - {slider: scrubber, frame: [20, 400, 280, 31]}\n")
        #expect(problems(yaml) == [])
        let (xs, stage) = try xs(yaml)
        let slider = try #require(stage.window.view(named: "scrubber") as? Slider)
        #expect(abs(slider.value - 0.5) < 1e-9 && abs(xs.last! - 200 * slider.value) < 1e-6)
    }

    @Test func addAnimationsWithADelayFactorJoinsTheAnimator() throws {
        let yaml = scene("""
              screen.load:
                - addAnimations: {slide: {changes: [set: {flag: {alpha: 0}}], delayFactor: 0.5}}
                - startAnimation: slide
                  afterDelay: 0.25
            """)
        #expect(problems(yaml) == [])
        let run = try ScenePlaybackTests.start(yaml)
        var alphas: [Double] = []
        ScenePlaybackTests.play(run) { _, stage in
            let flag = stage.window.view(named: "flag")!
            alphas.append(flag.presentation.alpha ?? flag.alpha)
        }
        // Starts at 0.25 s; the added block begins half-way, at 0.75 s, and ends with it at 1.25 s.
        #expect(alphas[44] == 1 && abs(alphas[60] - 0.5) < 1e-6 && alphas[80] == 0)
    }

    @Test func stopAndFinishLeaveTheCardWhereItStoodAndRunTheCompletion() throws {
        let yaml = scene("""
              screen.load: [startAnimation: slide]
              screen.tap: [stopAnimation: {slide: false}, finishAnimation: {slide: current}]
              slide.completion: [set: {flag: {alpha: 0}}]
            """, script: Self.tapAtHalfASecond)
        #expect(problems(yaml) == [])
        let (xs, stage) = try xs(yaml)
        let card = try #require(stage.window.view(named: "card"))
        #expect(card.frame.x > 110 && card.frame.x < 130 && xs.last == card.frame.x)
        #expect(stage.window.view(named: "flag")?.alpha == 0)
    }

    @Test func everyMisuseIsOneLineAtItsKey() {
        let found = problems("""
            views:
              - {view: card, frame: [0, 0, 10, 10]}
            animations:
              slide: {type: propertyAnimator, duration: 1, changes: [set: {card: {alpha: 0}}], repeatForever: true}
              empty: {type: propertyAnimator, duration: 1}
              block: {type: animate, duration: 1, scrubsLinearly: true, changes: [startAnimation: slide]}
            on:
              screen.load:
                - startAnimation: [slide, block]
                - pauseAnimation: nope
                - fractionComplete: {slide: 1.5}
                - isReversed: {block: true}
                - continueAnimation: {slide: {durationFactor: -1, timingParameters: {dampingFraction: 700}}}
                - addAnimations: {slide: {changes: [set: {card: {alpha: 1}}], delayFactor: 2}}
                - endEditing: true
                  afterDelay: 1
            """)
        #expect(found == [
            "t.yaml:4:84: 'repeatForever' does nothing on a UIViewPropertyAnimator (propertyAnimator); a POP spring, a POP basic animation, a POP decay, a CABasicAnimation (basic with keyPath), a CASpringAnimation (spring with keyPath), a CAKeyframeAnimation (keyframe), a CAAnimationGroup (group) take it",
            "t.yaml:5:10: a propertyAnimator needs changes (its animations block)",
            "t.yaml:6:39: 'scrubsLinearly' does nothing on an animate block; a UIViewPropertyAnimator (propertyAnimator) takes it",
            "t.yaml:6:71: an animate block or transition changes only set, activate, deactivate, constant, shuffle, layoutIfNeeded, insertArrangedSubview, removeArrangedSubview",
            "t.yaml:9:31: unknown propertyAnimator 'block' ('block' is an animate block)",
            "t.yaml:10:23: unknown propertyAnimator 'nope'",
            "t.yaml:11:33: fractionComplete lies in 0…1",
            "t.yaml:12:20: unknown propertyAnimator 'block'",
            "t.yaml:13:51: durationFactor lies in 0…100",
            "t.yaml:13:91: dampingFraction lies in 0.01…100.0",
            "t.yaml:14:80: delayFactor lies in 0…1",
            "t.yaml:16:7: afterDelay goes with startAnimation (startAnimation(afterDelay:))",
        ])
    }
}
