import ArgumentParser
import Codecs
import Foundation
import Motion

/// `popping-render curve spring|basic|uikit-spring|decay …`: runs one animation on its own at a
/// fixed frame rate and prints it frame by frame (or plots it), for tuning animations and for
/// checking our numbers against POP's from outside.
struct CurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Prints or plots one animation curve frame by frame, as POP or UIKit runs it.",
        discussion: """
            Frame 0 shows the start value; the last row is the done frame, where POP snaps to the \
            target. For properties with several components the value and velocity columns show \
            the first one.
            """,
        subcommands: [SpringCurve.self, BasicCurve.self, UIKitSpringCurveCommand.self, DecayCurve.self])
}

/// Options every curve subcommand shares: the clock, the property and the outputs.
struct CurveOutputOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Frames per second of the animation clock.")
    var fps = 60.0

    @Option(help: "The animated property, by POP's name (positionX, positionY, position, scaleX, scaleY, scaleXY, opacity, rotation, size, bounds, backgroundColor); it sets the threshold and the component count. Default: a number with threshold 0.01.")
    var property = "scalar"

    @Flag(help: "Print CSV (frame,t,value,velocity,done) on standard output; the default unless --png is given.")
    var csv = false

    @Option(help: "Draw the curve as a chart into this PNG file.")
    var png: String?

    /// The property named by `--property`.
    func standardProperty() throws -> StandardProperty {
        guard let p = StandardProperty(rawValue: property) else {
            let names = StandardProperty.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandFailure("--property", "unknown property '\(property)' (expected one of \(names))")
        }
        return p
    }

    /// Runs `animation` from `initial` and writes the requested outputs.
    func emit(_ animation: PropertyAnimation, initial: Double, title: String, subtitle: String,
              valueLabel: String? = nil) throws {
        guard fps.isFinite, fps > 0, fps <= 1000 else { throw CommandFailure("--fps", "must lie in (0, 1000], got \(fps)") }
        let property = try standardProperty()
        let samples: [TrajectorySample]
        do {
            samples = try Trajectory.record(animation, property: property,
                                            initial: AnimationVector(repeating: initial, count: property.componentCount),
                                            framesPerSecond: fps, maxFrames: Int(fps * 600))
        } catch let error as Trajectory.NeverSettles {
            throw CommandFailure("curve", "\(error) (10 minutes); check the spring constants and the velocity")
        }
        if let png {
            let chart = CurveChart(samples: samples, title: title, subtitle: subtitle,
                                   valueLabel: valueLabel ?? "\(property.rawValue) value")
            do { try PNG.write(try chart.render(), to: png) } catch {
                throw CommandFailure("\(error)")
            }
        }
        if csv || png == nil { FileHandle.standardOutput.write(Data(Self.csv(samples).utf8)) }
    }

    /// The CSV text: a header and one row per frame.
    static func csv(_ samples: [TrajectorySample]) -> String {
        var out = "frame,t,value,velocity,done\n"
        for s in samples {
            // Adding +0 turns a negative zero into 0.
            out += "\(s.frame),\(String(format: "%.6f", s.time)),\(s.value[0] + 0),\(s.velocity[0] + 0),\(s.isDone ? 1 : 0)\n"
        }
        return out
    }
}

/// Checks that a number option is finite, naming the option when it is not.
func finite(_ value: Double?, _ option: String) throws -> Double? {
    guard let value else { return nil }
    guard value.isFinite else { throw CommandFailure(option, "must be a finite number, got \(value)") }
    return value
}

/// A number for a chart title, with at most `decimals` decimals and no trailing zeros.
func compact(_ value: Double, _ decimals: Int = 4) -> String {
    var s = String(format: "%.\(decimals)f", value + 0)
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    return s
}

/// A component-wise vector of `value` with the property's component count.
func broadcast(_ value: Double, _ options: CurveOutputOptions) throws -> AnimationVector {
    AnimationVector(repeating: value, count: try options.standardProperty().componentCount)
}

struct SpringCurve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spring",
        abstract: "A POPSpringAnimation, frame-exact with POP's solver.",
        discussion: """
            Without --to the spring returns to its start (a velocity-only shake). --bounciness and \
            --speed set all three constants; --tension, --friction and --mass then override one \
            each, as setting them after bounciness does in POP.
            """)

    @Option(parsing: .unconditional, help: "Start value (default 0).") var from: Double?
    @Option(parsing: .unconditional, help: "Rest value (default: the start value).") var to: Double?
    @Option(parsing: .unconditional, help: "Initial velocity in units per second, on every component.") var velocity: Double?
    @Option(parsing: .unconditional, help: "POP bounciness, nominally 0...20 (default 4).") var bounciness: Double?
    @Option(parsing: .unconditional, help: "POP speed, nominally 0...20 (default 12).") var speed: Double?
    @Option(parsing: .unconditional, help: "Tension (stiffness).") var tension: Double?
    @Option(parsing: .unconditional, help: "Friction (damping).") var friction: Double?
    @Option(parsing: .unconditional, help: "Mass, positive.") var mass: Double?
    @OptionGroup var output: CurveOutputOptions

    func run() throws {
        let spring = SpringAnimation()
        if let b = try finite(bounciness, "--bounciness") { spring.springBounciness = b }
        if let s = try finite(speed, "--speed") { spring.springSpeed = s }
        if let t = try finite(tension, "--tension") {
            guard t > 0 else { throw CommandFailure("--tension", "must be positive, got \(t)") }
            spring.dynamicsTension = t
        }
        if let f = try finite(friction, "--friction") {
            guard f >= 0 else { throw CommandFailure("--friction", "must not be negative, got \(f)") }
            spring.dynamicsFriction = f
        }
        if let m = try finite(mass, "--mass") {
            guard m > 0 else { throw CommandFailure("--mass", "a spring's mass must be positive, got \(m)") }
            spring.dynamicsMass = m
        }
        let start = try finite(from, "--from") ?? 0
        spring.fromValue = try broadcast(start, output)
        spring.toValue = try finite(to, "--to").map { try broadcast($0, output) }
        spring.velocity = try finite(velocity, "--velocity").map { try broadcast($0, output) }
        let d = spring.dynamics
        let title = "POP spring \(compact(start)) to \(to.map { compact($0) } ?? compact(start)), velocity \(compact(velocity ?? 0))"
        let subtitle = "bounciness \(compact(spring.springBounciness)), speed \(compact(spring.springSpeed)): "
            + "tension \(compact(d.tension, 2)), friction \(compact(d.friction, 2)), mass \(compact(d.mass, 2)); \(compact(output.fps)) fps"
        try output.emit(spring, initial: start, title: title, subtitle: subtitle)
    }
}

