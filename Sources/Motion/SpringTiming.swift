import Foundation

/// A spring as UIKit, Core Animation and SwiftUI spell it, reduced to one closed-form
/// `DampedOscillator` on progress and the time at which the animation ends and the model value
/// shows. Every initialiser is named after the API it mirrors and documents its mapping.
///
/// The forms and where their mapping comes from:
/// - `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)` and
///   `CASpringAnimation` (`mass`, `stiffness`, `damping`, `initialVelocity`): the physical
///   constants as given. UIKit ignores the animator's duration for this form and runs until the
///   spring settles (forums.swift.org/t/uispringtimingparameters-bug/10480); Core Animation runs
///   for the animation's `duration`, which code sets to `settlingDuration`.
/// - `UISpringTimingParameters(dampingRatio:initialVelocity:)` under an animator of `duration`
///   seconds, and UIKit's `usingSpringWithDamping:`: the public reconstruction in
///   `UIKitSpringCurve` (springs.md §4.2).
/// - SwiftUI `Spring(duration:bounce:)`, `.spring(duration:bounce:)`, iOS 17's
///   `CASpringAnimation(perceptualDuration:bounce:)` and `UISpringTimingParameters(duration:bounce:)`:
///   mass 1, stiffness (2π / duration)², damping ratio 1 − bounce for bounce ≥ 0 and
///   1 / (1 + bounce) below 0. Apple's `Spring` documentation checks it: `Spring(duration: 0.5,
///   bounce: 0.3)` has "(1.0, 157.9, 17.6)" as (mass, stiffness, damping).
/// - SwiftUI `.spring(response:dampingFraction:blendDuration:)`: the response is the same
///   perceptual duration, so stiffness (2π / response)² and damping 4π·dampingFraction / response.
/// - SwiftUI `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)`: the constants as
///   given.
/// - SwiftUI presets `.smooth`, `.snappy`, `.bouncy`: duration 0.5 and bounce 0, 0.15 and 0.3
///   plus `extraBounce` (Apple's `Spring.snappy(duration:extraBounce:)` and
///   `bouncy(duration:extraBounce:)` documentation gives the base bounces and the default 0.5).
///
/// SwiftUI springs (and the physical forms) end at `settlingDuration`: the time after which the
/// remaining distance stays within 0.001 of the whole, SwiftUI's documented epsilon.
public struct SpringTiming: Hashable, Sendable {
    /// The closed-form motion of progress.
    public let oscillator: DampedOscillator
    /// Seconds from the start to the frame that shows the end value.
    public let duration: Double

    /// A spring that ends after `duration` seconds (its settling duration when nil).
    public init(oscillator: DampedOscillator, duration: Double? = nil) {
        self.oscillator = oscillator
        let d = duration ?? oscillator.settlingDuration()
        precondition(d >= 0 && d.isFinite, "a spring's duration is finite and not negative")
        self.duration = d
    }

    /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)` and
    /// `CASpringAnimation`'s four properties (Core Animation's defaults: mass 1, stiffness 100,
    /// damping 10, initial velocity 0). `duration` is Core Animation's `duration` when given;
    /// without it the spring runs until it settles, as UIKit runs this form.
    public static func physical(mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
                                initialVelocity: Double = 0, duration: Double? = nil) -> SpringTiming {
        SpringTiming(oscillator: DampedOscillator(mass: mass, stiffness: stiffness, damping: damping,
                                                  initialVelocity: initialVelocity),
                     duration: duration)
    }

    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)` in an animator of `duration`
    /// seconds, the same spring as `animate(withDuration:…usingSpringWithDamping:…)`.
    public static func dampingRatio(_ dampingRatio: Double, initialVelocity: Double = 0, duration: Double) -> SpringTiming {
        let curve = UIKitSpringCurve(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
        return SpringTiming(oscillator: curve.oscillator, duration: duration)
    }

    /// The damping ratio SwiftUI and Core Animation give a bounce in -1...1.
    public static func dampingRatio(bounce: Double) -> Double {
        bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    }

    /// SwiftUI's `Spring(duration:bounce:)` and `.spring(duration:bounce:)` (defaults 0.5 and 0),
    /// iOS 17's `CASpringAnimation(perceptualDuration:bounce:)` and
    /// `UISpringTimingParameters(duration:bounce:initialVelocity:)`; bounce lies in (−1, 1).
    public static func perceptual(duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0) -> SpringTiming {
        precondition(duration > 0 && bounce > -1 && bounce < 1, "a perceptual duration is positive and a bounce lies in (-1, 1)")
        return SpringTiming(oscillator: DampedOscillator(naturalFrequency: 2 * .pi / duration,
                                                         dampingRatio: dampingRatio(bounce: bounce),
                                                         initialVelocity: initialVelocity))
    }

    /// SwiftUI's `.spring(response:dampingFraction:blendDuration:)`, defaults 0.5 and 0.825:
    /// ω₀ = 2π / response and ζ = dampingFraction. (The blend duration only shapes how a spring
    /// takes over from one already running; a lone spring moves the same with any.)
    public static func response(_ response: Double = 0.5, dampingFraction: Double = 0.825,
                                initialVelocity: Double = 0) -> SpringTiming {
        precondition(response > 0 && dampingFraction > 0, "a response and a damping fraction are positive")
        return SpringTiming(oscillator: DampedOscillator(naturalFrequency: 2 * .pi / response,
                                                         dampingRatio: dampingFraction,
                                                         initialVelocity: initialVelocity))
    }

    /// SwiftUI's spring presets with their base bounce.
    public enum Preset: String, CaseIterable, Sendable {
        /// `.smooth`: no bounce.
        case smooth
        /// `.snappy`: base bounce 0.15.
        case snappy
        /// `.bouncy`: base bounce 0.3.
        case bouncy

        /// The bounce `extraBounce` is added to.
        public var baseBounce: Double {
            switch self {
            case .smooth: return 0
            case .snappy: return 0.15
            case .bouncy: return 0.3
            }
        }
    }

    /// `.smooth(duration:extraBounce:)`, `.snappy(…)` and `.bouncy(…)`: the perceptual spring of
    /// the preset's base bounce plus `extraBounce`, default duration 0.5.
    public static func preset(_ preset: Preset, duration: Double = 0.5, extraBounce: Double = 0) -> SpringTiming {
        perceptual(duration: duration, bounce: preset.baseBounce + extraBounce)
    }
}
