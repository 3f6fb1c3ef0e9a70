/// How a UIKit block animation repeats, as Core Animation times it (`CAMediaTiming`'s
/// `repeatCount`, `repeatDuration` and `autoreverses`, which UIKit's `.repeat` and `.autoreverse`
/// options and `UIView.modifyAnimations(withRepeatCount:autoreverses:)` set). Unlike POP's
/// repeats, which restart on the frame a leg ends, time runs on continuously: the curve is
/// replayed every `duration` seconds (played backwards on the way back), a fractional count
/// stops part-way, and when the repetitions are over the model value shows, so an
/// autoreversing block ends with a jump to its end value, as it does in UIKit.
public struct RepeatTiming: Hashable, Sendable {
    /// How many times the curve plays; 0 plays it once, `.infinity` forever; may be fractional.
    /// With `autoreverses`, each time is there and back.
    public var repeatCount: Double
    /// Seconds to keep repeating for instead of a count; 0 when unused.
    public var repeatDuration: Double
    /// Plays each repetition forward and then backward.
    public var autoreverses: Bool

    /// Plays once (Core Animation's defaults).
    public static let once = RepeatTiming()

    /// `repeatCount` times (0 meaning once, `.infinity` forever), or for `repeatDuration` seconds
    /// when that is positive; Core Animation leaves setting both undefined, and this takes the
    /// duration.
    public init(repeatCount: Double = 0, repeatDuration: Double = 0, autoreverses: Bool = false) {
        precondition(repeatCount >= 0 && repeatDuration >= 0, "a repeat count or duration is not negative")
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
    }

    /// UIKit's `.repeat` option: forever.
    public static func forever(autoreverses: Bool = false) -> RepeatTiming {
        RepeatTiming(repeatCount: .infinity, autoreverses: autoreverses)
    }

    /// Whether the animation never ends.
    public var isForever: Bool { repeatDuration == 0 && repeatCount == .infinity }

    /// Seconds from the start to the end of the last repetition of a curve `duration` seconds
    /// long (infinite when it repeats forever).
    public func activeDuration(of duration: Double) -> Double {
        if repeatDuration > 0 { return repeatDuration }
        return (repeatCount > 0 ? repeatCount : 1) * duration * (autoreverses ? 2 : 1)
    }

    /// The time along the curve `t` seconds after the start, for a curve `duration` seconds long:
    /// `t` folded into one repetition, mirrored on the way back (`backward`); `nil` once the
    /// repetitions are over, when the model value shows.
    public func curveTime(at t: Double, duration: Double) -> (time: Double, backward: Bool)? {
        guard t + 1e-9 < activeDuration(of: duration) else { return nil }
        guard duration > 0 else { return (0, false) }
        let cycle = duration * (autoreverses ? 2 : 1)
        let local = t - (t / cycle).rounded(.down) * cycle
        return local > duration ? (cycle - local, true) : (local, false)
    }
}
