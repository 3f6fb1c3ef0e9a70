import Demos
import Foundation
import Geometry
import GoldenTesting
import Raster
import Scene
import SceneFile
import Testing

/// 3-D layers in scene files: a `transform`'s rotationX, rotationY, translationZ and perspective
/// (or m34), `sublayerTransform`, `zPosition` and `isDoubleSided`, in views, `set` and animations,
/// their ranges; and the `transition` action, UIView.transition(with:duration:options:animations:).
@Suite struct Layer3DSceneTests {
    private func problems(_ yaml: String) -> [String] { SceneProblemTests.problems(yaml) }

    /// The stage after the scene's first frame.
    private func firstFrame(_ yaml: String) throws -> Stage {
        let run = try ScenePlaybackTests.start(yaml)
        run.stage.advanceFrame()
        return run.stage
    }

    @Test func everyThreeDKeyLandsOnTheView() throws {
        let yaml = """
            views:
              - view: table
                frame: [0, 0, 300, 300]
                sublayerTransform: {perspective: 800, rotationX: 0.1}
                subviews:
                  - view: card
                    frame: [50, 50, 200, 120]
                    backgroundColor: systemBlue
                    transform: {rotationY: 0.5, rotationX: -0.25, translationZ: 12, perspective: 500}
                    zPosition: 4
                    isDoubleSided: false
                  - {view: chip, frame: [10, 10, 20, 20], backgroundColor: red, transform: {m34: -0.002, rotation: 0.3}}
            """
        #expect(problems(yaml) == [])
        let stage = try firstFrame(yaml)
        let card = try #require(stage.window.view(named: "card")), table = try #require(stage.window.view(named: "table"))
        #expect(card.transform == LayerTransform(rotationX: -0.25, rotationY: 0.5, translationZ: 12, m34: -1.0 / 500))
        #expect(card.zPosition == 4 && !card.isDoubleSided)
        #expect(table.sublayerTransform == LayerTransform(rotationX: 0.1, m34: -1.0 / 800))
        #expect(stage.window.view(named: "chip")?.transform == LayerTransform(rotation: 0.3, m34: -0.002))
    }

