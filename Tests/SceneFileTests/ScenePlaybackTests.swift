import Codecs
import Demos
import Foundation
import Geometry
import GoldenTesting
import Raster
import Scene
import SceneFile
import Testing

/// How a scene plays: the script's steps, handlers, state machines and waiting for rest.
@Suite struct ScenePlaybackTests {
    static func start(_ yaml: String, size: Size = Size(320, 568)) throws -> DemoRun {
        let folder = FileManager.default.temporaryDirectory
        let path = folder.appendingPathComponent("playback-\(UUID().uuidString).yaml").path
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try SceneFile.load(path: path).start(DemoSettings(screenSize: size))
    }

    /// Plays every frame, calling `inspect` after each frame's events and animations ran.
    static func play(_ run: DemoRun, _ inspect: (Int, Stage) -> Void = { _, _ in }) {
        for frame in 0..<run.frameCount {
            run.stage.advanceFrame()
            inspect(frame, run.stage)
            run.stage.endFrame()
        }
    }

    static let springOnTap = """
        views:
          - {button: b, frame: [100, 100, 120, 44], title: Go, backgroundColor: "#3498DB"}
        animations:
          grow: {type: spring, view: b, property: scaleXY, toValue: 1.5, springBounciness: 12}
        on:
          b.touchUpInside: [run: grow]
        script:
          - tap: b
          - waitUntilSettled: true
        """

    /// The last frame is the first one at rest: the spring's end value, shown once.
    @Test func waitUntilSettledEndsOnTheFrameTheSpringRests() throws {
        let run = try Self.start(Self.springOnTap)
        var lastMoving = -1
        var scale = 0.0
        Self.play(run) { frame, stage in
            if !stage.isSettled { lastMoving = frame }
            scale = stage.window.view(named: "b")!.transform.scaleX
        }
        #expect(scale == 1.5)
        #expect(lastMoving > 7)
        #expect(run.frameCount == lastMoving + 2)
    }

    @Test func aSettlingSceneRendersTheSameFramesTwice() throws {
        let a = try Self.start(Self.springOnTap), b = try Self.start(Self.springOnTap)
        var hashesA: [Int] = [], hashesB: [Int] = []
        try DemoPlayer(run: a, scale: 1, snapping: .round, showTouches: true).render(Array(0..<a.frameCount), parallel: false) {
            hashesA.append($1.data.hashValue)
        }
        try DemoPlayer(run: b, scale: 1, snapping: .round, showTouches: true).render(Array(0..<b.frameCount)) {
            hashesB.append($1.data.hashValue)
        }
        #expect(hashesA == hashesB)
    }

    /// YAML 1.2 is assumed: `on` is the handlers' key whether written bare or quoted, never the
    /// boolean YAML 1.1 tools read it as.
    @Test func theOnKeyIsTheHandlersKeyBareOrQuoted() throws {
        for key in ["on", "\"on\"", "'on'"] {
            let run = try Self.start(Self.springOnTap.replacingOccurrences(of: "\non:\n", with: "\n\(key):\n"))
            var scale = 0.0
            Self.play(run) { _, stage in scale = stage.window.view(named: "b")!.transform.scaleX }
            #expect(scale == 1.5, "the tap handler ran with the key written \(key)")
        }
    }

    @Test func pressHoldsTheButtonDownUntilRelease() throws {
        let run = try Self.start("""
            views:
              - {button: b, frame: [100, 100, 120, 44], title: Go}
            animations:
              down: {type: basic, view: b, property: opacity, toValue: 0.5, duration: 0.1}
              up: {type: basic, view: b, property: opacity, toValue: 1, duration: 0.1}
            on:
              b.touchDown: [run: down]
              b.touchUpInside: [run: up]
            script:
              - press: b
              - wait: 1
              - release: b
              - wait: 0.5
            """)
        var alphas: [Double] = []
        Self.play(run) { _, stage in alphas.append(stage.window.view(named: "b")!.alpha) }
        #expect(alphas[50] == 0.5)
        #expect(alphas.last == 1)
    }

