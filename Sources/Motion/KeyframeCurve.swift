/// The values of a `CAKeyframeAnimation` and how it moves between them, as Apple documents
/// `values`, `keyTimes`, `timingFunctions` and `calculationMode`:
///
/// - `linear`: keyframe i shows at keyTimes[i] (evenly spaced when not given, from 0 to 1); between
///   two, the value is interpolated along timingFunctions[i] (linear when not given).
/// - `discrete`: no interpolation; value i shows from keyTimes[i] until the next key time (keyTimes
///   has one more entry than values, or as many, the last value then showing from its own time).
/// - `paced`: keyTimes and timingFunctions are ignored and the time of each step is its share of
///   the total distance between successive values, so the value moves at an even speed.
/// - `cubic`: a Catmull-Rom spline through the values (Kochanek–Bartels with zero tension,
///   continuity and bias, as Apple describes it), with tangents scaled to uneven key times; Apple
///   does not say how the ends are handled, and here the first and last values are repeated, so
///   the spline leaves the first value towards the second at half the chord's slope.
/// - `cubicPaced`: the cubic spline with key times from the chord lengths, as `paced` spaces them.
public struct KeyframeCurve: Hashable, Sendable {
    /// `CAAnimationCalculationMode`.
    public enum CalculationMode: String, CaseIterable, Sendable {
        case linear, discrete, paced, cubic, cubicPaced
    }

    /// The keyframe values, all with the same component count.
    public let values: [AnimationVector]
    /// The key times in effect (given, or evenly spaced, or from distances when paced).
    public let keyTimes: [Double]
    /// One curve per step (between keyframes i and i+1), or none.
    public let timingFunctions: [TimingFunction]
    /// How values in between are computed.
    public let calculationMode: CalculationMode

    /// Why a keyframe description is not usable, in Apple's terms.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// Checks the description as Core Animation requires it and works out the key times.
    public init(values: [AnimationVector], keyTimes: [Double]? = nil, timingFunctions: [TimingFunction]? = nil,
                calculationMode: CalculationMode = .linear) throws {
        guard !values.isEmpty else { throw Problem(description: "a keyframe animation needs at least one value") }
        guard values.allSatisfy({ $0.count == values[0].count }) else {
            throw Problem(description: "every keyframe value has the same number of components")
        }
        let n = values.count
        let paced = calculationMode == .paced || calculationMode == .cubicPaced
        var times: [Double]
        if paced {
            times = Self.pacedTimes(values)
        } else if let keyTimes {
            let expected = calculationMode == .discrete ? [n, n + 1] : [n]
            guard expected.contains(keyTimes.count) else {
                throw Problem(description: "keyTimes has \(keyTimes.count) entries; \(calculationMode.rawValue) takes "
                              + (calculationMode == .discrete ? "\(n + 1) (one more than values) or \(n)" : "\(n), one per value"))
            }
            guard keyTimes.allSatisfy({ (0...1).contains($0) }), zip(keyTimes, keyTimes.dropFirst()).allSatisfy({ $0 <= $1 }) else {
                throw Problem(description: "keyTimes lie in 0…1 and never decrease")
            }
            guard keyTimes.first == 0, n == 1 || keyTimes.last == 1 else {
                throw Problem(description: "keyTimes start at 0 and end at 1")
            }
            times = keyTimes
        } else {
            let steps = calculationMode == .discrete ? n : max(n - 1, 1)
            times = (0...steps).map { Double($0) / Double(steps) }
            if calculationMode != .discrete && n == 1 { times = [0] }
        }
        if let timingFunctions, !paced {
            guard timingFunctions.count == max(n - 1, 0) else {
                throw Problem(description: "timingFunctions has \(timingFunctions.count) entries; give \(max(n - 1, 0)), one per step between values")
            }
        }
        self.values = values
        self.keyTimes = times
        self.timingFunctions = paced ? [] : (timingFunctions ?? [])
        self.calculationMode = calculationMode
    }

    /// Key times spaced by the distance between successive values (even when they do not move).
    private static func pacedTimes(_ values: [AnimationVector]) -> [Double] {
        guard values.count > 1 else { return [0] }
        let lengths = zip(values, values.dropFirst()).map { a, b in (b.storage - a.storage).squaredNorm.squareRoot() }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return (0..<values.count).map { Double($0) / Double(values.count - 1) } }
        var sum = 0.0
        return [0] + lengths.map { sum += $0; return sum / total }
    }

    /// The value at fraction `f` (0...1) of the duration.
    public func value(at f: Double) -> AnimationVector {
        let n = values.count
        if n == 1 { return values[0] }
        if calculationMode == .discrete {
            let i = (0..<n).last { keyTimes[$0] <= f + 1e-12 } ?? 0
            return values[i]
        }
        if f <= keyTimes[0] { return values[0] }
        if f >= keyTimes[n - 1] { return values[n - 1] }
        let i = (0..<(n - 1)).last { keyTimes[$0] <= f } ?? 0
        let span = keyTimes[i + 1] - keyTimes[i]
        guard span > 0 else { return values[i + 1] }
        var u = (f - keyTimes[i]) / span
        if i < timingFunctions.count { u = timingFunctions[i].progress(at: u, epsilon: UIKitTiming.curveEpsilon) }
        let a = values[i].storage, b = values[i + 1].storage
        switch calculationMode {
        case .cubic, .cubicPaced:
            // Hermite with Catmull-Rom tangents per second of key time, ends repeated.
            let m0 = tangent(at: i), m1 = tangent(at: i + 1)
            let u2 = u * u, u3 = u2 * u
            let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
            return AnimationVector(storage: a * h00 + m0 * (h10 * span) + b * h01 + m1 * (h11 * span), count: values[i].count)
        default:
            return AnimationVector(storage: a + (b - a) * u, count: values[i].count)
        }
    }

    /// The Catmull-Rom tangent at keyframe i: (p[i+1] − p[i−1]) / (t[i+1] − t[i−1]), with the
    /// first and last keyframes repeated one step before and after.
    private func tangent(at i: Int) -> SIMD4<Double> {
        let n = values.count
        let before = max(i - 1, 0), after = min(i + 1, n - 1)
        let tBefore = i == 0 ? keyTimes[0] - (keyTimes[1] - keyTimes[0]) : keyTimes[before]
        let tAfter = i == n - 1 ? keyTimes[n - 1] + (keyTimes[n - 1] - keyTimes[n - 2]) : keyTimes[after]
        guard tAfter > tBefore else { return .zero }
        return (values[after].storage - values[before].storage) / (tAfter - tBefore)
    }
}
