import ArgumentParser
import Motion

/// The option ranges of the iOS spring forms: wide enough for any spring a UI runs, narrow
/// enough that every printed value stays finite and every spring settles within the recording.
enum SpringFormRange {
    /// Mass, stiffness, damping, response and perceptual durations.
    static let constant: ClosedRange<Double> = 1e-3...1e6
    /// Damping may be 0 only if it still settles, so it starts above 0 too.
    static let damping: ClosedRange<Double> = 1e-6...1e6
    /// SwiftUI's bounce: −1 is infinitely overdamped and 1 never settles.
    static let bounce: ClosedRange<Double> = -0.999...0.999
    /// Damping ratio and fraction: 0 never settles.
    static let dampingRatio: ClosedRange<Double> = 1e-3...1e3
}

/// Records a spring timing as the value moving from `from` to `to` and emits it.
private func emitSpring(_ timing: SpringTiming, from: Double?, to: Double?, title: String,
                        output: CurveOutputOptions) throws {
    let start = try checked(from, "--from", in: CurveRange.value) ?? 0
    let end = try checked(to, "--to", in: CurveRange.value) ?? 1
    guard timing.duration <= 600 else {
        throw CommandFailure("curve", "the spring takes \(compact(timing.duration)) s to settle, more than 600 s; "
                                      + "use more damping or stiffness")
    }
    let o = timing.oscillator
    let subtitle = "mass 1, stiffness \(compact(o.stiffness, 2)), damping \(compact(o.damping, 2)), "
        + "damping ratio \(compact(o.dampingRatio, 3)), velocity \(compact(o.initialVelocity)); "
        + "ends at \(compact(timing.duration, 3)) s; \(compact(output.fps)) fps"
    let animation = UIKitAnimation(timing: .spring(timing), from: try broadcast(start, output), to: try broadcast(end, output))
    try output.emit(animation, initial: start, title: title, subtitle: subtitle)
}

/// Fails naming the options of another form given together with this one.
private func refuseMixing(_ form: String, _ others: [(String, Double?)]) throws {
    let given = others.filter { $0.1 != nil }.map(\.0)
    guard given.isEmpty else {
        throw CommandFailure(given.joined(separator: ", "), "not part of \(form); give one form of spring")
    }
}