    @Test func aTextLengthStateMachineRunsItsTransitionsAsTheFieldChanges() throws {
        let run = try Self.start("""
            screen: {keyboard: true}
            views:
              - {textField: field, frame: [20, 100, 280, 36], placeholder: Password}
              - {view: bar, frame: [20, 140, 0, 4], backgroundColor: white}
            animations:
              weak: {type: animate, duration: 0.2, changes: [set: {bar: {frame: [20, 140, 90, 4], backgroundColor: "#E74C3C"}}]}
              strong: {type: animate, duration: 0.2, changes: [set: {bar: {frame: [20, 140, 280, 4], backgroundColor: "#2ECC71"}}]}
            states:
              strength:
                values: [none, weak, strong]
                initial: none
                textLength: {field: field, cases: {none: 0, weak: 1, strong: 6}}
                transitions:
                  - {to: weak, actions: [run: weak]}
                  - {to: strong, actions: [run: strong]}
            script:
              - focus: field
              - {type: abc, interval: 0.1}
              - wait: 0.5
              - {type: defg, interval: 0.1}
              - wait: 0.5
            """)
        var widths: [Double] = []
        Self.play(run) { _, stage in widths.append(stage.window.view(named: "bar")!.frame.width) }
        #expect(widths[40] == 90)
        #expect(widths.last == 280)
    }

    @Test func aDelayedActionRunsAfterItsDelayAndSeedChangesTheShuffle() throws {
        func order(seed: Int) throws -> [Double] {
            let run = try Self.start("""
                views:
                  - {view: a, backgroundColor: red}
                  - {view: b, backgroundColor: blue}
                constraints:
                  - id: rows
                    shuffle: [a, b]
                    vfl: ["H:|[$1(100)]", "H:|[$2(100)]", "V:|-(100)-[$1(50)][$2(50)]"]
                on:
                  screen.load: [{shuffle: rows}, {layoutIfNeeded: true}]
                  screen.tap: [{after: 0.5, shuffle: rows}]
                script:
                  - seed: \(seed)
                  - tap: [5, 5]
                  - wait: 1
                """)
            var ys: [Double] = []
            Self.play(run) { _, stage in ys.append(stage.window.view(named: "a")!.frame.y) }
            return ys
        }
        let first = try order(seed: 1)
        #expect(Set(first).count <= 2)
        let seeds = try (1...6).map { try order(seed: $0).last! }
        #expect(Set(seeds) == [100, 150], "the seed decides the order after the shuffle")
    }

    @Test func aDecayCoastsToRestAndRotatingRelaysTheViewOut() throws {
        let run = try Self.start("""
            views:
              - {view: puck, frame: [20, 100, 40, 40], backgroundColor: black}
              - {view: bar, backgroundColor: blue}
            constraints:
              - "H:|-(10)-[bar]-(10)-|"
              - "V:[bar(20)]|"
            animations:
              fling: {type: decay, view: puck, property: positionX, velocity: 800}
            on:
              screen.load: [run: fling]
            script:
              - waitUntilSettled: true
              - rotate: landscape
              - wait: 0.5
            """)
        var xs: [Double] = []
        var widths: [Double] = []
        Self.play(run) { _, stage in
            xs.append(stage.window.view(named: "puck")!.position.x)
            widths.append(stage.window.view(named: "bar")!.frame.width)
        }
        #expect(xs.first == 40)
        #expect(xs.last! > 300, "800 pt/s at POP's 0.998 coasts about 400 pt")
        #expect(widths.first == 300)
        #expect(widths.last == 548)
    }

