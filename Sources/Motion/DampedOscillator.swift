import Foundation

/// A damped harmonic oscillator moving a normalised progress from 0 to 1, solved in closed form:
/// the motion behind `CASpringAnimation`, `UISpringTimingParameters`, UIKit's spring block
/// animations and SwiftUI's springs. Core Animation animates a spring's progress this way and
/// interpolates the property between its from and to values (springs.md §4.2: React Native's and
/// Flutter's iOS springs state that this closed form matches `CASpringAnimation`).
///
/// With x the remaining distance (1 at the start, 0 at rest), x″ = −ω₀²·x − 2ζω₀·x′, x(0) = 1 and
/// x′(0) = −v, where v is the initial velocity in total distances per second (Apple: "a value of
/// 1 corresponds to the total animation distance traversed in one second").
public struct DampedOscillator: Hashable, Sendable {
    /// The undamped angular frequency ω₀ = √(stiffness / mass), in radians per second.
    public let naturalFrequency: Double
    /// The damping ratio ζ = damping / (2√(stiffness·mass)): below 1 it overshoots, 1 is critical,
    /// above 1 it creeps (overdamped).
    public let dampingRatio: Double
    /// The initial velocity in total distances per second, positive towards the end value.
    public let initialVelocity: Double

    /// An oscillator with the given ω₀ (positive) and ζ (not negative); callers check their
    /// ranges (a value out of them gives values that are not finite, never a trap).
    public init(naturalFrequency: Double, dampingRatio: Double, initialVelocity: Double = 0) {
        self.naturalFrequency = naturalFrequency
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
    }

    /// The physical form every API documents: mass m, stiffness k, damping c (ω₀ = √(k/m),
    /// ζ = c / (2√(k·m))).
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.init(naturalFrequency: (stiffness / mass).squareRoot(),
                  dampingRatio: damping / (2 * (stiffness * mass).squareRoot()), initialVelocity: initialVelocity)
    }

    /// Stiffness for a mass of 1: ω₀².
    public var stiffness: Double { naturalFrequency * naturalFrequency }
    /// Damping for a mass of 1: 2ζω₀.
    public var damping: Double { 2 * dampingRatio * naturalFrequency }

    /// Progress at `t` seconds: 0 at the start, approaching 1.
    public func progress(at t: Double) -> Double { 1 - remaining(at: t).x }

    /// d(progress)/dt at `t` seconds, in total distances per second.
    public func velocity(at t: Double) -> Double { -remaining(at: t).dx }

    /// The remaining distance x(t) and its rate x′(t).
    public func remaining(at t: Double) -> (x: Double, dx: Double) {
        let w0 = naturalFrequency, zeta = dampingRatio, v = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let decay = zeta * w0
            let a = (decay - v) / wd
            let e = exp(-decay * t), c = cos(wd * t), s = sin(wd * t)
            let x = e * (c + a * s)
            return (x, -decay * x + e * (-wd * s + a * wd * c))
        }
        if zeta == 1 {
            let e = exp(-w0 * t)
            let x = e * (1 + (w0 - v) * t)
            return (x, -w0 * x + e * (w0 - v))
        }
        let (r1, r2, a, b) = overdampedTerms
        let e1 = exp(r1 * t), e2 = exp(r2 * t)
        return (a * e1 + b * e2, a * r1 * e1 + b * r2 * e2)
    }

    /// x(t) = A·e^(r₁t) + B·e^(r₂t) with r₁,₂ = −ω₀(ζ ∓ √(ζ²−1)), A + B = 1, r₁A + r₂B = −v.
    private var overdampedTerms: (r1: Double, r2: Double, a: Double, b: Double) {
        let w0 = naturalFrequency, root = (dampingRatio * dampingRatio - 1).squareRoot()
        let r1 = -w0 * (dampingRatio - root), r2 = -w0 * (dampingRatio + root)
        let a = (-initialVelocity - r2) / (r1 - r2)
        return (r1, r2, a, 1 - a)
    }

    /// A bound on |x(t)| that falls for every t past 1/ω₀ and tends to 0.
    private func envelope(at t: Double) -> Double {
        let w0 = naturalFrequency, zeta = dampingRatio, v = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let a = (zeta * w0 - v) / wd
            return exp(-zeta * w0 * t) * (1 + a * a).squareRoot()
        }
        if zeta == 1 { return exp(-w0 * t) * (1 + abs(w0 - v) * t) }
        let (r1, r2, a, b) = overdampedTerms
        return abs(a) * exp(r1 * t) + abs(b) * exp(r2 * t)
    }

    /// The time after which every later |x(t)| stays at or below `epsilon` (of the whole
    /// distance): SwiftUI's `Spring.settlingDuration`, whose documentation gives epsilon 0.001 as
    /// "how small all subsequent values need to be". Apple does not publish Core Animation's
    /// `settlingDuration` algorithm; its documentation's example (stiffness 100, damping 5:
    /// "approximately 2.85 seconds") gives 2.69 s here. Infinite when ζ is 0 (or the spring is
    /// not a finite one).
    public func settlingDuration(epsilon: Double = 0.001) -> Double {
        precondition(epsilon > 0 && epsilon < 1, "epsilon lies in (0, 1)")
        guard dampingRatio > 0, naturalFrequency > 0, dampingRatio.isFinite, naturalFrequency.isFinite,
              initialVelocity.isFinite else { return .infinity }
        // A time past which the envelope, and so |x|, stays below epsilon.
        var upper = 1 / naturalFrequency
        while envelope(at: upper) > epsilon { upper *= 2 }
        // Walk back from there to the last time |x| exceeds epsilon, then bisect the crossing.
        var step = upper / 4096
        if dampingRatio < 1 {
            step = min(step, .pi / (naturalFrequency * (1 - dampingRatio * dampingRatio).squareRoot()) / 32)
        }
        var t = upper
        while t > 0 && abs(remaining(at: t).x) <= epsilon { t -= step }
        var low = max(t, 0), high = min(t + step, upper)
        for _ in 0..<80 where high - low > 1e-12 {
            let mid = (low + high) / 2
            if abs(remaining(at: mid).x) > epsilon { low = mid } else { high = mid }
        }
        return high
    }
}
