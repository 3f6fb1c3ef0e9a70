import Foundation
import Scene
import SceneFile
import Testing

/// Repeating animations in scene files, as POP (`repeatCount`, `repeatForever`, `autoreverses`)
/// and UIKit (`options: [repeat, autoreverse]`, `repeatCount`) spell them.
@Suite struct RepeatSceneTests {
    @Test func repeatsAreCheckedAsEachKindSpellsThem() {
        let found = SceneProblemTests.problems("""
            views:
              - {view: box, frame: [0, 0, 10, 10]}
            animations:
              a: {type: basic, view: box, property: opacity, toValue: 0, repeatCount: -1}
              b: {type: basic, view: box, property: opacity, toValue: 0, repeatCount: 1.5}
              c: {type: basic, view: box, property: opacity, toValue: 0, repeatCount: 2, repeatForever: true}
              d: {type: basic, view: box, property: opacity, toValue: 0, options: [repeat]}
              e: {type: animate, duration: 1, changes: [set: {box: {alpha: 0}}], repeatForever: true, autoreverses: true}
              f: {type: animate, duration: 1, changes: [set: {box: {alpha: 0}}], options: [repeat], repeatCount: 2}
              ok: {type: animate, duration: 1, changes: [set: {box: {alpha: 0}}], options: [autoreverse], repeatCount: 2.5}
              ok2: {type: spring, view: box, property: opacity, toValue: 0, repeatForever: true, autoreverses: true}
            """)
        #expect(found == [
            "t.yaml:4:75: repeatCount lies in 0.0…1000000.0",
            "t.yaml:5:75: a POP animation's repeatCount is a whole number (an animate block takes fractions)",
            "t.yaml:6:62: give repeatCount or repeatForever, not both",
            "t.yaml:7:62: options belong to an animate block; a POP animation repeats with repeatCount, repeatForever and autoreverses",
            "t.yaml:8:70: an animate block repeats forever with `options: [repeat]`",
            "t.yaml:8:91: an animate block autoreverses with `options: [autoreverse]`",
            "t.yaml:9:89: give repeatCount or the repeat option, not both",
        ], "\(found)")
        #expect(SceneProblemTests.problems("animations:\n  g: {type: animate, duration: 1, changes: [], options: [forever]}\n")
                == ["t.yaml:2:58: unknown value 'forever' (expected repeat, autoreverse)"])
    }

    /// A POP animation that repeats forever keeps going, never runs its completion handlers, and
    /// `waitUntilSettled` does not wait for it (as for a spinner).
    @Test func aRepeatForeverAnimationNeitherCompletesNorHoldsUpWaitUntilSettled() throws {
        let run = try ScenePlaybackTests.start("""
            views:
              - {view: dot, frame: [0, 0, 10, 10], backgroundColor: black}
              - {view: box, frame: [0, 20, 10, 10], backgroundColor: black}
            animations:
              pulse: {type: basic, view: dot, property: opacity, fromValue: 1, toValue: 0.2, duration: 0.5, repeatForever: true, autoreverses: true}
              slide: {type: basic, view: box, property: positionX, toValue: 100, duration: 0.5}
            on:
              screen.load: [run: [pulse, slide]]
              pulse.completion: [set: {box: {alpha: 0}}]
            script:
              - waitUntilSettled: true
            """)
        // The slide rests on frame 30: the script ends there, whatever the pulse does.
        #expect(run.frameCount == 31)
        var alphas: [Double] = []
        ScenePlaybackTests.play(run) { _, stage in alphas.append(stage.window.view(named: "dot")!.alpha) }
        #expect(alphas[0] == 1 && abs(alphas[30] - 0.2) < 1e-9 && alphas[15] < 0.7)
        #expect(run.stage.window.view(named: "box")!.alpha == 1)
    }

    /// `repeatCount` and `autoreverses` on a POP basic: there and back twice, then the
    /// completion handlers run once.
    @Test func aCountedAutoreversingAnimationCompletesAfterItsLastLeg() throws {
        let run = try ScenePlaybackTests.start("""
            views:
              - {view: box, frame: [0, 0, 10, 10], backgroundColor: black}
            animations:
              bob: {type: basic, view: box, property: positionY, fromValue: 5, toValue: 65, duration: 0.25, timingFunction: linear, repeatCount: 2, autoreverses: true}
            states:
              done: {values: [no, yes, twice], initial: no}
            on:
              screen.load: [run: bob]
              bob.completion: [nextState: done]
            script:
              - waitUntilSettled: true
            """)
        #expect(run.frameCount == 61)
        var ys: [Double] = []
        ScenePlaybackTests.play(run) { _, stage in ys.append(stage.window.view(named: "box")!.position.y) }
        #expect(ys[15] == 65 && ys[30] == 5 && ys[45] == 65 && ys[60] == 5)
    }

    /// An animate block with `options: [autoreverse]` and a fractional `repeatCount`: Core
    /// Animation's clock, then the model value, and the completion after the last repetition.
    @Test func anAnimateBlockRepeatsByItsOptionsAndRepeatCount() throws {
        let run = try ScenePlaybackTests.start("""
            views:
              - {view: box, frame: [0, 0, 10, 10], backgroundColor: black}
              - {view: flag, frame: [0, 20, 10, 10], backgroundColor: black}
            animations:
              sway: {type: animate, duration: 0.25, curve: linear, options: [autoreverse], repeatCount: 1.5,
                     changes: [set: {box: {center: [65, 5]}}]}
              mark: {type: animate, duration: 0.1, changes: [set: {flag: {alpha: 0}}]}
            on:
              screen.load: [run: sway]
              sway.completion: [run: mark]
            script:
              - waitUntilSettled: true
            """)
        var xs: [Double] = [], flag: [Double] = []
        ScenePlaybackTests.play(run) { _, stage in
            xs.append(stage.window.view(named: "box")!.presentedFrame.midX)
            flag.append(stage.window.view(named: "flag")!.alpha)
        }
        // 0.25 s there, back, there again, then the model value: 45 frames; the mark then runs 6.
        #expect(abs(xs[15] - 65) < 1e-6 && abs(xs[30] - 5) < 1e-6 && abs(xs[40] - 45) < 0.01 && xs[45] == 65)
        #expect(flag[44] == 1 && flag[45] == 0 && run.frameCount == 52)
    }

    /// A `waitUntilSettled` that reaches its timeout (a completion handler that restarts its own
    /// animation never rests) still ends the script there.
    @Test func aSelfRestartingLoopEndsAtTheTimeout() throws {
        let run = try ScenePlaybackTests.start("""
            views:
              - {view: box, frame: [0, 0, 10, 10], backgroundColor: black}
            animations:
              spin: {type: basic, view: box, property: rotation, toValue: 6.283, duration: 0.5}
            on:
              screen.load: [run: spin]
              spin.completion: [run: spin]
            script:
              - waitUntilSettled: true
                timeout: 2
            """)
        #expect(run.frameCount == 120)
    }

    /// `stop` removes what an animate block that repeats forever started: the view shows its end
    /// value, and the block's completion handlers run.
    @Test func stopEndsAnAnimateBlockThatRepeatsForever() throws {
        let run = try ScenePlaybackTests.start("""
            views:
              - {view: dot, frame: [0, 0, 10, 10], backgroundColor: black}
              - {view: flag, frame: [0, 20, 10, 10], backgroundColor: black}
            animations:
              blink: {type: animate, duration: 0.25, curve: linear, options: [repeat, autoreverse], changes: [set: {dot: {alpha: 0}}]}
            on:
              screen.load: [run: blink, {after: 0.5, stop: blink}]
              blink.completion: [set: {flag: {alpha: 0.5}}]
            script:
              - wait: 1
            """)
        var alphas: [Double] = []
        ScenePlaybackTests.play(run) { _, stage in
            let dot = stage.window.view(named: "dot")!
            alphas.append(dot.presentation.alpha ?? dot.alpha)
        }
        #expect(abs(alphas[8] - 0.4667) < 0.01 && alphas[29] > 0.9 && alphas[30] == 0 && alphas[59] == 0)
        #expect(run.stage.window.view(named: "flag")!.alpha == 0.5)
    }
}
