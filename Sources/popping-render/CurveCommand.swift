import ArgumentParser
import Codecs
import Foundation
import Geometry
import Motion

/// `popping-render curve spring|basic|uikit-spring|decay …`: runs one animation on its own at a
/// fixed frame rate and prints it frame by frame (or plots it), for tuning animations and for
/// checking our numbers against POP's from outside.
struct CurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Prints or plots one animation curve frame by frame, as POP, UIKit, Core Animation or SwiftUI runs it.",
        discussion: """
            Frame 0 shows the start value; the last row is the done frame, where POP snaps to the \
            target. For properties with several components the value and velocity columns show \
            the first one.
            """,
        subcommands: [SpringCurve.self, BasicCurve.self, UIKitSpringCurveCommand.self, SwiftUISpringCurve.self,
                      SpringTimingCurve.self, DecayCurve.self])
}

/// Options every curve subcommand shares: the clock, the property and the outputs.
struct CurveOutputOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Frames per second of the animation clock, 1...1000.")
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
        _ = try checked(fps, "--fps", in: CurveRange.fps)
        let property = try standardProperty()
        let samples: [TrajectorySample]
        do {
            samples = try Trajectory.record(animation, property: property,
                                            initial: AnimationVector(repeating: initial, count: property.componentCount),
                                            framesPerSecond: fps, maxFrames: Int(saturating: fps * 600))
        } catch let error as Trajectory.NeverSettles {
            throw CommandFailure("curve", "\(error) (10 minutes); check the spring constants and the velocity")
        }
        // The option ranges keep the solvers finite; this keeps a NaN from ever being printed.
        guard samples.allSatisfy({ $0.time.isFinite && $0.value[0].isFinite && $0.velocity[0].isFinite }) else {
            throw CommandFailure("curve", "the values overflow (a spring too stiff for POP's 1 ms solver step, "
                                          + "or numbers too large); use smaller values, velocities or constants")
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

/// The documented ranges of the curve options: wide enough for any animation a UI runs, narrow
/// enough that every value the solvers print stays finite.
enum CurveRange {
    /// Start and end values, in property units (points, degrees, …).
    static let value: ClosedRange<Double> = -1e9...1e9
    /// Initial velocities, in units per second.
    static let velocity: ClosedRange<Double> = -1e9...1e9
    /// POP's bounciness and speed (nominally 0...20).
    static let popParameter: ClosedRange<Double> = 0...1000
    /// Spring tension and mass.
    static let positiveConstant: ClosedRange<Double> = 1e-3...1e6
    /// Spring friction.
    static let friction: ClosedRange<Double> = 0...1e6
    /// Durations, in seconds (a recording stops after 10 minutes anyway).
    static let duration: ClosedRange<Double> = 0...600
    /// UIKit's damping ratio.
    static let dampingRatio: ClosedRange<Double> = 0.001...1
    /// UIKit's initial velocity, in total distances per second.
    static let uikitVelocity: ClosedRange<Double> = -1000...1000
    /// The animation clock's frame rate.
    static let fps: ClosedRange<Double> = 1...1000
}

/// Checks that a number option is finite and within `range`, naming the option and the range
/// when it is not.
func checked(_ value: Double?, _ option: String, in range: ClosedRange<Double>) throws -> Double? {
    guard let value else { return nil }
    guard value.isFinite, range.contains(value) else {
        throw CommandFailure("\(option) \(value)", "must be a finite number in \(compact(range.lowerBound, 6))...\(compact(range.upperBound, 6))")
    }
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

    @Option(parsing: .unconditional, help: "Start value, -1e9...1e9 (default 0).") var from: Double?
    @Option(parsing: .unconditional, help: "Rest value, -1e9...1e9 (default: the start value).") var to: Double?
    @Option(parsing: .unconditional, help: "Initial velocity in units per second, -1e9...1e9, on every component.") var velocity: Double?
    @Option(parsing: .unconditional, help: "POP bounciness, nominally 0...20, at most 1000 (default 4).") var bounciness: Double?
    @Option(parsing: .unconditional, help: "POP speed, nominally 0...20, at most 1000 (default 12).") var speed: Double?
    @Option(parsing: .unconditional, help: "Tension (stiffness), 0.001...1e6.") var tension: Double?
    @Option(parsing: .unconditional, help: "Friction (damping), 0...1e6.") var friction: Double?
    @Option(parsing: .unconditional, help: "Mass, 0.001...1e6.") var mass: Double?
    @OptionGroup var output: CurveOutputOptions

    func run() throws {
        let spring = SpringAnimation()
        if let b = try checked(bounciness, "--bounciness", in: CurveRange.popParameter) { spring.springBounciness = b }
        if let s = try checked(speed, "--speed", in: CurveRange.popParameter) { spring.springSpeed = s }
        if let t = try checked(tension, "--tension", in: CurveRange.positiveConstant) { spring.dynamicsTension = t }
        if let f = try checked(friction, "--friction", in: CurveRange.friction) { spring.dynamicsFriction = f }
        if let m = try checked(mass, "--mass", in: CurveRange.positiveConstant) { spring.dynamicsMass = m }
        let start = try checked(from, "--from", in: CurveRange.value) ?? 0
        spring.fromValue = try broadcast(start, output)
        spring.toValue = try checked(to, "--to", in: CurveRange.value).map { try broadcast($0, output) }
        spring.velocity = try checked(velocity, "--velocity", in: CurveRange.velocity).map { try broadcast($0, output) }
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

    @Option(parsing: .unconditional, help: "Start value, -1e9...1e9 (default 0).") var from: Double?
    @Option(parsing: .unconditional, help: "End value, -1e9...1e9 (default: the start value).") var to: Double?
    @Option(parsing: .unconditional, help: "Seconds, 0...600 (default 0.4, POP's).") var duration = 0.4
    @Option(help: "default, linear, easeIn, easeOut, easeInEaseOut or 'cubic-bezier(x1,y1,x2,y2)'.")
    var timing = "default"
    @OptionGroup var output: CurveOutputOptions

    func run() throws {
        _ = try checked(duration, "--duration", in: CurveRange.duration)
        let function: TimingFunction
        do { function = try TimingFunction(parsing: timing) } catch {
            throw CommandFailure("--timing", "\(error)")
        }
        let start = try checked(from, "--from", in: CurveRange.value) ?? 0
        let basic = BasicAnimation(from: try broadcast(start, output),
                                   to: try checked(to, "--to", in: CurveRange.value).map { try broadcast($0, output) },
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

    @Option(parsing: .unconditional, help: "Seconds, 0...600.") var duration = 0.5
    @Option(parsing: .unconditional, help: "Damping ratio, 0.001...1.") var damping = 0.7
    @Option(parsing: .unconditional, help: "Initial velocity in total distances per second, -1000...1000.") var velocity = 0.0
    @OptionGroup var output: CurveOutputOptions

    func run() throws {
        _ = try checked(duration, "--duration", in: CurveRange.duration)
        _ = try checked(damping, "--damping", in: CurveRange.dampingRatio)
        _ = try checked(velocity, "--velocity", in: CurveRange.uikitVelocity)
        let curve = UIKitSpringCurve(duration: duration, dampingRatio: damping, initialVelocity: velocity)
        let animation = UIKitAnimation(timing: .spring(SpringTiming(oscillator: curve.oscillator, duration: duration)),
                                       from: try broadcast(0, output),
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

    @Option(parsing: .unconditional, help: "Start value, -1e9...1e9 (default 0).") var from: Double?
    @Option(parsing: .unconditional, help: "Initial velocity in units per second, -1e9...1e9, on every component.") var velocity: Double
    @Option(parsing: .unconditional, help: "Fraction of velocity kept per millisecond, in (0, 1).") var deceleration = 0.998
    @OptionGroup var output: CurveOutputOptions

    func run() throws {
        guard deceleration.isFinite, deceleration > 0, deceleration < 1 else {
            throw CommandFailure("--deceleration", "must lie strictly between 0 and 1, got \(deceleration)")
        }
        let start = try checked(from, "--from", in: CurveRange.value) ?? 0
        _ = try checked(velocity, "--velocity", in: CurveRange.velocity)
        let decay = DecayAnimation(from: try broadcast(start, output), velocity: try broadcast(velocity, output),
                                   deceleration: deceleration)
        let title = "POP decay from \(compact(start)), velocity \(compact(velocity))"
        let subtitle = "deceleration \(compact(deceleration)) per ms; \(compact(output.fps)) fps"
        try output.emit(decay, initial: start, title: title, subtitle: subtitle)
    }
}
