import Motion
import Scene

/// A block's or animator's timing: a UIKit curve name, a SwiftUI preset, or a spring in any of
/// the forms iOS spells (`{response: 0.4, dampingFraction: 0.6}`, `{duration: 0.5, bounce: 0.3}`,
/// `{mass: 1, stiffness: 170, damping: 15}`, `{dampingRatio: 0.7}`).
enum CurveSpec: Decodable, SchemaDescribing {
    case named(CurveName)
    case spring(SpringFormSpec)

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let name = try? single.decode(String.self) {
            guard let curve = CurveName(rawValue: name) else {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "unknown curve '\(name)'")
            }
            self = .named(curve)
        } else {
            self = .spring(try single.decode(SpringFormSpec.self))
        }
    }

    static func schema(in recorder: SchemaRecorder) -> JSONSchema {
        .oneOf([recorder.schema(of: CurveName.self), recorder.schema(of: SpringFormSpec.self)])
    }
}

/// UIKit's and SwiftUI's named curves: UIView.AnimationCurve (and SwiftUI's `.easeInOut` …) and
/// SwiftUI's spring presets.
enum CurveName: String, SchemaEnum {
    case easeInOut, easeIn, easeOut, linear, smooth, snappy, bouncy

    /// The SwiftUI preset this names, if it is one.
    var preset: SpringTiming.Preset? { SpringTiming.Preset(rawValue: rawValue) }
    /// The UIKit curve this names, if it is one.
    var uikit: UIKitCurve? { UIKitCurve(rawValue: rawValue) }
}

/// A spring as one of iOS's initialisers spells it; which keys are given picks the form.
struct SpringFormSpec: Decodable, SchemaDocumented {
    var response: Double?
    var dampingFraction: Double?
    var duration: Double?
    var bounce: Double?
    var preset: SpringPresetName?
    var extraBounce: Double?
    var mass: Double?
    var stiffness: Double?
    var damping: Double?
    var dampingRatio: Double?
    var initialVelocity: Double?

    static let typeDescription: String? = "A spring: {response, dampingFraction} (SwiftUI .spring(response:dampingFraction:)), {duration, bounce} (.spring(duration:bounce:), UIView.animate(springDuration:bounce:)), {preset: smooth|snappy|bouncy, duration, extraBounce}, {mass, stiffness, damping, initialVelocity} (UISpringTimingParameters, .interpolatingSpring) or {dampingRatio, initialVelocity} (UISpringTimingParameters(dampingRatio:) over the block's duration)."
    static let keyDescriptions = [
        "response": "SwiftUI's response, seconds (default 0.5): stiffness (2π/response)².",
        "dampingFraction": "SwiftUI's damping fraction (default 0.825): the damping ratio.",
        "duration": "The perceptual duration with bounce or a preset (default 0.5).",
        "bounce": "-1…1 exclusive: 0 is critically damped, positive bounces, negative creeps.",
        "preset": "smooth (bounce 0), snappy (0.15) or bouncy (0.3).",
        "extraBounce": "Added to the preset's bounce.",
        "mass": "Mass (default 1).",
        "stiffness": "Stiffness.",
        "damping": "Damping.",
        "dampingRatio": "UISpringTimingParameters(dampingRatio:): settles in the block's duration.",
        "initialVelocity": "In total distances per second (1: the whole change in one second).",
    ]
}

enum SpringPresetName: String, SchemaEnum {
    case smooth, snappy, bouncy
}

/// `CAMediaTimingFillMode`.
enum FillModeName: String, SchemaEnum {
    case removed, forwards, backwards, both
}

/// `CAAnimationCalculationMode` (and UIView.KeyframeAnimationOptions' calculation modes).
enum CalculationModeName: String, SchemaEnum {
    case linear, discrete, paced, cubic, cubicPaced
}

/// `CAAnimationRotationMode`.
enum RotationModeName: String, SchemaEnum {
    case auto, autoReverse
}

/// One `addKeyframe(withRelativeStartTime:relativeDuration:animations:)` of an animate block.
struct KeyframeBlockSpec: Decodable, SchemaDocumented {
    var relativeStartTime: Double
    var relativeDuration: Double
    var changes: [ActionSpec]

    static let keyDescriptions = [
        "relativeStartTime": "When the keyframe starts, as a fraction 0…1 of the block's duration.",
        "relativeDuration": "How long it runs, as a fraction of the block's duration.",
        "changes": "What it changes (set, constant, layoutIfNeeded …), as an animate block's changes.",
    ]
}
