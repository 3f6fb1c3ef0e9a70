import GoldenTesting
import Layout
import Testing

/// Random systems built around a known feasible point: after every operation the required
/// constraints hold, and the incremental solver reaches the same lexicographic optimum (the
/// violation of each priority level) as a fresh solver given only the surviving constraints.
@Suite struct RandomSolverTests {
    private static let priorities: [LayoutPriority] = [1000, 1000, 750, 500, 250, 1]

    /// A constraint's recipe, so the same constraint can be made again for a fresh solver.
    private typealias Spec = (terms: [(Int, Double)], constant: Double, relation: LayoutRelation, priority: LayoutPriority)

    private func randomConstraint(_ rng: inout SeededGenerator, point: [Double]) -> Spec {
        let count = Int.random(in: 1...3, using: &rng)
        let terms = (0..<count).map { _ in
            (Int.random(in: 0..<point.count, using: &rng), Double(Int.random(in: -3...3, using: &rng)))
        }
        let relation: LayoutRelation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
        let priority = Self.priorities.randomElement(using: &rng)!
        let atPoint = terms.reduce(0) { $0 + $1.1 * point[$1.0] }
        // Required constraints hold at `point`; optional ones usually pull elsewhere.
        var constant = -atPoint
        switch relation {
        case .lessThanOrEqual: constant -= Double(Int.random(in: 0...5, using: &rng))
        case .greaterThanOrEqual: constant += Double(Int.random(in: 0...5, using: &rng))
        case .equal: break
        }
        if !priority.isRequired { constant += Double(Int.random(in: -50...50, using: &rng)) }
        return (terms, constant, relation, priority)
    }

    private func make(_ c: Spec, _ variables: [Variable]) -> LinearConstraint {
        LinearConstraint(LinearExpression(c.terms.map { Term(variables[$0.0], $0.1) }, constant: c.constant), c.relation,
                         priority: c.priority)
    }

    /// The constraint's expression at the solver's current values.
    private func value(of c: LinearConstraint, in solver: Solver) -> Double {
        c.expression.terms.reduce(c.expression.constant) { $0 + $1.coefficient * solver.value(of: $1.variable) }
    }

    /// Total violation per optional priority level, highest first.
    private func violations(_ constraints: [LinearConstraint], _ solver: Solver) -> [Double] {
        Self.priorities.dropFirst(2).map { level in
            constraints.filter { $0.priority == level }.reduce(0.0) { sum, c in
                let v = value(of: c, in: solver)
                switch c.relation {
                case .equal: return sum + abs(v)
                case .lessThanOrEqual: return sum + max(0, v)
                case .greaterThanOrEqual: return sum + max(0, -v)
                }
            }
        }
    }

    private func requiredHold(_ constraints: [LinearConstraint], _ solver: Solver) -> Bool {
        constraints.filter(\.priority.isRequired).allSatisfy { c in
            let v = value(of: c, in: solver)
            switch c.relation {
            case .equal: return abs(v) < 1e-6
            case .lessThanOrEqual: return v < 1e-6
            case .greaterThanOrEqual: return v > -1e-6
            }
        }
    }

    @Test(arguments: Array(1...24) as [UInt64])
    func incrementalSolutionsStayFeasibleAndOptimal(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let n = 6
        let point = (0..<n).map { _ in Double(Int.random(in: -20...20, using: &rng)) }
        let solver = Solver()
        let variables = (0..<n).map { _ in solver.makeVariable() }
        var live: [(LinearConstraint, Spec)] = []
        for step in 0..<60 {
            let roll = Int.random(in: 0..<6, using: &rng)
            if !live.isEmpty, roll == 0 {
                let i = Int.random(in: 0..<live.count, using: &rng)
                try solver.remove(live.remove(at: i).0)
            } else if !live.isEmpty, roll == 1 {
                // Move an optional constraint's constant (the dual simplex path edits take).
                let i = Int.random(in: 0..<live.count, using: &rng)
                guard !live[i].1.priority.isRequired else { continue }
                live[i].1.constant += Double(Int.random(in: -30...30, using: &rng))
                try solver.setConstant(live[i].1.constant, of: live[i].0)
            } else {
                let spec = randomConstraint(&rng, point: point)
                let c = make(spec, variables)
                try solver.add(c)
                live.append((c, spec))
            }
            let current = live.map(\.0)
            #expect(requiredHold(current, solver), "step \(step)")

            let fresh = Solver()
            let freshVariables = (0..<n).map { _ in fresh.makeVariable() }
            let copies = live.map { make($0.1, freshVariables) }
            for c in copies { try fresh.add(c) }
            let a = violations(current, solver), b = violations(copies, fresh)
            #expect(zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 }, "step \(step): \(a) vs \(b)")
        }
    }

    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func higherPriorityWinsOverAnyNumberOfLowerOnes(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let solver = Solver()
        let x = solver.makeVariable()
        let target = Double(Int.random(in: -100...100, using: &rng))
        let high = LayoutPriority(Double(Int.random(in: 2...999, using: &rng)))
        for _ in 0..<Int.random(in: 1...200, using: &rng) {
            let low = LayoutPriority(Double(Int.random(in: 1..<Int(high.rawValue), using: &rng)))
            let relation: LayoutRelation = [.equal, .lessThanOrEqual, .greaterThanOrEqual].randomElement(using: &rng)!
            try solver.add(LinearConstraint(x - Double(Int.random(in: -500...500, using: &rng)), relation, priority: low))
        }
        try solver.add(LinearConstraint(x - target, .equal, priority: high))
        #expect(abs(solver.value(of: x) - target) < 1e-9)
    }

    @Test(arguments: Array(31...40) as [UInt64])
    func rejectedConstraintsAndConstantsLeaveEveryValueAsItWas(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let n = 5
        let point = (0..<n).map { _ in Double(Int.random(in: -20...20, using: &rng)) }
        let solver = Solver()
        let variables = (0..<n).map { _ in solver.makeVariable() }
        var required: [LinearConstraint] = []
        var rejections = 0
        for _ in 0..<40 {
            let before = variables.map { solver.value(of: $0) }
            var spec = randomConstraint(&rng, point: point)
            if Int.random(in: 0..<3, using: &rng) == 0 {
                // A required constraint pushed away from the feasible point: often unsatisfiable.
                spec.priority = .required
                spec.constant += Double(Int.random(in: -40...40, using: &rng))
            }
            do {
                let c = make(spec, variables)
                try solver.add(c)
                if c.priority.isRequired { required.append(c) }
            } catch {
                rejections += 1
                #expect(zip(variables.map { solver.value(of: $0) }, before).allSatisfy { abs($0 - $1) < 1e-9 })
            }
            if let c = required.randomElement(using: &rng) {
                let before = variables.map { solver.value(of: $0) }
                let old = c.expression.constant
                do {
                    try solver.setConstant(old + Double(Int.random(in: -30...30, using: &rng)), of: c)
                } catch {
                    rejections += 1
                    #expect(c.expression.constant == old)
                    #expect(zip(variables.map { solver.value(of: $0) }, before).allSatisfy { abs($0 - $1) < 1e-9 })
                }
            }
            #expect(requiredHold(required, solver))
        }
        #expect(rejections > 0)
    }
}