    @Test func aPNGImageViewFillsItsFrameWithThePicture() throws {
        let folder = try scratchFolder("scene-png")
        var pixels: [UInt8] = []
        for _ in 0..<(8 * 8) { pixels += [200, 30, 40, 255] }
        try PNG.write(Pixmap(width: 8, height: 8, premultiplied: pixels), to: folder + "/dot@2x.png")
        let path = folder + "/png.yaml"
        try Data("""
            screen: {statusBar: {hidden: true}}
            views:
              - {imageView: dot, image: dot@2x.png}
            constraints:
              - dot.left == view.left + 10
              - dot.top == view.top + 10
            script:
              - wait: 0.1
            """.utf8).write(to: URL(fileURLWithPath: path))
        let run = try SceneFile.load(path: path).start(DemoSettings(screenSize: Size(320, 568)))
        #expect(run.stage.window.view(named: "dot")?.frame == Rect(10, 10, 4, 4), "8 pixels at @2x are 4 points")
        var frame: Pixmap?
        try DemoPlayer(run: run, scale: 2, snapping: .round, showTouches: false).render([0]) { _, p in frame = p }
        let p = try #require(frame)
        let at = (24 * p.width + 24) * 4
        #expect(Array(p.data[at..<at + 4]) == [200, 30, 40, 255])
        let outside = (40 * p.width + 40) * 4
        #expect(Array(p.data[outside..<outside + 4]) == [255, 255, 255, 255])
    }

    @Test func aViewsGradientRunsFromItsStartPointsColourToItsEndPointsColour() throws {
        let run = try Self.start("""
            screen: {statusBar: {hidden: true}}
            views:
              - view: card
                frame: [10, 10, 100, 40]
                backgroundColor: black
                gradient: {colors: ["#FF0000", "#0000FF"], locations: [0, 1], startPoint: [0, 0.5], endPoint: [1, 0.5]}
                subviews:
                  - {view: dot, frame: [45, 15, 10, 10], backgroundColor: "#00FF00"}
            script:
              - wait: 0.1
            """)
        var frame: Pixmap?
        try DemoPlayer(run: run, scale: 1, snapping: .round, showTouches: false).render([0]) { _, p in frame = p }
        let p = try #require(frame)
        func pixel(_ x: Int, _ y: Int) -> [Int] { let at = (y * p.width + x) * 4; return p.data[at..<at + 3].map(Int.init) }
        let start = pixel(10, 20), end = pixel(109, 20)
        #expect(start[0] > 250 && start[2] < 5, "the start point is red: \(start)")
        #expect(end[2] > 250 && end[0] < 5, "the end point is blue: \(end)")
        let middle = pixel(30, 20)
        #expect(abs(middle[0] - 204) <= 3 && abs(middle[2] - 51) <= 3, "a fifth of the way is 4:1 red to blue, not the black background: \(middle)")
        #expect(pixel(60, 30) == [0, 255, 0], "subviews draw over the gradient")
    }

    /// `gradient.locations` and `gradient.colors` animate as CABasicAnimation key paths on the
    /// view's gradient layer, element by element, colours premultiplied; `stop` ends the group.
    @Test func aViewsGradientAnimatesByItsKeyPaths() throws {
        let run = try Self.start("""
            screen: {statusBar: {hidden: true}}
            views:
              - view: bar
                frame: [0, 100, 200, 20]
                gradient: {colors: [black, white, black], locations: [0, 0.1, 0.2], startPoint: [0, 0.5], endPoint: [1, 0.5]}
            animations:
              sweep: {type: basic, view: bar, property: gradient.locations, toValue: [0.8, 0.9, 1], duration: 1, timingFunction: linear}
              fade: {type: basic, view: bar, property: gradient.colors, toValue: ["#FF000000", white, black], duration: 1, timingFunction: linear}
              turn: {type: spring, view: bar, property: gradient.endPoint, toValue: [1, 1], springBounciness: 8, springSpeed: 2}
            on:
              screen.load: [run: [sweep, fade, turn], {after: 0.75, stop: turn}]
            script:
              - wait: 1.2
            """)
        var locations: [[Double]] = [], colors: [Color] = [], ends: [Point] = []
        Self.play(run) { _, stage in
            let layer = stage.window.view(named: "bar")!.backgroundGradient!
            locations.append(layer.locations!)
            colors.append(layer.colors[0])
            ends.append(layer.endPoint)
        }
        #expect(zip(locations[30], [0.4, 0.5, 0.6]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(locations[30])")
        #expect(locations.last == [0.8, 0.9, 1])
        #expect(abs(colors[30].alpha - 0.5) < 1e-9 && colors[30].red == 0, "black fading to clear red stays black: \(colors[30])")
        #expect(colors.last == .clear)
        #expect(ends[43] != ends[44] && ends[45] == ends.last && ends.last != Point(1, 1), "stopped where it was: \(ends[40...50])")
    }

