@testable import Demos
import Geometry
import Motion
import Raster
import Scene
import Testing

@Suite struct PasswordDemoTests {
    /// Focused and empty, first key popping up with the bar growing red, yellow with a top-row
    /// popup, green after eight keys, the green-to-red change mid-spring, the end.
    static let keyFrames = [0, 68, 176, 210, 415, 652]

    @Test func keyFramesAt1xMatchTheirGoldens() throws {
        try assertKeyFrameGoldens(PasswordDemo.self, scale: 1, Self.keyFrames)
    }

    @Test func aKeyPopupAt3xMatchesItsGolden() throws {
        try assertKeyFrameGoldens(PasswordDemo.self, scale: 3, [68])
    }

    @Test func everyFrameAtScale1MatchesTheManifest() throws {
        try assertFrameManifest(PasswordDemo.self)
    }

    /// The strength rule by length, restated: width multiple of the 280 pt track.
    static func multiplier(length: Int) -> Double {
        length == 0 ? 0 : length < 4 ? 0.33 : length < 8 ? 0.66 : 1
    }

    @Test func theBarsWidthOnEveryFrameIsTheUIKitSpringBetweenTheStatusWidths() throws {
        let run = try PasswordDemo.start(DemoSettings(screenSize: PasswordDemo.defaultDevice.screenSize))
        let screen = try #require(run.controller as? PasswordScreen)
        let timing = UIKitTiming.animate(duration: 0.3, dampingRatio: 0.7, initialVelocity: 0.7)
        var target = 0.0, from = 0.0, changed = 0
        var changes = 0, overshoots = 0
        for frame in 0..<run.frameCount {
            run.stage.advanceFrame()
            let width = 280 * Self.multiplier(length: screen.field.text.count)
            if width != target {
                from = target
                target = width
                changed = frame
                changes += 1
            }
            let expected = from + (target - from) * timing.progress(at: Double(frame - changed) / 60)
            let shown = screen.indicator.bar.presentedFrame.width
            #expect(abs(shown - max(0, expected)) < 1e-9, "frame \(frame)")
            if shown > max(from, target) + 0.5 { overshoots += 1 }
            run.stage.endFrame()
        }
        // None→weak→fair→strong, strong→fair→weak, weak→fair→strong; the spring overshoots when growing.
        #expect(changes == 7)
        #expect(overshoots > 0)
        #expect(screen.field.text == "fabulous")
    }

    @Test func theBarsColourMovesWithItsWidthAndEndsOnTheStatusColour() throws {
        let shots = try frames(PasswordDemo.self, scale: 1, [100, 300, 652])
        // The bar's middle row, 10 pt in: red when weak, green when strong.
        let (x, y) = (30, 137)
        #expect(shots[100]![x, y] == (231, 76, 60, 255))
        #expect(shots[300]![x, y] == (46, 204, 113, 255))
        #expect(shots[652]![x, y] == (46, 204, 113, 255))
    }
}
