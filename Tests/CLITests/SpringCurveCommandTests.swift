import Foundation
import GoldenTesting
import Testing

/// `curve swiftui-spring` and `curve spring-timing`: every frame before the done frame is the
/// closed-form damped oscillator, written out here from the textbook formula, within 1e-9.
@Suite struct SpringCurveCommandTests {
    /// Remaining distance x(t) of a unit spring from x = 1 with x′ = −v (ζ ≠ 1).
    private static func remaining(w0: Double, zeta: Double, v: Double, t: Double) -> Double {
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v) / wd * sin(wd * t))
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let a = (-v - r2) / (r1 - r2)
        return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
    }

    /// The CSV rows as (t, value, done).
    private static func rows(_ csv: String) -> [(t: Double, value: Double, done: Bool)] {
        csv.split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: ",").map(String.init)
            return (Double(f[1])!, Double(f[2])!, f[4] == "1")
        }
    }

    /// One command and the spring it should print: ω₀, ζ, initial velocity, from and to.
    struct SpringCase: Sendable, CustomStringConvertible {
        let arguments: [String]
        let w0: Double, zeta: Double, v: Double, from: Double, to: Double
        var description: String { arguments.joined(separator: " ") }
    }

    static let cases: [SpringCase] = {
        let k170: Double = 170.0.squareRoot(), k300: Double = 300.0.squareRoot()
        let twoPi: Double = 2 * Double.pi
        return [
            SpringCase(arguments: ["swiftui-spring", "--response", "0.4", "--damping-fraction", "0.6", "--from", "10", "--to", "30"],
                       w0: twoPi / 0.4, zeta: 0.6, v: 0, from: 10, to: 30),
            SpringCase(arguments: ["spring-timing", "--mass", "1", "--stiffness", "170", "--damping", "15"],
                       w0: k170, zeta: 15 / (2 * k170), v: 0, from: 0, to: 1),
            SpringCase(arguments: ["spring-timing", "--mass", "2", "--stiffness", "170", "--damping", "15", "--initial-velocity", "3"],
                       w0: (85.0 as Double).squareRoot(), zeta: 15 / (2 * (340.0 as Double).squareRoot()), v: 3, from: 0, to: 1),
            SpringCase(arguments: ["swiftui-spring", "--duration", "0.5", "--bounce", "0.3"], w0: twoPi / 0.5, zeta: 0.7, v: 0, from: 0, to: 1),
            SpringCase(arguments: ["swiftui-spring", "--duration", "0.5", "--bounce", "-0.3"], w0: twoPi / 0.5, zeta: 1 / 0.7, v: 0, from: 0, to: 1),
            SpringCase(arguments: ["swiftui-spring", "--preset", "bouncy", "--extra-bounce", "0.1"], w0: twoPi / 0.5, zeta: 0.6, v: 0, from: 0, to: 1),
            SpringCase(arguments: ["swiftui-spring", "--stiffness", "300", "--damping", "10"], w0: k300, zeta: 10 / (2 * k300), v: 0, from: 0, to: 1),
            SpringCase(arguments: ["spring-timing", "--duration", "0.4", "--bounce", "0.2", "--from", "-5", "--to", "5"],
                       w0: twoPi / 0.4, zeta: 0.8, v: 0, from: -5, to: 5),
        ]
    }()

    @Test(arguments: cases)
    func everyFrameBeforeTheDoneFrameIsTheClosedForm(c: SpringCase) throws {
        let r = try popping(["curve"] + c.arguments)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = Self.rows(r.stdout)
        #expect(rows.count > 10)
        #expect(rows.last?.done == true && rows.last?.value == c.to)
        for row in rows.dropLast() {
            // The CSV prints t to 6 decimals; the value was computed at the exact frame time.
            let frameTime = (row.t * 60).rounded() / 60
            let exact = c.from + (c.to - c.from) * (1 - Self.remaining(w0: c.w0, zeta: c.zeta, v: c.v, t: frameTime))
            #expect(abs(row.value - exact) < 1e-9, "t \(row.t): \(row.value) vs \(exact)")
        }
    }

    @Test func aDampingRatioSpringRunsForTheAnimatorsDuration() throws {
        let r = try popping(["curve", "spring-timing", "--damping-ratio", "0.7", "--duration", "0.3", "--initial-velocity", "0.7"])
        #expect(r.status == 0)
        let rows = Self.rows(r.stdout)
        #expect(rows.count == 19 && rows.last?.done == true)
    }

    @Test(arguments: [
        (["swiftui-spring", "--response", "0.4", "--bounce", "0.2"], "--response: not part of .spring(duration:bounce:)"),
        (["swiftui-spring", "--preset", "wobbly"], "--preset wobbly: expected smooth, snappy or bouncy"),
        (["swiftui-spring", "--preset", "bouncy", "--extra-bounce", "0.8"], "--extra-bounce 0.8: makes the bounce 1.1"),
        (["swiftui-spring", "--bounce", "1"], "--bounce 1.0: must be a finite number in -0.999...0.999"),
        (["swiftui-spring", "--stiffness", "100"], "swiftui-spring: .interpolatingSpring takes both --stiffness and --damping"),
        (["spring-timing", "--damping-ratio", "0.5"], "--damping-ratio: takes the animator's --duration"),
        (["spring-timing", "--stiffness", "1", "--damping", "0.000001"], "curve: the spring takes"),
    ])
    func badSpringOptionsNameTheOption(arguments: [String], message: String) throws {
        let r = try popping(["curve"] + arguments)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("popping-render: " + message), "\(r.stderr)")
    }
}

/// ArgumentParser's suggestions for an unknown option are kept only when they are near spellings.
@Suite struct UnknownOptionTests {
    @Test(arguments: [
        (["curve", "basic", "--mass", "1"], "popping-render: Unknown option '--mass' (curve spring-timing"),
        (["curve", "spring", "--stiffness", "100"], "popping-render: Unknown option '--stiffness' (curve spring-timing and curve swiftui-spring take --stiffness; POP's curve spring calls it --tension)"),
        (["curve", "spring", "--tensio", "100"], "popping-render: Unknown option '--tensio'. Did you mean '--tension'?"),
    ])
    func anUnrelatedOptionIsNeverSuggested(arguments: [String], message: String) throws {
        let r = try popping(arguments)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
        #expect(!r.stderr.contains("--fps"))
    }
}