struct BasicCurve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "basic",
        abstract: "A POPBasicAnimation: a timing curve solved with POP's epsilon.")

    @Option(parsing: .unconditional, help: "Start value (default 0).") var from: Double?
    @Option(parsing: .unconditional, help: "End value (default: the start value).") var to: Double?
    @Option(parsing: .unconditional, help: "Seconds (default 0.4, POP's).") var duration = 0.4
    @Option(help: "default, linear, easeIn, easeOut, easeInEaseOut or 'cubic-bezier(x1,y1,x2,y2)'.")
    var timing = "default"
    @OptionGroup var output: CurveOutputOptions

    func run() throws {
        guard duration.isFinite, duration >= 0 else {
            throw CommandFailure("--duration", "must be a non-negative number of seconds, got \(duration)")
        }
        let function: TimingFunction
        do { function = try TimingFunction(parsing: timing) } catch {
            throw CommandFailure("--timing", "\(error)")
        }
        let start = try finite(from, "--from") ?? 0
        let basic = BasicAnimation(from: try broadcast(start, output), to: try finite(to, "--to").map { try broadcast($0, output) },
                                   duration: duration, timingFunction: function)
        let title = "POP basic \(compact(start)) to \(to.map { compact($0) } ?? compact(start)) in \(compact(duration)) s"
        let subtitle = "timing \(timing) \(function); \(compact(output.fps)) fps"
        try output.emit(basic, initial: start, title: title, subtitle: subtitle)
    }
}

struct UIKitSpringCurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uikit-spring",
        abstract: "UIKit's usingSpringWithDamping:initialSpringVelocity: curve, as progress from 0 to 1.",
        discussion: "A public reconstruction (Framer's), not Apple's code; see springs.md §4.2.")

    @Option(parsing: .unconditional, help: "Seconds.") var duration = 0.5
    @Option(parsing: .unconditional, help: "Damping ratio in (0, 1].") var damping = 0.7
    @Option(parsing: .unconditional, help: "Initial velocity in total distances per second.") var velocity = 0.0
    @OptionGroup var output: CurveOutputOptions

    func run() throws {
        guard duration.isFinite, duration >= 0 else {
            throw CommandFailure("--duration", "must be a non-negative number of seconds, got \(duration)")
        }
        guard damping.isFinite, damping > 0, damping <= 1 else {
            throw CommandFailure("--damping", "must lie in (0, 1], got \(damping)")
        }
        _ = try finite(velocity, "--velocity")
        let curve = UIKitSpringCurve(duration: duration, dampingRatio: damping, initialVelocity: velocity)
        let animation = UIKitAnimation(timing: .spring(duration: duration, curve: curve), from: try broadcast(0, output),
                                       to: try broadcast(1, output))
        let title = "UIKit spring \(compact(duration)) s, damping ratio \(compact(damping)), velocity \(compact(velocity))"
        let subtitle = "reconstructed: stiffness \(compact(curve.stiffness, 2)), damping \(compact(curve.damping, 2)), mass 1; "
            + "\(compact(output.fps)) fps"
        try output.emit(animation, initial: 0, title: title, subtitle: subtitle, valueLabel: "progress")
    }
}

struct DecayCurve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decay",
        abstract: "A POPDecayAnimation: coasting to rest, in POP's float arithmetic.")

    @Option(parsing: .unconditional, help: "Start value (default 0).") var from: Double?
    @Option(parsing: .unconditional, help: "Initial velocity in units per second, on every component.") var velocity: Double
    @Option(parsing: .unconditional, help: "Fraction of velocity kept per millisecond, in (0, 1).") var deceleration = 0.998
    @OptionGroup var output: CurveOutputOptions

    func run() throws {
        guard deceleration.isFinite, deceleration > 0, deceleration < 1 else {
            throw CommandFailure("--deceleration", "must lie strictly between 0 and 1, got \(deceleration)")
        }
        let start = try finite(from, "--from") ?? 0
        _ = try finite(velocity, "--velocity")
        let decay = DecayAnimation(from: try broadcast(start, output), velocity: try broadcast(velocity, output),
                                   deceleration: deceleration)
        let title = "POP decay from \(compact(start)), velocity \(compact(velocity))"
        let subtitle = "deceleration \(compact(deceleration)) per ms; \(compact(output.fps)) fps"
        try output.emit(decay, initial: start, title: title, subtitle: subtitle)
    }
}
