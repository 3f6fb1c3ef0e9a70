import Foundation

/// The progress curve of UIKit's `animateWithDuration:…usingSpringWithDamping:
/// initialSpringVelocity:`, as reconstructed publicly (Framer's derived-curve formula; Apple
/// documents neither): mass 1, and the natural frequency ω₀ chosen so the oscillation's
/// envelope has fallen to 0.001 exactly at `duration`. Progress is the closed-form damped
/// oscillator from 0 to 1 with the initial velocity in distances per second.
public struct UIKitSpringCurve: Hashable, Sendable {
    /// The damping ratio, clamped to (0, 1] as UIKit does.
    public let dampingRatio: Double
    /// The initial velocity in total distances per second (1 = the whole move in one second).
    public let initialVelocity: Double
    /// The solved stiffness k = ω₀² (mass 1).
    public let stiffness: Double
    /// The solved damping c = 2ζω₀.
    public let damping: Double

    private static let envelopeEpsilon = 0.001

    /// Solves the spring to settle in `duration` seconds (clamped to 0.01...10 as Framer does).
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double) {
        let zeta = max(min(dampingRatio, 1), Double.leastNonzeroMagnitude)
        let d = max(min(duration, 10), 0.01)
        let v = initialVelocity
        let eps = Self.envelopeEpsilon
        let envelope: (Double) -> Double
        let derivative: (Double) -> Double
        if zeta < 1 {
            envelope = { w in
                let decay = w * zeta
                return eps - ((decay - v) / (w * (1 - zeta * zeta).squareRoot())) * exp(-decay * d)
            }
            derivative = { w in
                let decay = w * zeta
                let displacement = decay * d
                let a = displacement * v + v
                let b = zeta * zeta * w * w * d
                let g = w * w * (1 - zeta * zeta).squareRoot()
                let sign: Double = -envelope(w) + eps > 0 ? -1 : 1
                return sign * ((a - b) * exp(-displacement)) / g
            }
        } else {
            envelope = { w in -eps + exp(-w * d) * ((w - v) * d + 1) }
            derivative = { w in exp(-w * d) * ((v - w) * d * d) }
        }
        var w = 5 / d
        for _ in 0..<12 { w -= envelope(w) / derivative(w) }
        self.dampingRatio = zeta
        self.initialVelocity = v
        stiffness = w * w
        damping = zeta * 2 * stiffness.squareRoot()
    }

    /// The closed-form oscillator on progress (mass 1, ω₀ = √stiffness, the clamped ratio).
    public var oscillator: DampedOscillator {
        DampedOscillator(naturalFrequency: stiffness.squareRoot(), dampingRatio: dampingRatio, initialVelocity: initialVelocity)
    }

    /// Progress (0 at the start, 1 at rest) at `t` seconds.
    public func progress(at t: Double) -> Double { oscillator.progress(at: t) }

    /// d(progress)/dt at `t` seconds, in distances per second.
    public func velocity(at t: Double) -> Double { oscillator.velocity(at: t) }
}