struct SwiftUISpringCurve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swiftui-spring",
        abstract: "A SwiftUI spring, in closed form, as the value moves from --from to --to.",
        discussion: """
            One form: --response R --damping-fraction F (.spring(response:dampingFraction:)), \
            --duration D --bounce B (.spring(duration:bounce:)), --preset smooth|snappy|bouncy \
            [--duration D] [--extra-bounce E], or --stiffness K --damping C [--mass M] \
            (.interpolatingSpring). The spring ends, showing --to, at its settling duration \
            (remaining distance within 0.001).
            """)

    @Option(parsing: .unconditional, help: "Start value, -1e9...1e9 (default 0).") var from: Double?
    @Option(parsing: .unconditional, help: "End value, -1e9...1e9 (default 1).") var to: Double?
    @Option(parsing: .unconditional, help: ".spring(response:): seconds, 0.001...1e6 (default 0.5).") var response: Double?
    @Option(name: .customLong("damping-fraction"), parsing: .unconditional,
            help: ".spring(dampingFraction:): 0.001...1000 (default 0.825).") var dampingFraction: Double?
    @Option(parsing: .unconditional, help: "Perceptual duration in seconds, 0.001...1e6 (default 0.5).") var duration: Double?
    @Option(parsing: .unconditional, help: "Bounce, -0.999...0.999 (default 0).") var bounce: Double?
    @Option(help: "A preset: smooth, snappy or bouncy.") var preset: String?
    @Option(name: .customLong("extra-bounce"), parsing: .unconditional, help: "Bounce added to the preset's.") var extraBounce: Double?
    @Option(parsing: .unconditional, help: ".interpolatingSpring mass, 0.001...1e6 (default 1).") var mass: Double?
    @Option(parsing: .unconditional, help: ".interpolatingSpring stiffness, 0.001...1e6.") var stiffness: Double?
    @Option(parsing: .unconditional, help: ".interpolatingSpring damping, 0.000001...1e6.") var damping: Double?
    @Option(name: .customLong("initial-velocity"), parsing: .unconditional,
            help: "Initial velocity in total distances per second, -1000...1000 (default 0).") var initialVelocity: Double?
    @OptionGroup var output: CurveOutputOptions

    func run() throws {
        let v = try checked(initialVelocity, "--initial-velocity", in: CurveRange.uikitVelocity) ?? 0
        let timing: SpringTiming, title: String
        if let preset {
            try refuseMixing("--preset", [("--response", response), ("--damping-fraction", dampingFraction),
                                          ("--bounce", bounce), ("--mass", mass), ("--stiffness", stiffness),
                                          ("--damping", damping), ("--initial-velocity", initialVelocity)])
            guard let p = SpringTiming.Preset(rawValue: preset) else {
                throw CommandFailure("--preset \(preset)", "expected smooth, snappy or bouncy")
            }
            let d = try checked(duration, "--duration", in: SpringFormRange.constant) ?? 0.5
            let extra = try checked(extraBounce, "--extra-bounce", in: -2...2) ?? 0
            let total = p.baseBounce + extra
            guard SpringFormRange.bounce.contains(total) else {
                throw CommandFailure("--extra-bounce \(compact(extra))", "makes the bounce \(compact(total)); it must stay in -0.999...0.999")
            }
            timing = .preset(p, duration: d, extraBounce: extra)
            title = "SwiftUI .\(preset)(duration: \(compact(d)), extraBounce: \(compact(extra)))"
        } else if stiffness != nil || damping != nil || mass != nil {
            try refuseMixing(".interpolatingSpring (--stiffness, --damping)",
                             [("--response", response), ("--damping-fraction", dampingFraction), ("--duration", duration),
                              ("--bounce", bounce), ("--extra-bounce", extraBounce)])
            guard let k = try checked(stiffness, "--stiffness", in: SpringFormRange.constant),
                  let c = try checked(damping, "--damping", in: SpringFormRange.damping) else {
                throw CommandFailure("swiftui-spring", ".interpolatingSpring takes both --stiffness and --damping")
            }
            let m = try checked(mass, "--mass", in: SpringFormRange.constant) ?? 1
            timing = .physical(mass: m, stiffness: k, damping: c, initialVelocity: v)
            title = "SwiftUI .interpolatingSpring(mass: \(compact(m)), stiffness: \(compact(k)), damping: \(compact(c)))"
        } else if bounce != nil || (duration != nil && response == nil && dampingFraction == nil) {
            try refuseMixing(".spring(duration:bounce:)", [("--response", response), ("--damping-fraction", dampingFraction),
                                                           ("--extra-bounce", extraBounce)])
            let d = try checked(duration, "--duration", in: SpringFormRange.constant) ?? 0.5
            let b = try checked(bounce, "--bounce", in: SpringFormRange.bounce) ?? 0
            timing = .perceptual(duration: d, bounce: b, initialVelocity: v)
            title = "SwiftUI .spring(duration: \(compact(d)), bounce: \(compact(b)))"
        } else {
            try refuseMixing(".spring(response:dampingFraction:)", [("--duration", duration), ("--extra-bounce", extraBounce)])
            let r = try checked(response, "--response", in: SpringFormRange.constant) ?? 0.5
            let f = try checked(dampingFraction, "--damping-fraction", in: SpringFormRange.dampingRatio) ?? 0.825
            timing = .response(r, dampingFraction: f, initialVelocity: v)
            title = "SwiftUI .spring(response: \(compact(r)), dampingFraction: \(compact(f)))"
        }
        try emitSpring(timing, from: from, to: to, title: title, output: output)
    }
}

