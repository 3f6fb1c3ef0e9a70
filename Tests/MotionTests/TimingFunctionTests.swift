import GoldenTesting
import Testing
@testable import Motion

@Suite struct TimingFunctionTests {
    @Test func namedCurvesParse() throws {
        #expect(try TimingFunction(parsing: "easeInEaseOut") == .easeInEaseOut)
        #expect(try TimingFunction(parsing: " default ") == .default)
        #expect(try TimingFunction(parsing: "cubic-bezier(0.42, 0, 1, 1)") == .easeIn)
    }

    @Test(arguments: ["bounce", "cubic-bezier(0.1,0.2,0.3)", "cubic-bezier(0.1,0.2,0.3,0.4", "cubic-bezier(a,0,1,1)",
                      "cubic-bezier(1.5,0,1,1)", "cubic-bezier(0,0,-0.1,1)", "cubic-bezier(nan,0,1,1)", "cubic-bezier()",
                      "cubic-bezier(0,0,1,1,1)", "", "cubic-bezier(,,,)", "cubic-bezier(0,1e308,1,1)", "cubic-bezier(0,0,1,-101)"])
    func malformedCurvesAreRejectedWithAReason(text: String) {
        #expect(throws: TimingFunctionParseError.self) { try TimingFunction(parsing: text) }
    }

    @Test func mutatedAndTruncatedInputNeverCrashes() {
        // A fixed-seed generator mutates a valid curve; each result parses or throws.
        var rng = SeededGenerator(seed: 7)
        let valid = Array("cubic-bezier(0.25, 0.1, 0.25, 1)")
        let alphabet = Array("0123456789.,-+e() abcxyz")
        for _ in 0..<2000 {
            var chars = valid
            for _ in 0..<Int(rng.next() % 4 + 1) {
                let i = Int(rng.next() % UInt64(chars.count))
                switch rng.next() % 3 {
                case 0: chars[i] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                case 1: chars.remove(at: i)
                default: chars = Array(chars.prefix(i))
                }
                if chars.isEmpty { break }
            }
            if let f = try? TimingFunction(parsing: String(chars)) {
                #expect((0...1).contains(f.c1x) && (0...1).contains(f.c2x))
            }
        }
    }

    @Test func popRoundsControlPointsToFloat() {
        #expect(TimingFunction.default.roundedToFloat.c1y == 0.10000000149011612)
        #expect(TimingFunction.default.c1y == 0.1)
    }

    @Test func popEpsilonSolvesCoarselyButWithinTolerance() {
        let f = TimingFunction.easeInEaseOut
        for i in 0...40 {
            let x = Double(i) / 40
            let coarse = f.progress(at: x, epsilon: TimingFunction.popEpsilon(duration: 0.4))
            let fine = f.progress(at: x, epsilon: 1e-12)
            #expect(abs(coarse - fine) < 0.01)
        }
    }

    @Test func slopeMatchesFiniteDifferencesIncludingFlatEnds() {
        for f in [TimingFunction.easeIn, .easeOut, .easeInEaseOut, .default, .linear] {
            for x in [0.0, 0.3, 0.7, 1.0] {
                let h = 1e-5, a = max(0, x - h), b = min(1, x + h)
                let numeric = (f.progress(at: b, epsilon: 1e-14) - f.progress(at: a, epsilon: 1e-14)) / (b - a)
                #expect(abs(f.slope(at: x, epsilon: 1e-14) - numeric) < 1e-3, "\(f) at \(x)")
            }
        }
    }
}

/// The curve solver's bisection stops after a fixed number of halvings even when the epsilon is
/// finer than a double can resolve (POP's epsilon for a very long duration).
@Suite struct UnitBezierBoundTests {
    @Test func anEpsilonBelowDoublePrecisionStillReturns() {
        let curve = TimingFunction(0, 0, 0, 1)
        for x in [0.1, 0.3, 0.5, 0.77, 0.999] {
            let p = curve.progress(at: x, epsilon: 0)
            #expect(p.isFinite && (0...1).contains(p))
        }
    }
}
