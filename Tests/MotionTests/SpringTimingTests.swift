import Foundation
import Testing
@testable import Motion

/// The iOS spring forms: each mapping checked against Apple's published numbers, and the closed
/// form checked against an independent fine-step integration of the spring's equation.
@Suite struct SpringTimingTests {
    /// x″ = −(k/m)x − (c/m)x′ from x = 1, x′ = −v, integrated by RK4 at 1e-5 s up to `t`.
    private func integrated(mass: Double, stiffness: Double, damping: Double, velocity: Double, until t: Double) -> Double {
        var x = 1.0, v = -velocity
        let h = 1e-5, steps = Int((t / h).rounded())
        func a(_ x: Double, _ v: Double) -> Double { (-stiffness * x - damping * v) / mass }
        for _ in 0..<steps {
            let k1x = v, k1v = a(x, v)
            let k2x = v + k1v * h / 2, k2v = a(x + k1x * h / 2, v + k1v * h / 2)
            let k3x = v + k2v * h / 2, k3v = a(x + k2x * h / 2, v + k2v * h / 2)
            let k4x = v + k3v * h, k4v = a(x + k3x * h, v + k3v * h)
            x += (k1x + 2 * k2x + 2 * k3x + k4x) * h / 6
            v += (k1v + 2 * k2v + 2 * k3v + k4v) * h / 6
        }
        return x
    }

    @Test(arguments: [(1.0, 170.0, 15.0, 0.0), (2.0, 300.0, 8.0, 1.5), (1.0, 100.0, 20.0, 0.0), (1.0, 100.0, 40.0, -2.0),
                      (0.5, 400.0, 60.0, 3.0)])
    func closedFormMatchesTheIntegratedSpringUnderCriticalAndOverDamped(m: Double, k: Double, c: Double, v: Double) {
        let o = DampedOscillator(mass: m, stiffness: k, damping: c, initialVelocity: v)
        for t in [0.05, 0.2, 0.45, 0.8] {
            let exact = integrated(mass: m, stiffness: k, damping: c, velocity: v, until: t)
            #expect(abs(o.remaining(at: t).x - exact) < 1e-9, "t \(t)")
        }
        #expect(o.progress(at: 0) == 0)
        #expect(abs(o.velocity(at: 0) - v) < 1e-9)
    }

    @Test func appleSpringDocumentationExamplesHold() {
        // "Spring(duration: 0.5, bounce: 0.3) … (1.0, 157.9, 17.6)"
        let o = SpringTiming.perceptual(duration: 0.5, bounce: 0.3).oscillator
        #expect(abs(o.stiffness - 157.9) < 0.05 && abs(o.damping - 17.6) < 0.05)
        // "Spring(mass: 1, stiffness: 100, damping: 10) … (0.63, 0.5)" as (duration, bounce).
        let p = DampedOscillator(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(2 * .pi / p.naturalFrequency - 0.63) < 0.005 && abs((1 - p.dampingRatio) - 0.5) < 1e-12)
        // CASpringAnimation with damping 5: "the settling duration is approximately 2.85 seconds"
        // (Core Animation's exact rule is not published; the last 0.001 crossing is at 2.69 s).
        #expect(abs(SpringTiming.physical(damping: 5).duration - 2.85) < 0.2)
    }

    @Test func negativeBounceIsOverdampedAsSwiftUIDocuments() {
        #expect(SpringTiming.dampingRatio(bounce: 0) == 1)
        #expect(SpringTiming.dampingRatio(bounce: -0.5) == 2)
        #expect(SpringTiming.dampingRatio(bounce: 0.25) == 0.75)
    }

    @Test func responseFormHasStiffnessAndDampingFromTheResponse() {
        let o = SpringTiming.response(0.4, dampingFraction: 0.6).oscillator
        #expect(abs(o.stiffness - pow(2 * .pi / 0.4, 2)) < 1e-9)
        #expect(abs(o.damping - 4 * .pi * 0.6 / 0.4) < 1e-9)
    }

    @Test func presetsAreThePerceptualSpringWithTheirBaseBounce() {
        #expect(SpringTiming.preset(.smooth) == .perceptual(duration: 0.5, bounce: 0))
        #expect(SpringTiming.preset(.snappy) == .perceptual(duration: 0.5, bounce: 0.15))
        #expect(SpringTiming.preset(.bouncy, duration: 0.7, extraBounce: 0.1) == .perceptual(duration: 0.7, bounce: 0.4))
    }

    @Test(arguments: [(170.0, 15.0), (100.0, 5.0), (100.0, 20.0), (100.0, 60.0)])
    func settlingDurationIsWhereTheRemainingDistanceStaysWithinOneThousandth(k: Double, c: Double) {
        let o = DampedOscillator(mass: 1, stiffness: k, damping: c)
        let s = o.settlingDuration()
        #expect(abs(abs(o.remaining(at: s).x) - 0.001) < 1e-6)
        for i in 1...2000 { #expect(abs(o.remaining(at: s + Double(i) * 0.002).x) <= 0.001 + 1e-12) }
    }

    @Test func dampingRatioFormIsUIKitsBlockSpring() {
        let timing = SpringTiming.dampingRatio(0.7, initialVelocity: 0.7, duration: 0.3)
        let curve = UIKitSpringCurve(duration: 0.3, dampingRatio: 0.7, initialVelocity: 0.7)
        #expect(timing.duration == 0.3)
        for i in 0..<18 { #expect(timing.oscillator.progress(at: Double(i) / 60) == curve.progress(at: Double(i) / 60)) }
    }

    @Test func springAnimationMatchesTheClosedFormFrameByFrameAndEndsAtItsDuration() throws {
        let timing = SpringTiming.physical(mass: 1, stiffness: 170, damping: 15)
        let samples = try Trajectory.record(UIKitAnimation(timing: .spring(timing), from: [10], to: [30]), property: .scalar)
        #expect(samples.count == Int((timing.duration * 60).rounded(.up)) + 1)
        #expect(samples.last?.value == [30] && samples.last?.isDone == true)
        let w0 = 170.0.squareRoot(), zeta = 15 / (2 * w0), wd = w0 * (1 - zeta * zeta).squareRoot()
        for s in samples.dropLast() {
            let x = exp(-zeta * w0 * s.time) * (cos(wd * s.time) + zeta * w0 / wd * sin(wd * s.time))
            #expect(abs(s.value[0] - (10 + 20 * (1 - x))) < 1e-9)
        }
    }

    @Test func swiftUICurvesAreCoreAnimationsWithSwiftUIsDefaultDuration() {
        #expect(UIKitTiming.swiftUI(.easeInOut) == .curve(duration: 0.35, function: .easeInEaseOut))
        #expect(UIKitTiming.swiftUI(.linear, duration: 2) == .curve(duration: 2, function: .linear))
    }
}
