import Geometry
import Testing
@testable import Motion

/// UIKit's block animations: the reconstructed spring (springs.md §4.2) and the curves.
@Suite struct UIKitTimingTests {
    @Test func framerPublishedExampleIsReproduced() {
        let c = UIKitSpringCurve(duration: 3, dampingRatio: 0.25, initialVelocity: 0)
        #expect(abs(c.stiffness - 54.83363359078326) < 1e-12)
        #expect(abs(c.damping - 3.702486785620688) < 1e-12)
    }

    @Test(arguments: [(0.5, 0.7, 381.386243988, 27.3407578208), (0.3, 0.7, 1066.06807988, 45.7109771999),
                      (0.5, 0.0, 387.27, 27.55), (0.3, 0.0, 1075.76, 45.92)])
    func poppingSpringsSolveToTheReconstructedConstants(duration: Double, velocity: Double,
                                                         stiffness: Double, damping: Double) {
        let c = UIKitSpringCurve(duration: duration, dampingRatio: 0.7, initialVelocity: velocity)
        let tolerance = velocity == 0 ? 0.01 : 1e-6
        #expect(abs(c.stiffness - stiffness) < tolerance)
        #expect(abs(c.damping - damping) < tolerance)
    }

    @Test(arguments: [0.3, 0.5])
    func springHasAlmostSettledAtTheDuration(duration: Double) {
        let c = UIKitSpringCurve(duration: duration, dampingRatio: 0.7, initialVelocity: 0.7)
        #expect(abs(1 - c.progress(at: duration)) < 0.002)
        #expect(abs(1 - c.progress(at: duration * 0.5)) > 0.002)
        #expect(c.progress(at: 0) == 0)
        #expect(abs(c.velocity(at: 0) - 0.7) < 1e-12)
    }

    @Test func criticallyDampedSpringStartsWithItsVelocityAndNeverOvershoots() {
        let c = UIKitSpringCurve(duration: 0.5, dampingRatio: 1, initialVelocity: 0)
        #expect(c.velocity(at: 0) == 0)
        for i in 0...30 { #expect(c.progress(at: Double(i) / 60) <= 1) }
    }

    @Test func blockAnimationMovesEveryComponentAlongTheSameCurve() throws {
        let timing = UIKitTiming.animate(duration: 0.3, dampingRatio: 0.7, initialVelocity: 0.7)
        let from = Color(r255: 231, g: 76, b: 60), to = Color(r255: 46, g: 204, b: 113)
        let samples = try Trajectory.record(UIKitAnimation(timing: timing, from: AnimationVector(from), to: AnimationVector(to)),
                                            property: .backgroundColor)
        #expect(samples.count == 19 && samples.last?.value == AnimationVector(to))
        for s in samples.dropLast() {
            let p = timing.progress(at: s.time)
            #expect(abs(s.value[0] - (from.red + p * (to.red - from.red))) < 1e-12)
            #expect(abs(s.value[2] - (from.blue + p * (to.blue - from.blue))) < 1e-12)
        }
    }

    @Test func curveVelocityIsTheDistanceTimesTheSlope() throws {
        let animation = UIKitAnimation(timing: .animate(duration: 0.4, curve: .linear), from: 10, to: 30)
        let samples = try Trajectory.record(animation, property: .scalar)
        #expect(samples.count == 25)
        #expect(samples.dropLast().allSatisfy { abs($0.velocity[0] - 50) < 1e-6 })
    }
}
