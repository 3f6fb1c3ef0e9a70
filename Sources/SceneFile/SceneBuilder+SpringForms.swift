import Geometry
import Motion
import Scene

/// The spring forms iOS spells, read from a `curve: {…}` or from an animation's own keys, and
/// the timing of an animate block.
extension SceneBuilder {
    /// Ranges that keep every spring finite and settling within the ten minutes a scene may run.
    static let springLimits: [(key: String, range: ClosedRange<Double>, value: (SpringFormSpec) -> Double?)] = [
        ("response", 0.01...60, \.response), ("dampingFraction", 0.01...100, \.dampingFraction),
        ("duration", 0...600, \.duration), ("bounce", -0.99...0.99, \.bounce), ("extraBounce", -1.5...1.5, \.extraBounce),
        ("mass", 0.001...10_000, \.mass), ("stiffness", 0.01...1_000_000, \.stiffness),
        ("damping", 0.001...1_000_000, \.damping), ("dampingRatio", 0.01...1, \.dampingRatio),
        ("initialVelocity", -100...100, \.initialVelocity),
    ]

    /// The spring a form describes, or a message saying what is wrong with it; `blockDuration`
    /// is the duration the block or animator gives (UISpringTimingParameters(dampingRatio:) settles in it).
    static func springTiming(_ form: SpringFormSpec, blockDuration: Double?) -> Result<SpringTiming, SceneValueProblem> {
        func fail(_ key: String?, _ message: String) -> Result<SpringTiming, SceneValueProblem> {
            .failure(SceneValueProblem(key: key, message: message))
        }
        for limit in springLimits {
            if let v = limit.value(form), !limit.range.contains(v) {
                return fail(limit.key, "\(limit.key) lies in \(limit.range.lowerBound)…\(limit.range.upperBound)")
            }
        }
        let forms: [(String, [String])] = [
            ("preset", form.preset == nil ? [] : ["preset"]),
            ("response", [form.response == nil ? nil : "response", form.dampingFraction == nil ? nil : "dampingFraction"].compactMap { $0 }),
            ("bounce", form.bounce == nil ? [] : ["bounce"]),
            ("physical", [form.mass == nil ? nil : "mass", form.stiffness == nil ? nil : "stiffness",
                          form.damping == nil ? nil : "damping"].compactMap { $0 }),
            ("dampingRatio", form.dampingRatio == nil ? [] : ["dampingRatio"]),
        ]
        let given = forms.filter { !$0.1.isEmpty }
        guard given.count <= 1 else {
            return fail(given[1].1[0], "give one form of spring, not \(given.flatMap(\.1).joined(separator: " and ")) together")
        }
        let v = form.initialVelocity ?? 0
        if form.extraBounce != nil, form.preset == nil { return fail("extraBounce", "extraBounce goes with a preset (smooth, snappy, bouncy)") }
        let timing: SpringTiming
        switch given.first?.0 {
        case "preset":
            guard let p = form.preset, let preset = SpringTiming.Preset(rawValue: p.rawValue) else { return fail("preset", "unknown preset") }
            let bounce = preset.baseBounce + (form.extraBounce ?? 0)
            guard (-0.99...0.99).contains(bounce) else { return fail("extraBounce", "the preset's bounce plus extraBounce lies in -0.99…0.99") }
            if form.initialVelocity != nil { return fail("initialVelocity", "a preset has no initial velocity") }
            timing = .preset(preset, duration: max(form.duration ?? 0.5, 0.01), extraBounce: form.extraBounce ?? 0)
        case "response":
            if form.duration != nil { return fail("duration", "a response spring settles in its own time; give response, not duration") }
            timing = .response(form.response ?? 0.5, dampingFraction: form.dampingFraction ?? 0.825, initialVelocity: v)
        case "bounce":
            timing = .perceptual(duration: max(form.duration ?? 0.5, 0.01), bounce: form.bounce ?? 0, initialVelocity: v)
        case "physical":
            timing = .physical(mass: form.mass ?? 1, stiffness: form.stiffness ?? 100, damping: form.damping ?? 10,
                               initialVelocity: v, duration: form.duration)
        case "dampingRatio":
            guard let d = form.duration ?? blockDuration else {
                return fail("dampingRatio", "UISpringTimingParameters(dampingRatio:) settles in the block's duration; give one")
            }
            timing = .dampingRatio(form.dampingRatio ?? 1, initialVelocity: v, duration: d)
        default:
            return fail(nil, "a spring needs one form: response/dampingFraction, duration/bounce, a preset, mass/stiffness/damping or dampingRatio")
        }
        guard timing.duration <= 600 else {
            return fail(nil, "this spring takes \(Int(saturating: timing.duration)) s to settle; give it more damping")
        }
        return .success(timing)
    }