    @Test func eachValueOutOfRangeIsOneLineAtItsKey() {
        let found = problems("""
            views:
              - view: card
                transform: {rotationY: 200, translationZ: 1000000}
                zPosition: -200000
              - view: a
                transform: {perspective: 0}
              - view: b
                transform: {m34: 2}
            """)
        #expect(found == [
            "t.yaml:3:28: rotationY lies within ±100 radians",
            "t.yaml:3:47: translationZ lies within ±100000 points",
            "t.yaml:4:16: zPosition lies within ±100000 points",
            "t.yaml:6:30: perspective is the eye's distance, 1…100000 points",
            "t.yaml:8:22: m34 lies in −1…1 (−1/500 puts the eye 500 points away)",
        ], "\(found)")
    }

    @Test func perspectiveAndM34TogetherAreAConflict() {
        let found = problems("""
            views:
              - {view: card, transform: {perspective: 500, m34: -0.002, rotationY: 1}}
            """)
        #expect(found == ["t.yaml:2:48: give perspective or m34, not both (perspective: d is m34 = −1/d)"], "\(found)")
    }

    @Test func aSublayerTransformWithoutSubviewsDoesNothing() {
        let found = problems("""
            views:
              - {view: card, sublayerTransform: {perspective: 500}}
            """)
        #expect(found == ["t.yaml:2:18: 'sublayerTransform' does nothing on a view without subviews"], "\(found)")
    }

    /// rotationZ is not Core Animation's name: the z rotation is `rotation` (transform.rotation.z).
    @Test func anUnknownTransformKeyNamesTheNearestOne() {
        let found = problems("""
            views:
              - {view: card, transform: {rotationZ: 1}}
            """)
        #expect(found == ["t.yaml:2:30: unknown key 'rotationZ' (did you mean 'rotation'?)"], "\(found)")
    }

    @Test func setTakesTheThreeDKeysAndChecksThem() throws {
        let yaml = """
            views:
              - view: table
                frame: [0, 0, 300, 300]
                subviews:
                  - {view: card, frame: [50, 50, 200, 120], backgroundColor: systemBlue}
            on:
              screen.load:
                - set:
                    card: {transform: {rotationY: 1, perspective: 400}, zPosition: 3, isDoubleSided: false}
                    table: {sublayerTransform: {m34: -0.001}}
            """
        #expect(problems(yaml) == [])
        let stage = try firstFrame(yaml)
        let card = try #require(stage.window.view(named: "card"))
        #expect(card.transform == LayerTransform(rotationY: 1, m34: -1.0 / 400))
        #expect(card.zPosition == 3 && !card.isDoubleSided)
        #expect(stage.window.view(named: "table")?.sublayerTransform == LayerTransform(m34: -0.001))
        let found = problems("""
            views:
              - {view: card}
            on:
              screen.load:
                - set: {card: {transform: {rotationX: 500}, zPosition: 1e9}}
            """)
        #expect(found == ["t.yaml:5:43: rotationX lies within ±100 radians", "t.yaml:5:60: zPosition lies within ±100000 points"],
                "\(found)")
    }

    /// POP's rotationX, rotationY, translationZ and zPosition and Core Animation's
    /// transform.rotation.y, halfway through a linear basic animation of one second.
    @Test func popAndCoreAnimationAnimateTheThreeDProperties() throws {
        let yaml = """
            views:
              - {view: card, frame: [50, 50, 200, 120], backgroundColor: systemBlue, transform: {perspective: 500}}
              - {view: chip, frame: [10, 10, 20, 20], backgroundColor: red}
            animations:
              turnY: {type: basic, view: card, property: rotationY, toValue: 3, duration: 1, timingFunction: linear}
              turnX: {type: basic, view: card, property: rotationX, toValue: 1, duration: 1, timingFunction: linear}
              lift: {type: basic, view: card, property: translationZ, toValue: 40, duration: 1, timingFunction: linear}
              raise: {type: basic, view: card, property: zPosition, toValue: 10, duration: 1, timingFunction: linear}
              spin: {type: basic, view: chip, keyPath: transform.rotation.y, fromValue: 0, toValue: 2, duration: 1, timingFunction: linear}
            on:
              screen.load: [run: [turnY, turnX, lift, raise, spin]]
            script:
              - wait: 1.2
            """
        #expect(problems(yaml) == [])
        let run = try ScenePlaybackTests.start(yaml)
        var card: (LayerTransform, Double)?, chip: LayerTransform?
        ScenePlaybackTests.play(run) { frame, stage in
            guard frame == 30 else { return }
            let view = stage.window.view(named: "card")!
            card = (view.transform, view.zPosition)
            chip = stage.window.view(named: "chip")!.transform
        }
        let (t, z) = try #require(card)
        #expect(abs(t.rotationY - 1.5) < 1e-9 && abs(t.rotationX - 0.5) < 1e-9 && abs(t.translationZ - 20) < 1e-9)
        #expect(abs(z - 5) < 1e-9 && t.m34 == -1.0 / 500)
        #expect(abs((chip?.rotationY ?? 0) - 1) < 1e-9)
    }

    static let flipOnLoad = """
        views:
          - view: card
            frame: [60, 200, 200, 120]
            subviews:
              - {view: front, frame: [0, 0, 200, 120], backgroundColor: "#FF0000"}
              - {view: back, frame: [0, 0, 200, 120], backgroundColor: "#0000FF", hidden: true}
        on:
          screen.load:
            - transition:
                view: card
                duration: 1
                options: [transitionFlipFromLeft]
                changes: [set: {front: {hidden: true}, back: {hidden: false}}]
        script:
          - wait: 1.2
        """

    /// At half time the card is edge-on (the ease-in-ease-out curve is symmetric, so half its
    /// turn): the old face before, the new face after, both at full width at the ends.
    @Test func theFlipIsMidTurnAtHalfTime() throws {
        #expect(problems(Self.flipOnLoad) == [])
        let run = try ScenePlaybackTests.start(Self.flipOnLoad)
        var start: Int?, progress: [Int: Double] = [:], widths: [Int: Int] = [:], reds: [Int: UInt8] = [:]
        ScenePlaybackTests.play(run) { frame, stage in
            let card = stage.window.view(named: "card")!
            if start == nil, card.presentation.transition != nil { start = frame }
            guard let s = start, [0, 15, 30, 45, 61].contains(frame - s) else { return }
            progress[frame - s] = card.presentation.transition?.progress
            let pixels = stage.displayList(scale: 1, snapping: .round, showTouches: false).rasterise()
            widths[frame - s] = (0..<320).filter { pixels[$0, 260].a > 128 && pixels[$0, 260].g < 128 }.count
            reds[frame - s] = pixels[160, 260].r
        }
        #expect(start != nil)
        #expect(abs((progress[30] ?? 0) - 0.5) < 1e-9, "\(progress)")
        #expect(progress[61] == nil)
        #expect(widths[0] == 200 && widths[61] == 200, "\(widths)")
        #expect((widths[30] ?? 200) < 8 && (widths[15] ?? 0) > 20 && (widths[15] ?? 200) < 200, "\(widths)")
        #expect(reds[15] == 255 && reds[45] == 0 && reds[61] == 0, "\(reds)")
    }

    @Test func aTransitionsCompletionRunsOnTheFrameItEnds() throws {
        let yaml = Self.flipOnLoad.replacingOccurrences(of: "back: {hidden: false}}]\n",
                                                        with: "back: {hidden: false}}]\n        completion: [set: {card: {alpha: 0.5}}]\n")
        #expect(yaml != Self.flipOnLoad && problems(yaml) == [])
        let run = try ScenePlaybackTests.start(yaml)
        var alphas: [Int: Double] = [:]
        ScenePlaybackTests.play(run) { frame, stage in alphas[frame] = stage.window.view(named: "card")!.alpha }
        #expect(alphas[59] == 1 && alphas[60] == 0.5)
    }

    @Test func aTransitionNeedsOneStyleAtMostOneCurveAndBlockChanges() {
        let found = problems("""
            views:
              - {view: card}
            animations:
              pop: {type: spring, view: card, property: scaleXY, toValue: 1}
            on:
              screen.load:
                - transition: {view: card, duration: 0.5}
                - transition: {view: card, duration: 0.5, options: [transitionFlipFromLeft, transitionCrossDissolve]}
                - transition: {view: cart, duration: 900, options: [transitionFlipFromTop, curveEaseIn, curveLinear]}
                - transition: {view: card, duration: 0.5, options: [transitionCurlUp]}
                - transition: {view: card, duration: 0.5, options: [transitionFlipFromRight], changes: [run: pop]}
            """)
        #expect(found == [
            "t.yaml:7:19: a transition needs one style in options: transitionFlipFromLeft, transitionFlipFromRight, transitionFlipFromTop, transitionFlipFromBottom, transitionCrossDissolve",
            "t.yaml:8:56: a transition has one style, found transitionFlipFromLeft and transitionCrossDissolve",
            "t.yaml:9:26: unknown view 'cart'",
            "t.yaml:9:42: a transition's duration lies in 0…600 seconds",
            "t.yaml:9:56: a transition has one curve, found curveEaseIn and curveLinear",
            "t.yaml:10:57: unknown value 'transitionCurlUp' (expected transitionFlipFromLeft, transitionFlipFromRight, transitionFlipFromTop, transitionFlipFromBottom, transitionCrossDissolve, curveEaseInOut, curveEaseIn, curveEaseOut, curveLinear)",
            "t.yaml:11:93: an animate block or transition changes only set, activate, deactivate, constant, shuffle, layoutIfNeeded, insertArrangedSubview, removeArrangedSubview",
        ], "\(found)")
    }

    /// `Examples/Scenes/flip.yaml` mid-flip: the top card's faces turning on POP's rotationY in
    /// the deck's perspective (frame 55, the front a third of the way round), and the bottom card
    /// in its transitionFlipFromLeft, the old face turning away (frame 140).
    @Test func theFlipSceneRendersItsMidFlipFrames() throws {
        let scene = try SceneFile.load(path: DogfoodSceneTests.scenes.appendingPathComponent("flip.yaml").path)
        let run = try scene.start(DemoSettings(screenSize: scene.defaultScreenSize))
        #expect(run.frameCount == 200)
        try DemoPlayer(run: run, scale: 1, snapping: .round, showTouches: true).render([55, 140]) { i, pixmap in
            try assertGolden(pixmap, named: "flip@1x-frame-\(i)", suite: "SceneFileTests")
        }
    }
}
