/// POP's spring integrator (`POPSpringSolver.h`), ported operation for operation so results match
/// POP bit for bit: classic RK4 on (displacement, velocity) at a fixed step of `Float(0.001)`
/// seconds. Time left over is carried to the next call, and the state handed back is the linear
/// interpolation between the last two steps, from which the next call continues.
struct SpringSolver {
    /// The sub-step: the float literal `0.001f` widened to Double, 0.0010000000474974513.
    static let step = Double(Float(0.001))
    /// A longer time step than this makes POP give up and declare the spring converged.
    static let maxStep = 30.0

    var dynamics: SpringDynamics
    private(set) var started = false
    private var accumulated = 0.0
    private var lastP = SIMD4<Double>.zero
    private var lastV = SIMD4<Double>.zero
    private var lastDv = SIMD4<Double>.zero
    private var thresholdP = 0.0, thresholdV = 0.0, thresholdA = 0.0

    init(dynamics: SpringDynamics, threshold: Double) {
        self.dynamics = dynamics
        thresholdP = threshold / 2
        thresholdV = 25.0 * threshold
        thresholdA = 625.0 * threshold * threshold
    }

    private func acceleration(_ p: SIMD4<Double>, _ v: SIMD4<Double>) -> SIMD4<Double> {
        p * (-dynamics.tension / dynamics.mass) - v * (dynamics.friction / dynamics.mass)
    }

    /// One RK4 step of length h; returns the new state and the step's averaged dv/dt.
    private func integrate(_ p: SIMD4<Double>, _ v: SIMD4<Double>, _ h: Double)
        -> (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>) {
        let aDp = v, aDv = acceleration(p, v)
        let half = h * 0.5
        let bP = p + aDp * half, bV = v + aDv * half
        let bDp = bV, bDv = acceleration(bP, bV)
        let cP = p + bDp * half, cV = v + bDv * half
        let cDp = cV, cDv = acceleration(cP, cV)
        let dP = p + cDp * h, dV = v + cDv * h
        let dDp = dV, dDv = acceleration(dP, dV)
        let dpdt = (aDp + (bDp + cDp) * 2.0 + dDp) * (1.0 / 6.0)
        let dvdt = (aDv + (bDv + cDv) * 2.0 + dDv) * (1.0 / 6.0)
        return (p + dpdt * h, v + dvdt * h, dvdt)
    }

    /// Advances (p, v) by `dt` seconds.
    mutating func advance(p: inout SIMD4<Double>, v: inout SIMD4<Double>, dt: Double) {
        started = true
        if dt > Self.maxStep {
            lastP = .zero; lastV = .zero; lastDv = .zero
            return
        }
        accumulated += dt
        var prevP = p, prevV = v, curP = p, curV = v
        while accumulated >= Self.step {
            prevP = curP; prevV = curV
            (curP, curV, lastDv) = integrate(curP, curV, Self.step)
            accumulated -= Self.step
        }
        let alpha = accumulated / Self.step
        p = curP * alpha + prevP * (1 - alpha)
        v = curV * alpha + prevV * (1 - alpha)
        lastP = p; lastV = v
    }

    /// POP's solver-level done test: every |p| < thr/2, Σv² < 25·thr and Σa² < 625·thr²
    /// (the velocity bound is not squared, as in POP).
    var hasConverged: Bool {
        guard started else { return false }
        for i in 0..<4 where abs(lastP[i]) >= thresholdP { return false }
        return lastV.squaredNorm < thresholdV && lastDv.squaredNorm < thresholdA
    }
}