    /// The spring form an animation gives with its own keys (an animate block's `response`,
    /// `bounce`, `mass` … or a CASpringAnimation's), if it gives any.
    static func ownSpringForm(_ spec: AnimationSpec) -> SpringFormSpec? {
        let form = SpringFormSpec(response: spec.response, dampingFraction: spec.dampingFraction,
                                  duration: spec.bounce != nil ? spec.duration : nil, bounce: spec.bounce,
                                  preset: nil, extraBounce: nil, mass: spec.mass, stiffness: spec.stiffness,
                                  damping: spec.damping, dampingRatio: nil, initialVelocity: spec.initialVelocity)
        let any = [form.response, form.dampingFraction, form.bounce, form.mass, form.stiffness, form.damping, form.initialVelocity]
        return any.contains { $0 != nil } ? form : nil
    }

    /// An animate block's timing: UIKit's spring (`dampingRatio`), a spring form of its own keys
    /// or of `curve`, a SwiftUI preset, or a UIKit curve (ease-in-out by default).
    func blockTiming(_ spec: AnimationSpec) -> UIKitTiming? {
        let duration = spec.duration
        if let damping = spec.dampingRatio {
            return .animate(duration: duration ?? 0, dampingRatio: damping, initialVelocity: spec.initialSpringVelocity ?? 0)
        }
        if let form = Self.ownSpringForm(spec) {
            return (try? Self.springTiming(form, blockDuration: duration).get()).map(UIKitTiming.spring)
        }
        return spec.curve.map { timing($0, duration: duration) } ?? .animate(duration: duration ?? 0)
    }

    /// A block's, animator's or continueAnimation's curve over `duration` where the form needs
    /// one (a preset's perceptual duration defaults to 0.5 s); nil for a spring that cannot be made.
    func timing(_ curve: CurveSpec, duration: Double?) -> UIKitTiming? {
        switch curve {
        case .spring(let form):
            return (try? Self.springTiming(form, blockDuration: duration).get()).map(UIKitTiming.spring)
        case .named(let name):
            if let preset = name.preset { return .spring(.preset(preset, duration: duration ?? 0.5)) }
            return .animate(duration: duration ?? 0, curve: name.uikit ?? .easeInOut)
        }
    }
}

/// A problem with one key of a value, for the caller to place.
struct SceneValueProblem: Error {
    /// The key at fault, or nil for the value as a whole.
    let key: String?
    let message: String
}

extension SceneBuilder {
    /// An animate block's timing keys: one way of giving the timing, a duration where that way
    /// needs one and none where it would do nothing.
    func checkBlockTiming(_ spec: AnimationSpec, _ path: [PathStep]) {
        let own = Self.ownSpringForm(spec)
        var ways: [String] = []
        if spec.dampingRatio != nil { ways.append("dampingRatio") }
        if own != nil { ways.append([("response", spec.response), ("dampingFraction", spec.dampingFraction), ("bounce", spec.bounce),
                                     ("mass", spec.mass), ("stiffness", spec.stiffness), ("damping", spec.damping),
                                     ("initialVelocity", spec.initialVelocity)].first { $0.1 != nil }!.0) }
        if spec.curve != nil { ways.append("curve") }
        if ways.count > 1 {
            log.add(path + [.keyName(ways[1])], "give the block's timing one way, not \(ways.joined(separator: " and "))")
            return
        }
        let needsDuration: Bool
        if let own {
            let ownTime = spec.response != nil || spec.dampingFraction != nil || [spec.mass, spec.stiffness, spec.damping].contains { $0 != nil }
            if ownTime, spec.duration != nil {
                log.add(path + [.keyName("duration")], "a spring given by response or mass, stiffness and damping settles in its own time; duration does nothing here")
            }
            if case let .failure(p) = Self.springTiming(own, blockDuration: spec.duration) {
                log.add(p.key.map { path + [.key($0)] } ?? path, p.message)
            }
            needsDuration = false
        } else if case let .spring(form)? = spec.curve {
            if case let .failure(p) = Self.springTiming(form, blockDuration: spec.duration) {
                log.add(path + [.key("curve")] + (p.key.map { [.key($0)] } ?? []), p.message)
            }
            needsDuration = form.dampingRatio != nil && form.duration == nil
        } else if case let .named(name)? = spec.curve, name.preset != nil {
            needsDuration = false
        } else {
            needsDuration = true
        }
        if needsDuration, spec.duration == nil { log.add(path, "an animate block needs a duration") }
    }
}
