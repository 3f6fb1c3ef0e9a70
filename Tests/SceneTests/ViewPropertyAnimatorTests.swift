import Geometry
import Motion
import Scene
import Testing

/// UIViewPropertyAnimator: running along its timing, pausing, scrubbing, reversing,
/// continuing with other timing, added blocks, stopping and finishing, checked frame by frame
/// against the timing's own progress.
@Suite struct ViewPropertyAnimatorTests {
    /// A stage with one 10 × 10 view at x = 0 and an animator moving it to x = 100 over 1 s.
    private final class Rig {
        let stage = Stage(screenSize: Size(320, 568), tintColor: .black)
        let view = View(frame: Rect(0, 0, 10, 10))
        let animator: ViewPropertyAnimator
        var positions: [ViewPropertyAnimator.Position] = []

        init(timing: UIKitTiming = .animate(duration: 1, curve: .easeInOut)) {
            stage.window.addSubview(view)
            let view = view
            animator = ViewPropertyAnimator(stage: stage, timingParameters: timing) { view.frame.origin.x = 100 }
            animator.addCompletion { [unowned self] in positions.append($0) }
        }

        /// Plays frames up to and including `frame`, running `actions[f]` at the start of frame f;
        /// returns the x shown on each frame played.
        func play(to frame: Int, _ actions: [Int: (ViewPropertyAnimator) -> Void] = [:]) -> [Int: Double] {
            var xs: [Int: Double] = [:]
            while stage.frame <= frame {
                actions[stage.frame]?(animator)
                stage.advanceFrame()
                xs[stage.frame] = view.presentedFrame.x
                stage.endFrame()
            }
            return xs
        }
    }

    private let easeInOut = UIKitTiming.animate(duration: 1, curve: .easeInOut)

    @Test func aStartedAnimatorFollowsItsTimingAndFinishesAtTheEnd() {
        let rig = Rig()
        let xs = rig.play(to: 70, [0: { $0.startAnimation() }])
        for f in [0, 6, 15, 30, 45, 59] {
            #expect(abs(xs[f]! - 100 * easeInOut.progress(at: Double(f) / 60)) < 1e-9)
        }
        #expect(xs[60] == 100 && xs[70] == 100 && rig.positions == [.end])
        #expect(rig.animator.state == .inactive && rig.animator.hasFinished && rig.stage.isSettled)
    }

    @Test func theBlocksRunWhenItStartsNotWhenItIsMade() {
        let rig = Rig()
        #expect(rig.view.frame.x == 0)
        _ = rig.play(to: 0, [0: { $0.startAnimation() }])
        #expect(rig.view.frame.x == 100 && rig.view.presentedFrame.x == 0)
    }

    @Test func aPausedAnimatorScrubsLinearlyByDefaultAndAlongItsCurveWhenAsked() {
        for linear in [true, false] {
            let rig = Rig()
            rig.animator.scrubsLinearly = linear
            let xs = rig.play(to: 20, [0: { $0.fractionComplete = 0.3 }, 10: { $0.fractionComplete = 0.8 }])
            #expect(rig.animator.state == .active && !rig.animator.isRunning && rig.stage.isSettled)
            let at03 = linear ? 30 : 100 * easeInOut.progress(at: 0.3), at08 = linear ? 80 : 100 * easeInOut.progress(at: 0.8)
            #expect(abs(xs[5]! - at03) < 1e-9 && abs(xs[20]! - at08) < 1e-9)
            #expect(rig.positions.isEmpty)
        }
    }

    @Test func pausingAndStartingAgainContinuesAlongTheSameCurve() {
        let rig = Rig()
        let xs = rig.play(to: 80, [0: { $0.startAnimation() }, 12: { $0.pauseAnimation() }, 30: { $0.startAnimation() }])
        #expect(xs[12] == xs[20] && xs[20] == xs[30])
        // 18 frames lost to the pause: frame f shows the curve at (f − 18) / 60.
        for f in [31, 45, 70] {
            #expect(abs(xs[f]! - 100 * easeInOut.progress(at: Double(f - 18) / 60)) < 1e-9)
        }
        #expect(xs[78] == 100 && rig.positions == [.end])
    }

    @Test func reversingARunningAnimatorTurnsItRoundAndFinishingAtTheStartRestoresTheModel() {
        let rig = Rig(timing: .animate(duration: 1, curve: .linear))
        let xs = rig.play(to: 80, [0: { $0.startAnimation() }, 30: { $0.isReversed = true }])
        #expect(abs(xs[30]! - 50) < 1e-9 && abs(xs[40]! - 100 * 20 / 60) < 1e-9)
        #expect(xs[60] == 0 && rig.view.frame.x == 0 && rig.positions == [.start])
        // The linear curve is solved as a Bézier to Core Animation's 1e-6.
        #expect(abs(xs[45]! - 25) < 1e-6)
    }

    @Test func aReversedAnimatorCountsItsFractionTowardTheStart() {
        let rig = Rig(timing: .animate(duration: 1, curve: .linear))
        _ = rig.play(to: 3, [0: { $0.fractionComplete = 0.25 }, 2: { $0.isReversed = true }])
        #expect(abs(rig.animator.fractionComplete - 0.75) < 1e-12)
        #expect(abs(rig.view.presentedFrame.x - 25) < 1e-9)
    }

