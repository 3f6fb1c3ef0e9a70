@testable import Demos
import Motion
import Scene
import Testing

@Suite struct ButtonDemoTests {
    /// Resting, pressed, spinners on, mid-shake with the label popping, settled, label hiding on the second tap.
    static let keyFrames = [0, 52, 100, 150, 200, 262]

    @Test func keyFramesAt1xMatchTheirGoldens() throws {
        try assertKeyFrameGoldens(ButtonDemo.self, scale: 1, Self.keyFrames)
    }

    @Test func theShakeAt3xMatchesItsGolden() throws {
        try assertKeyFrameGoldens(ButtonDemo.self, scale: 3, [150])
    }

    @Test func everyFrameAtScale1MatchesTheManifest() throws {
        try assertFrameManifest(ButtonDemo.self)
    }

    /// Plays the demo frame by frame, calling `inspect` with each frame index once the frame's
    /// events and animations have run.
    static func play(_ inspect: (Int, ButtonScreen) -> Void) throws {
        let run = try ButtonDemo.start(DemoSettings(screenSize: ButtonDemo.defaultDevice.screenSize))
        let screen = try #require(run.controller as? ButtonScreen)
        for frame in 0..<run.frameCount {
            run.stage.advanceFrame()
            inspect(frame, screen)
            run.stage.endFrame()
        }
    }

    @Test func theShakesOffsetsAreAStandalonePOPSpringsFrameByFrame() throws {
        var xs: [Double] = []
        var shakeStart: Int?
        try Self.play { frame, screen in
            if shakeStart == nil, frame > 0, !screen.activityIndicator.isAnimating, screen.button.isUserInteractionEnabled == false {
                shakeStart = frame
            }
            xs.append(screen.button.position.x)
        }
        let start = try #require(shakeStart)
        let rest = xs[0]
        let reference = try Trajectory.record(SpringAnimation(velocity: [2000], bounciness: 20), property: .positionX,
                                              initial: [rest])
        // POP's numbers: a swing to about +72 pt that settles after about a second.
        #expect(abs(reference.map { $0.value[0] - rest }.max()! - 72) < 1)
        #expect((55...75).contains(reference.count))
        // The same solver steps from a different clock origin: equal to the last few bits.
        for sample in reference {
            #expect(abs(xs[start + sample.frame] - sample.value[0]) < 1e-9, "shake frame \(sample.frame)")
        }
        #expect(xs[start + reference.count] == rest)
    }

    @Test func thePressIsAPOPBasicAndTheReleaseSpringTakesOverWhereItIs() throws {
        var scales: [Double] = []
        try Self.play { _, screen in scales.append(screen.button.transform.scaleX) }
        // Pressed on frame 48 (0.8 s), released on frame 55, before the 0.4 s press animation ends.
        let press = try Trajectory.record(BasicAnimation(from: [1, 1], to: [0.95, 0.95]), property: .scaleXY)
        for sample in press.prefix(7) {
            #expect(scales[48 + sample.frame] == sample.value[0], "press frame \(sample.frame)")
        }
        // The spring starts from the press's value on the release frame, after the press has stepped.
        let from = press[7].value[0]
        let release = try Trajectory.record(SpringAnimation(from: [from, from], to: [1, 1], velocity: [3, 3], bounciness: 18),
                                            property: .scaleXY)
        #expect(release.map { $0.value[0] }.max()! > 1.05)
        for sample in release {
            #expect(abs(scales[55 + sample.frame] - sample.value[0]) < 1e-9, "release frame \(sample.frame)")
        }
    }

    @Test func theButtonIsBlockedFromTheReleaseUntilTheShakeEnds() throws {
        var blocked: [Int] = []
        try Self.play { frame, screen in if !screen.button.isUserInteractionEnabled { blocked.append(frame) } }
        // Released on frame 55: 1.5 s of request, then the shake's frames.
        let first = try #require(blocked.first)
        #expect(first == 55)
        let cycle = blocked.enumerated().prefix { $0.element == first + $0.offset }.count
        #expect((90 + 55...90 + 75).contains(cycle))
        #expect(blocked.count > cycle)
    }

    @Test func theErrorLabelEndsOneButtonHeightBelowAtFullSize() throws {
        var last: (x: Double, y: Double, scale: Double, alpha: Double)?
        var buttonCentre = 0.0, buttonHeight = 0.0
        try Self.play { frame, screen in
            if frame == 240 {
                last = (screen.errorLabel.position.x, screen.errorLabel.position.y, screen.errorLabel.transform.scaleX,
                        screen.errorLabel.alpha)
                buttonCentre = screen.button.position.y
                buttonHeight = screen.button.intrinsicContentSize!.height
            }
        }
        let label = try #require(last)
        #expect(label.y == buttonCentre + buttonHeight)
        #expect(label.scale == 1)
        #expect(label.alpha == 1)
        #expect(label.x == 160)
    }
}
