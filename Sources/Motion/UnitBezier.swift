/// A cubic Bézier from (0,0) to (1,1) solved for y at a given x the way WebKit's `UnitBezier`
/// does it (and POP's copy of it): up to 8 Newton steps from t = x, then bisection. The result
/// depends on the epsilon, so replaying POP needs POP's epsilon, not an exact root.
struct UnitBezier {
    private let ax, bx, cx, ay, by, cy: Double

    init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
        cx = 3.0 * p1x
        bx = 3.0 * (p2x - p1x) - cx
        ax = 1.0 - cx - bx
        cy = 3.0 * p1y
        by = 3.0 * (p2y - p1y) - cy
        ay = 1.0 - cy - by
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    func dx(_ t: Double) -> Double { (3.0 * ax * t + 2.0 * bx) * t + cx }
    func dy(_ t: Double) -> Double { (3.0 * ay * t + 2.0 * by) * t + cy }
    func ddx(_ t: Double) -> Double { 6.0 * ax * t + 2.0 * bx }
    func ddy(_ t: Double) -> Double { 6.0 * ay * t + 2.0 * by }

    /// The curve parameter whose x is within `epsilon` of `x`.
    func parameter(forX x: Double, epsilon: Double) -> Double {
        var t2 = x
        for _ in 0..<8 {
            let x2 = self.x(t2) - x
            if abs(x2) < epsilon { return t2 }
            let d2 = dx(t2)
            if abs(d2) < 1e-6 { break }
            t2 -= x2 / d2
        }
        var t0 = 0.0, t1 = 1.0
        t2 = x
        if t2 < t0 { return t0 }
        if t2 > t1 { return t1 }
        // Bisection halves the interval each step, so 64 steps reach a double's precision; an
        // epsilon finer than that (a huge duration) must not spin forever on one ulp.
        for _ in 0..<64 where t0 < t1 {
            let x2 = self.x(t2)
            if abs(x2 - x) < epsilon { return t2 }
            if x > x2 { t0 = t2 } else { t1 = t2 }
            t2 = (t1 - t0) * 0.5 + t0
        }
        return t2
    }

    /// y at `x`, solved to `epsilon`.
    func solve(_ x: Double, epsilon: Double) -> Double { y(parameter(forX: x, epsilon: epsilon)) }

    /// dy/dx at `x`; where dx/dt vanishes (an end tangent of 1 or 0) the ratio of second
    /// derivatives gives the limit.
    func slope(_ x: Double, epsilon: Double) -> Double {
        let t = parameter(forX: x, epsilon: epsilon)
        let d = dx(t)
        if abs(d) > 1e-9 { return dy(t) / d }
        let dd = ddx(t)
        return dd == 0 ? 0 : ddy(t) / dd
    }
}