    /// A UIKit block over a `set` of the gradient animates it with the block's curve.
    @Test func anAnimateBlockAnimatesAGradientChange() throws {
        let run = try Self.start("""
            screen: {statusBar: {hidden: true}}
            views:
              - view: bar
                frame: [0, 100, 200, 20]
                gradient: {colors: [black, white], startPoint: [0, 0.5], endPoint: [1, 0.5]}
            animations:
              slide:
                type: animate
                duration: 1
                curve: linear
                changes: [set: {bar: {gradient: {locations: [0.5, 1], startPoint: [0, 0]}}}]
            on:
              screen.load: [run: slide]
            script:
              - wait: 1.2
            """)
        var shown: [GradientValues?] = [], model: [[Double]?] = []
        Self.play(run) { _, stage in
            let bar = stage.window.view(named: "bar")!
            shown.append(bar.presentation.gradient)
            model.append(bar.backgroundGradient!.locations)
        }
        #expect(model[0] == [0.5, 1], "the model takes the new values at once")
        let halfway = try #require(shown[30])
        #expect(zip(halfway.locations, [0.25, 1]).allSatisfy { abs($0 - $1) < 1e-9 } && abs(halfway.startPoint.y - 0.25) < 1e-9)
        #expect(shown.last! == nil)
    }

    /// An animation over a list of views runs on each, and its completion handlers run once,
    /// when the last has ended (a skeleton's placeholders sweeping together, looped).
    @Test func anAnimationOfSeveralViewsCompletesOnce() throws {
        let run = try Self.start("""
            screen: {statusBar: {hidden: true}}
            views:
              - {view: a, frame: [0, 0, 50, 50], gradient: {colors: [black, white]}}
              - {view: b, frame: [0, 60, 100, 50], gradient: {colors: [black, white]}}
              - {view: c, frame: [0, 120, 100, 50], backgroundColor: red}
              - {view: marker, frame: [0, 200, 10, 10], backgroundColor: black}
            animations:
              sweep: {type: spring, view: [a, b], property: gradient.locations, toValue: [0.5, 0.6], springSpeed: 4}
              nudge: {type: basic, view: [c, marker], property: positionX, toValue: 200, duration: 0.5}
            states:
              ends: {values: [none, one, two, three], initial: none, transitions: [{to: two, actions: [set: {marker: {alpha: 0.5}}]}]}
            on:
              screen.load: [run: [sweep, nudge]]
              sweep.completion: [nextState: ends]
              nudge.completion: [nextState: ends]
            script:
              - waitUntilSettled: true
            """)
        var locations: [[Double]] = [], alpha = 0.0, xs: [Double] = []
        Self.play(run) { _, stage in
            locations = ["a", "b"].map { stage.window.view(named: $0)!.backgroundGradient!.locations! }
            alpha = stage.window.view(named: "marker")!.alpha
            xs = ["c", "marker"].map { stage.window.view(named: $0)!.position.x }
        }
        #expect(locations == [[0.5, 0.6], [0.5, 0.6]] && xs == [200, 200])
        #expect(alpha == 0.5, "two completions, one per animation, not one per view")
    }
}
