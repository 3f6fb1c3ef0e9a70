import Foundation
import Geometry
import Motion
import Scene
import SceneFile
import Testing

/// Springs in every iOS form, Core Animation key paths, keyframes and groups in scene files,
/// each checked frame by frame against the closed form or Core Animation's keyframe arithmetic.
@Suite struct MotionSceneTests {
    /// The value `read` gives on every frame of the scene.
    private func frames(_ yaml: String, _ read: (Stage) -> Double) throws -> [Double] {
        let run = try ScenePlaybackTests.start(yaml)
        var values: [Double] = []
        ScenePlaybackTests.play(run) { _, stage in values.append(read(stage)) }
        return values
    }

    @Test func aSwiftUISpringBlockFollowsTheClosedFormFrameByFrame() throws {
        let xs = try frames("""
            views:
              - {view: card, frame: [0, 0, 40, 40], backgroundColor: systemBlue}
            animations:
              move: {type: animate, curve: {response: 0.4, dampingFraction: 0.6}, changes: [set: {card: {center: [120, 20]}}]}
            on:
              screen.load: [run: move]
            script:
              - waitUntilSettled: true
            """) { $0.window.view(named: "card")!.presentedFrame.midX }
        let o = DampedOscillator(naturalFrequency: 2 * .pi / 0.4, dampingRatio: 0.6)
        #expect(xs.count > 30)
        for (i, x) in xs.enumerated() where Double(i) / 60 < o.settlingDuration() {
            #expect(abs(x - (20 + 100 * o.progress(at: Double(i) / 60))) < 1e-9, "frame \(i)")
        }
        #expect(xs.last == 120)
    }

    @Test func aKeyframePulseIsCoreAnimationsLinearKeyframeArithmetic() throws {
        let scales = try frames("""
            views:
              - {view: heart, frame: [0, 0, 40, 40], backgroundColor: systemRed}
            animations:
              pulse: {type: keyframe, view: heart, keyPath: transform.scale, values: [1, 1.2, 0.9, 1], keyTimes: [0, 0.3, 0.7, 1], duration: 0.6}
            on:
              screen.load: [run: pulse]
            script:
              - waitUntilSettled: true
            """) { $0.window.view(named: "heart")!.transform.scaleX }
        #expect(scales.count == 37)
        for (i, s) in scales.enumerated() {
            let f = min(Double(i) / 60 / 0.6, 1)
            let expected = f <= 0.3 ? 1 + 0.2 * f / 0.3 : f <= 0.7 ? 1.2 - 0.3 * (f - 0.3) / 0.4 : 0.9 + 0.1 * (f - 0.7) / 0.3
            #expect(abs(s - (i == 36 ? 1 : expected)) < 1e-9, "frame \(i)")
        }
    }

    @Test func aCoreAnimationKeyPathLeavesTheModelValueUnlessItFillsForwards() throws {
        let yaml = """
            views:
              - {view: a, frame: [0, 0, 40, 40], backgroundColor: black}
              - {view: b, frame: [0, 50, 40, 40], backgroundColor: black}
            animations:
              fade: {type: basic, view: a, keyPath: opacity, fromValue: 1, toValue: 0.2, duration: 0.5}
              hold: {type: basic, view: b, keyPath: opacity, fromValue: 1, toValue: 0.2, duration: 0.5, beginTime: 0.25, fillMode: both, isRemovedOnCompletion: false}
            on:
              screen.load: [run: [fade, hold]]
            script:
              - wait: 1
            """
        let a = try frames(yaml) { $0.window.view(named: "a")!.alpha }
        let b = try frames(yaml) { $0.window.view(named: "b")!.alpha }
        #expect(abs(a[15] - 0.6) < 1e-9 && a[30] == 1 && a.last == 1)
        #expect(b[0] == 1 && b[10] == 1 && abs(b[30] - 0.6) < 1e-9 && abs(b.last! - 0.2) < 1e-9)
    }

    @Test func colourValuesTakeAnyColourTheSceneAccepts() throws {
        let run = try ScenePlaybackTests.start("""
            views:
              - {view: dot, frame: [0, 0, 40, 40], backgroundColor: "#FF3B30"}
            animations:
              go: {type: basic, view: dot, property: backgroundColor, toValue: systemGreen, duration: 0.2}
              edge: {type: basic, view: dot, property: borderColor, toValue: "#34C759", duration: 0.2}
            on:
              screen.load: [run: [go, edge]]
            script:
              - waitUntilSettled: true
            """)
        ScenePlaybackTests.play(run)
        let dot = run.stage.window.view(named: "dot")!
        #expect(dot.backgroundColor == Color(r255: 52, g: 199, b: 89) && dot.border?.color == Color(r255: 52, g: 199, b: 89))
    }