    @Test func continueAnimationRunsWhatRemainsAlongTheNewTimingOverTheScaledDuration() {
        let rig = Rig()
        let spring = UIKitTiming.spring(.dampingRatio(0.5, initialVelocity: 0, duration: 0.5))
        let xs = rig.play(to: 60, [0: { $0.fractionComplete = 0.4 },
                                   10: { $0.continueAnimation(withTimingParameters: spring, durationFactor: 0.5) }])
        // From the 40 shown to 100 along the spring over 0.5 s: it overshoots, then ends there.
        for f in [10, 16, 25, 35] {
            #expect(abs(xs[f]! - (40 + 60 * spring.progress(at: Double(f - 10) / 60))) < 1e-9)
        }
        #expect(xs.values.contains { $0 > 100 })
        #expect(xs[40] == 100 && rig.positions == [.end])
    }

    @Test func startingAfterALinearScrubRunsOnFromWhatIsShown() {
        let rig = Rig()
        let xs = rig.play(to: 60, [0: { $0.fractionComplete = 0.3 }, 5: { $0.startAnimation() }])
        // The remaining 0.7 s eases from the 30 shown (a linear scrub, off the curve) to 100.
        #expect(abs(xs[5]! - 30) < 1e-12 && abs(xs[26]! - (30 + 70 * easeInOut.progress(at: 0.5))) < 1e-9)
        #expect(xs[46]! < 100 && xs[47] == 100 && rig.positions == [.end])
    }

    @Test func aBlockAddedWithADelayFactorStartsThatShareOfTheRemainingTimeLater() {
        let rig = Rig(timing: .animate(duration: 1, curve: .linear))
        let other = View(frame: Rect(0, 20, 10, 10))
        rig.stage.window.addSubview(other)
        var alphas: [Int: Double] = [:]
        rig.animator.addAnimations({ other.alpha = 0 }, delayFactor: 0.5)
        _ = rig.play(to: 20, [0: { $0.startAnimation() }])
        alphas[20] = (other.presentation.alpha ?? other.alpha)
        _ = rig.play(to: 45)
        alphas[45] = (other.presentation.alpha ?? other.alpha)
        // Added while running at 0.75: starts halfway through the remaining 0.25 s.
        rig.animator.addAnimations({ other.frame.origin.x = 80 }, delayFactor: 0.5)
        _ = rig.play(to: 52)
        let x52 = other.presentedFrame.x
        _ = rig.play(to: 60)
        #expect(alphas[20] == 1 && abs(alphas[45]! - 0.5) < 1e-9)
        #expect(x52 == 0 || abs(x52 - 80 * (52.0 / 60 - 0.875) / 0.125) < 1e-9)
        #expect(other.frame.x == 80 && (other.presentation.alpha ?? other.alpha) == 0 && rig.positions == [.end])
    }

    @Test func stoppingKeepsWhatIsShownAndFinishingAtTheCurrentPositionRunsTheCompletion() {
        let rig = Rig(timing: .animate(duration: 1, curve: .linear))
        _ = rig.play(to: 30, [0: { $0.startAnimation() }, 30: { $0.stopAnimation(false) }])
        #expect(rig.animator.state == .stopped && abs(rig.view.frame.x - 50) < 1e-9 && rig.positions.isEmpty)
        rig.animator.finishAnimation(at: .current)
        #expect(rig.animator.state == .inactive && abs(rig.view.presentedFrame.x - 50) < 1e-9 && rig.positions == [.current])
    }

    @Test func stoppingWithoutFinishingRunsNoCompletionAndFinishingAtTheEndSetsTheEndValues() {
        let quiet = Rig(timing: .animate(duration: 1, curve: .linear))
        _ = quiet.play(to: 15, [0: { $0.startAnimation() }, 15: { $0.stopAnimation(true) }])
        #expect(quiet.animator.state == .inactive && abs(quiet.view.frame.x - 25) < 1e-6 && quiet.positions.isEmpty)
        let ended = Rig(timing: .animate(duration: 1, curve: .linear))
        _ = ended.play(to: 15, [0: { $0.startAnimation() }, 15: { $0.stopAnimation(false) }])
        ended.animator.finishAnimation(at: .end)
        #expect(ended.view.frame.x == 100 && ended.view.presentedFrame.x == 100 && ended.positions == [.end])
    }

    @Test func pausesOnCompletionStaysActiveAtTheEndSoItCanBeReversed() {
        let rig = Rig(timing: .animate(duration: 0.5, curve: .linear))
        rig.animator.pausesOnCompletion = true
        let xs = rig.play(to: 80, [0: { $0.startAnimation() }, 40: { $0.isReversed = true; $0.startAnimation() }])
        #expect(xs[30] == 100 && rig.animator.state == .active && rig.positions.isEmpty)
        #expect(abs(xs[55]! - 50) < 1e-9 && xs[70] == 0 && rig.view.frame.x == 100)
    }

    @Test func startAnimationAfterDelayWaitsOnTheFrameClock() {
        let rig = Rig(timing: .animate(duration: 0.5, curve: .linear))
        let xs = rig.play(to: 50, [0: { $0.startAnimation(afterDelay: 0.25) }])
        #expect(xs[0] == 0 && xs[15] == 0 && abs(xs[30]! - 50) < 1e-9 && xs[45] == 100)
        #expect(rig.positions == [.end])
    }
}