struct SpringTimingCurve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spring-timing",
        abstract: "UISpringTimingParameters or CASpringAnimation, in closed form, from --from to --to.",
        discussion: """
            One form: --mass M --stiffness K --damping C [--initial-velocity V] [--duration D] \
            (UISpringTimingParameters(mass:stiffness:damping:initialVelocity:), or CASpringAnimation \
            with defaults mass 1, stiffness 100, damping 10; it runs to its settling duration, or \
            for --duration seconds as CASpringAnimation's duration); --damping-ratio R --duration D \
            (UISpringTimingParameters(dampingRatio:) in an animator of D seconds); or --duration D \
            --bounce B (iOS 17's UISpringTimingParameters(duration:bounce:) and \
            CASpringAnimation(perceptualDuration:bounce:)).
            """)

    @Option(parsing: .unconditional, help: "Start value, -1e9...1e9 (default 0).") var from: Double?
    @Option(parsing: .unconditional, help: "End value, -1e9...1e9 (default 1).") var to: Double?
    @Option(parsing: .unconditional, help: "Mass, 0.001...1e6 (default 1).") var mass: Double?
    @Option(parsing: .unconditional, help: "Stiffness, 0.001...1e6 (default 100).") var stiffness: Double?
    @Option(parsing: .unconditional, help: "Damping, 0.000001...1e6 (default 10).") var damping: Double?
    @Option(name: .customLong("damping-ratio"), parsing: .unconditional, help: "Damping ratio, 0.001...1.") var dampingRatio: Double?
    @Option(parsing: .unconditional, help: "Bounce, -0.999...0.999.") var bounce: Double?
    @Option(parsing: .unconditional, help: "Seconds, 0...600: see the forms above.") var duration: Double?
    @Option(name: .customLong("initial-velocity"), parsing: .unconditional,
            help: "Initial velocity in total distances per second, -1000...1000 (default 0).") var initialVelocity: Double?
    @OptionGroup var output: CurveOutputOptions

    func run() throws {
        let v = try checked(initialVelocity, "--initial-velocity", in: CurveRange.uikitVelocity) ?? 0
        let timing: SpringTiming, title: String
        if let ratio = dampingRatio {
            try refuseMixing("--damping-ratio", [("--mass", mass), ("--stiffness", stiffness), ("--damping", damping), ("--bounce", bounce)])
            _ = try checked(ratio, "--damping-ratio", in: CurveRange.dampingRatio)
            guard let d = try checked(duration, "--duration", in: CurveRange.duration) else {
                throw CommandFailure("--damping-ratio", "takes the animator's --duration")
            }
            timing = .dampingRatio(ratio, initialVelocity: v, duration: d)
            title = "UISpringTimingParameters(dampingRatio: \(compact(ratio))) over \(compact(d)) s"
        } else if let b = bounce {
            try refuseMixing("--bounce", [("--mass", mass), ("--stiffness", stiffness), ("--damping", damping)])
            _ = try checked(b, "--bounce", in: SpringFormRange.bounce)
            let d = try checked(duration, "--duration", in: SpringFormRange.constant) ?? 0.5
            timing = .perceptual(duration: d, bounce: b, initialVelocity: v)
            title = "UISpringTimingParameters(duration: \(compact(d)), bounce: \(compact(b)))"
        } else {
            let m = try checked(mass, "--mass", in: SpringFormRange.constant) ?? 1
            let k = try checked(stiffness, "--stiffness", in: SpringFormRange.constant) ?? 100
            let c = try checked(damping, "--damping", in: SpringFormRange.damping) ?? 10
            let d = try checked(duration, "--duration", in: CurveRange.duration)
            timing = .physical(mass: m, stiffness: k, damping: c, initialVelocity: v, duration: d)
            title = "spring mass \(compact(m)), stiffness \(compact(k)), damping \(compact(c))"
        }
        try emitSpring(timing, from: from, to: to, title: title, output: output)
    }
}
