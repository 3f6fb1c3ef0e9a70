import Foundation
import Geometry

/// How a UIScrollView's content moves under a finger and after it lifts, as offsets per 60 Hz
/// frame computed once when the gesture starts (the motion is deterministic, so it can be).
///
/// - Deceleration: the velocity keeps `rate` of itself per millisecond, UIKit's
///   `UIScrollView.DecelerationRate` (`.normal` 0.998, `.fast` 0.99, published in the SDK), so
///   the offset moves v₀·(rateᵗ⁻¹)/ln(rate) with t in milliseconds.
/// - Rubber-banding: past an end, a dragged offset moves (1 − 1/(x·c/d + 1))·d for a finger
///   overshoot x, with c = 0.55 and d the visible length: the curve UIKit's drag follows,
///   measured and published by developers (UIKit documents no formula).
/// - Bounce and paging: a critically damped spring from where the content is, with its
///   velocity, to the end (or page) it settles on; ω = 10/s for a bounce and 18/s for a page
///   snap, chosen to match the visible 0.5 s and 0.3 s settles of iOS (not published).
public enum ScrollPhysics {
    /// UIScrollView.DecelerationRate.normal: velocity kept per millisecond.
    public static let normalDecelerationRate = 0.998
    /// The rubber band's constant.
    static let rubberBandCoefficient = 0.55
    /// Velocities below this (points per second) have stopped.
    static let restVelocity = 5.0

    /// The offset `overshoot` points past an end shows as, for a visible length `dimension`.
    public static func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let sign: Double = overshoot < 0 ? -1 : 1
        let x = abs(overshoot)
        return sign * (1 - 1 / (x * rubberBandCoefficient / dimension + 1)) * dimension
    }

    /// The offset on one axis: `value` brought back within `range` as a drag shows it.
    static func banded(_ value: Double, range: ClosedRange<Double>, dimension: Double) -> Double {
        if value < range.lowerBound { return range.lowerBound + rubberBand(value - range.lowerBound, dimension: dimension) }
        if value > range.upperBound { return range.upperBound + rubberBand(value - range.upperBound, dimension: dimension) }
        return value
    }

    /// The offsets of a flick on one axis from `start` with `velocity` (points per second of the
    /// offset), one per frame after the first, ending at rest: decelerating, bouncing back past
    /// an end, or snapping to a page of length `page` when paging.
    static func flick(from start: Double, velocity: Double, range: ClosedRange<Double>, rate: Double,
                      page: Double?) -> [Double] {
        let dt = 1.0 / 60
        if let page, page > 0 {
            let current = ((start - range.lowerBound) / page).rounded()
            let here = range.lowerBound + current * page
            var target = here
            if abs(velocity) > 300 {
                let direction: Double = velocity > 0 ? 1 : -1
                let passed = direction > 0 ? start >= here : start <= here
                target = passed ? here + direction * page : here
                if abs(start - here) < 1 { target = here + direction * page }
            }
            return spring(from: start, velocity: velocity, to: min(max(target, range.lowerBound), range.upperBound), omega: 18)
        }
        var out: [Double] = []
        var x = start, v = velocity
        let lnRate = log(rate) * 1000 // per second
        for _ in 0..<(60 * 20) {
            if x < range.lowerBound || x > range.upperBound {
                let end = x < range.lowerBound ? range.lowerBound : range.upperBound
                return out + spring(from: x, velocity: v, to: end, omega: 10)
            }
            guard abs(v) > restVelocity else { return out }
            let next = x + v * (exp(lnRate * dt) - 1) / lnRate
            v *= exp(lnRate * dt)
            x = next
            out.append(x)
        }
        return out
    }

    /// A critically damped spring from `x0` (velocity `v0`) to `target`, one offset per frame after
    /// the first, until it is within a hundredth of a point and nearly still.
    static func spring(from x0: Double, velocity v0: Double, to target: Double, omega: Double) -> [Double] {
        let d0 = x0 - target
        var out: [Double] = []
        for i in 1...(60 * 10) {
            let t = Double(i) / 60
            let decay = exp(-omega * t)
            let d = (d0 + (v0 + omega * d0) * t) * decay
            let v = (v0 - omega * (v0 + omega * d0) * t) * decay
            if abs(d) < 0.01, abs(v) < restVelocity { break }
            out.append(target + d)
        }
        out.append(target)
        return out
    }
}
