import Foundation

/// A spring's physical constants: tension (stiffness) k, friction (damping) b and mass m, so the
/// acceleration is −(k/m)·x − (b/m)·v.
public struct SpringDynamics: Hashable, Sendable {
    /// Stiffness k: force per unit of displacement.
    public var tension: Double
    /// Damping b: force per unit of velocity.
    public var friction: Double
    /// Mass m; POP's bounciness mapping always gives 1.
    public var mass: Double

    /// A spring with explicit constants.
    public init(tension: Double, friction: Double, mass: Double = 1) {
        self.tension = tension; self.friction = friction; self.mass = mass
    }

    /// POP's mapping from `springBounciness` and `springSpeed` (both nominally 0...20) through
    /// Origami's "QC" units to tension and friction; mass is always 1
    /// (`+[POPSpringAnimation convertBounciness:speed:toTension:friction:mass:]`).
    public init(bounciness: Double, speed: Double) {
        let b = (bounciness / 1.7 - 0) / (20 - 0) * (0.8 - 0) + 0
        let s = (speed / 1.7 - 0) / (20 - 0)
        let qcTension = 0.5 + s * (200 - 0.5)
        let eased = 2 * b - b * b
        let qcFriction = eased * 0.01 + (1 - eased) * Self.noBounceFriction(qcTension)
        tension = 194.0 + (((qcTension - 30.0) / 50.0) * (375.0 - 194.0))
        friction = 25.0 + (((qcFriction - 8.0) / 2.0) * (25.0 - 19.0))
        mass = 1
    }

    /// The damping ratio ζ = b / (2√(k·m)); below 1 the spring overshoots.
    public var dampingRatio: Double { friction / (2 * (tension * mass).squareRoot()) }

    /// Origami's friction (QC units) that just avoids bouncing at a QC tension.
    private static func noBounceFriction(_ t: Double) -> Double {
        if t <= 18 { return 0.0007 * pow(t, 3) - 0.031 * pow(t, 2) + 0.64 * t + 1.28 }
        if t <= 44 { return 0.000044 * pow(t, 3) - 0.006 * pow(t, 2) + 0.36 * t + 2.0 }
        return 0.00000045 * pow(t, 3) - 0.000332 * pow(t, 2) + 0.1078 * t + 5.84
    }
}
