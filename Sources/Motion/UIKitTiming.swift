/// UIKit's `UIViewAnimationCurve` values for `animateWithDuration:…options:`.
public enum UIKitCurve: String, CaseIterable, Sendable {
    case easeInOut, easeIn, easeOut, linear

    /// The Core Animation curve UIKit uses for it.
    public var timingFunction: TimingFunction {
        switch self {
        case .easeInOut: return .easeInEaseOut
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .linear: return .linear
        }
    }
}

/// The repeat options of UIKit's `UIView.AnimationOptions` a block animation takes.
public struct UIKitAnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `.repeat`: the block's animations repeat forever (never completing).
    public static let `repeat` = UIKitAnimationOptions(rawValue: 1 << 3)
    /// `.autoreverse`: each repetition runs forward and then back; without `.repeat` it plays
    /// there and back once, and then the end value shows, as in UIKit.
    public static let autoreverse = UIKitAnimationOptions(rawValue: 1 << 4)

    /// How the options repeat a block's animations on Core Animation's clock.
    public var repeating: RepeatTiming {
        RepeatTiming(repeatCount: contains(.repeat) ? .infinity : 0, autoreverses: contains(.autoreverse))
    }
}

/// How a UIKit block animation, a Core Animation animation or a SwiftUI animation runs its
/// progress from 0 to 1: along a timing curve, or along a damped spring in any of the forms
/// `SpringTiming` spells. At `duration` the animation ends and the model value (progress 1) shows.
public enum UIKitTiming: Hashable, Sendable {
    case curve(duration: Double, function: TimingFunction)
    case spring(SpringTiming)

    /// Core Animation's Bézier tolerance is not public; 1e-6 is well under a pixel.
    static let curveEpsilon = 1e-6

    /// `animateWithDuration:delay:options:animations:` with the given curve (UIKit's default is
    /// ease-in-out).
    public static func animate(duration: Double, curve: UIKitCurve = .easeInOut) -> UIKitTiming {
        precondition(duration >= 0, "a duration is not negative")
        return .curve(duration: duration, function: curve.timingFunction)
    }

    /// SwiftUI's `.easeInOut(duration:)`, `.easeIn(duration:)`, `.easeOut(duration:)` and
    /// `.linear(duration:)`: the same Core Animation curves as UIKit's. The static `.easeInOut`
    /// and friends last 0.35 s (SwiftUI prints them as `BezierAnimation(duration: 0.35, …)`;
    /// Apple's pages give no number).
    public static func swiftUI(_ curve: UIKitCurve, duration: Double = 0.35) -> UIKitTiming {
        animate(duration: duration, curve: curve)
    }

    /// `animateWithDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:animations:`;
    /// the velocity is in total distances per second.
    public static func animate(duration: Double, dampingRatio: Double, initialVelocity: Double) -> UIKitTiming {
        precondition(duration >= 0, "a duration is not negative")
        return .spring(.dampingRatio(dampingRatio, initialVelocity: initialVelocity, duration: duration))
    }

    /// Seconds from start to end.
    public var duration: Double {
        switch self {
        case .curve(let d, _): return d
        case .spring(let s): return s.duration
        }
    }

    /// Whether the animation has ended `t` seconds after its start.
    public func isFinished(at t: Double) -> Bool { t + 1e-9 >= duration }

    /// Progress at `t` seconds: 0 at the start, exactly 1 once finished.
    public func progress(at t: Double) -> Double {
        if isFinished(at: t) { return 1 }
        switch self {
        case .curve(let d, let f): return f.progress(at: t / d, epsilon: Self.curveEpsilon)
        case .spring(let s): return s.oscillator.progress(at: t)
        }
    }

    /// d(progress)/dt at `t` seconds, per second.
    public func rate(at t: Double) -> Double {
        switch self {
        case .curve(let d, let f): return d > 0 ? f.slope(at: min(t, d) / d, epsilon: Self.curveEpsilon) / d : 0
        case .spring(let s): return s.oscillator.velocity(at: t)
        }
    }
}