    /// POP's shadow and tint rows: a card lifts (its shadow grows, darkens and drops) while a
    /// symbol's tint turns green, all by their POP names.
    @Test func shadowsAndTintsAnimateByPOPNames() throws {
        let run = try ScenePlaybackTests.start("""
            views:
              - {view: card, frame: [20, 20, 100, 60], backgroundColor: white, shadowOpacity: 0.1}
              - {imageView: heart, image: "symbol:heart.fill", tintColor: systemRed, frame: [140, 20, 30, 30]}
            animations:
              lift: {type: basic, view: card, property: shadowOpacity, toValue: 0.3, duration: 0.2}
              blur: {type: basic, view: card, property: shadowRadius, toValue: 12, duration: 0.2}
              drop: {type: spring, view: card, property: shadowOffset, toValue: [0, 8]}
              shade: {type: basic, view: card, property: shadowColor, toValue: "#001020", duration: 0.2}
              tint: {type: basic, view: heart, property: tintColor, toValue: "#34C759", duration: 0.2}
            on:
              screen.load: [run: [lift, blur, drop, shade, tint]]
            script:
              - waitUntilSettled: true
            """)
        ScenePlaybackTests.play(run)
        let card = run.stage.window.view(named: "card")!
        #expect(abs(card.shadowOpacity - 0.3) < 1e-9 && card.shadowRadius == 12)
        #expect(abs(card.shadowOffset.width) < 0.01 && abs(card.shadowOffset.height - 8) < 0.01)
        #expect(card.shadowColor == Color(r255: 0, g: 16, b: 32))
        #expect((run.stage.window.view(named: "heart") as? ImageView)?.tintColor == Color(r255: 52, g: 199, b: 89))
    }

    @Test func aStaggerStartsEachNextViewLater() throws {
        let yaml = """
            views:
              - {view: a, frame: [0, 0, 10, 10], backgroundColor: black}
              - {view: b, frame: [0, 20, 10, 10], backgroundColor: black}
            animations:
              in: {type: basic, view: [a, b], property: positionX, toValue: 100, duration: 0.25, stagger: 0.1}
            on:
              screen.load: [run: in]
            script:
              - waitUntilSettled: true
            """
        let a = try frames(yaml) { $0.window.view(named: "a")!.position.x }
        let b = try frames(yaml) { $0.window.view(named: "b")!.position.x }
        #expect(a[6] > 5 && b[6] == 5 && a[15] == 100 && b[21] == 100)
    }

    @Test func everyProblemIsReportedInOnePassInFileOrder() {
        let found = SceneProblemTests.problems("""
            views:
              - {view: box, frame: [0, 0, 10, 10]}
              - {view: go, kind: button, title: Go, frame: [0, 20, 60, 30]}
            animations:
              a: {type: spring, view: box, property: opacity, toValue: 0, dampingRatio: 0.5, duratoin: 1}
              b: {type: animate, duration: fast, dynamicsTension: 300, changes: [set: {go: {textColor: red}}]}
              c: {type: basic, view: box, property: rotationY, toValue: 1}
              d: {type: keyframe, view: box, keyPath: transform.scale, values: [1, 2], keyTimes: [0, 0.5, 1]}
              e: {type: spring, view: box, property: positionX, toValue: 10, mass: 2}
            """)
        #expect(found == [
            "t.yaml:3:16: unknown key 'kind'",
            "t.yaml:3:30: 'title' does nothing on a view; button takes it",
            "t.yaml:5:63: 'dampingRatio' does nothing on a POP spring; an animate block, a UIViewPropertyAnimator (propertyAnimator) take it (a POP spring takes springBounciness or dynamicsFriction)",
            "t.yaml:5:82: unknown key 'duratoin' (did you mean 'duration'?)",
            "t.yaml:6:6: an animate block needs a duration",
            "t.yaml:6:32: expected a number, found 'fast'",
            "t.yaml:6:38: 'dynamicsTension' does nothing on an animate block; a POP spring takes it (UIKit, Core Animation and SwiftUI call it stiffness)",
            "t.yaml:6:81: 'go' has no textColor; a label or text field has it",
            "t.yaml:8:86: keyTimes has 3 entries; linear takes 2, one per value",
            "t.yaml:9:66: 'mass' does nothing on a POP spring; an animate block, a CASpringAnimation (spring with keyPath), a UIViewPropertyAnimator (propertyAnimator) take it (POP's is dynamicsMass)",
        ], "\(found)")
    }
}
