import ArgumentParser
import Foundation
import Layout

/// `popping-bench layout`: builds and solves the constraint systems of
/// bench/kiwi_bench.py (same constraints, same build order, same edit sweep) and prints
/// its metric lines, so the two can be compared in one run.
struct LayoutBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Times the Cassowary solver on kiwi_bench.py's chain-of-views systems.")

    enum Variant: String, ExpressibleByArgument, CaseIterable {
        case chainStrong = "chain-strong", chainRequired = "chain-required", starStrong = "star-strong"
    }

    @Option(help: "Which equal-width rule: chain-strong, chain-required or star-strong.")
    var variant: Variant = .chainStrong

    @Option(name: .customLong("n"), help: "Number of views (repeat the option for several sizes).")
    var sizes: [Int] = [100, 1000]

    @Option(help: "Edit cycles (suggestValue + reading every variable) to time.")
    var cycles = 1000

    @Option(help: "Runs per size; the median and the minimum are printed.")
    var `repeat` = 3

    func validate() throws {
        guard sizes.allSatisfy({ $0 >= 1 }), cycles >= 0, self.repeat >= 1 else {
            throw ValidationError("--n and --repeat must be at least 1, --cycles at least 0")
        }
    }

    func run() throws {
        let tag = variant == .chainStrong ? "" : "[\(variant.rawValue)]"
        print("# popping-render Layout solver, variant=\(variant.rawValue), cycles=\(cycles), repeat=\(self.repeat)")
        for n in sizes {
            let runs = try (0..<self.repeat).map { _ in try ChainSystem.run(n: n, cycles: cycles, variant: variant) }
            print("constraints\(tag) N=\(n): \(runs[0].constraints)")
            let metrics: [(String, KeyPath<ChainSystem.Result, Double>)] = [
                ("create_ms", \.createMs), ("add_ms", \.addMs), ("build_solve_ms", \.buildSolveMs),
                ("edit_cycles_ms", \.editCyclesMs), ("edit_cycle_us", \.editCycleUs),
            ]
            for (name, path) in metrics {
                let values = runs.map { $0[keyPath: path] }.sorted()
                print(String(format: "%@%@ N=%d: %.3f", name, tag, n, median(values)))
                print(String(format: "%@_min%@ N=%d: %.3f", name, tag, n, values[0]))
            }
            print(String(format: "check%@ N=%d: %.3g", tag, n, runs.map(\.check).max() ?? 0))
        }
    }
}

/// kiwi_bench.py's system: N views in a row with 8 pt gaps, widths ≥ 20 and equal, in a window
/// whose width is an edit variable.
enum ChainSystem {
    static let gap = 8.0
    static let minWidth = 20.0

    struct Result {
        var createMs = 0.0, addMs = 0.0, buildSolveMs = 0.0, editCyclesMs = 0.0, editCycleUs = 0.0
        var check = 0.0
        var constraints = 0
    }

    /// W for edit cycle k: the per-view width sweeps 30…130 pt along a cosine.
    static func windowWidth(_ n: Int, _ k: Int) -> Double {
        let w = 30.0 + 100.0 * (0.5 - 0.5 * cos(Double(k) * 0.05))
        return gap * Double(n + 1) + Double(n) * w
    }

    static func run(n: Int, cycles: Int, variant: LayoutBench.Variant) throws -> Result {
        var result = Result()
        let t0 = DispatchTime.now().uptimeNanoseconds
        let solver = Solver()
        let left = (0..<n).map { _ in solver.makeVariable() }
        let width = (0..<n).map { _ in solver.makeVariable() }
        let window = solver.makeVariable()
        var constraints = [LinearConstraint(left[0] - gap, .equal)]
        for i in 0..<n {
            if i > 0 {
                constraints.append(LinearConstraint(left[i] - (left[i - 1] + width[i - 1] + gap), .equal))
            }
            constraints.append(LinearConstraint(width[i] - minWidth, .greaterThanOrEqual))
            if i > 0 {
                switch variant {
                case .chainStrong:
                    constraints.append(LinearConstraint(width[i] - width[i - 1], .equal, priority: .defaultHigh))
                case .chainRequired: constraints.append(LinearConstraint(width[i] - width[i - 1], .equal))
                case .starStrong:
                    constraints.append(LinearConstraint(width[i] - width[0], .equal, priority: .defaultHigh))
                }
            }
        }
        constraints.append(LinearConstraint(left[n - 1] + width[n - 1] + gap - window, .equal))
        let t1 = DispatchTime.now().uptimeNanoseconds
        try solver.addEditVariable(window, priority: .defaultHigh)
        try solver.suggestValue(windowWidth(n, 0), for: window)
        for c in constraints { try solver.add(c) }
        let t2 = DispatchTime.now().uptimeNanoseconds
        let all = left + width + [window]
        var values = [Double](repeating: 0, count: all.count)
        readAll(solver, all, into: &values)
        let t3 = DispatchTime.now().uptimeNanoseconds
        for k in stride(from: 1, through: cycles, by: 1) {
            try solver.suggestValue(windowWidth(n, k), for: window)
            readAll(solver, all, into: &values)
        }
        let t4 = DispatchTime.now().uptimeNanoseconds

        let expected = (windowWidth(n, cycles) - gap * Double(n + 1)) / Double(n)
        let widths = values[n..<(2 * n)]
        result.check = widths.map { abs($0 - expected) }.max() ?? 0
        result.check = max(result.check, abs(values[n - 1] + values[2 * n - 1] + gap - values[2 * n]))
        result.createMs = Double(t1 - t0) / 1e6
        result.addMs = Double(t2 - t1) / 1e6
        result.buildSolveMs = Double(t3 - t0) / 1e6
        result.editCyclesMs = Double(t4 - t3) / 1e6
        result.editCycleUs = Double(t4 - t3) / 1e3 / Double(max(cycles, 1))
        result.constraints = constraints.count + 1
        return result
    }

    /// Reads every variable into `values`, the work Kiwi's `updateVariables()` does (it writes
    /// each variable's value in place, allocating nothing).
    private static func readAll(_ solver: Solver, _ variables: [Variable], into values: inout [Double]) {
        for (i, v) in variables.enumerated() { values[i] = solver.value(of: v) }
    }
}
