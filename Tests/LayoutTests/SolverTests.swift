import Layout
import Testing

@Suite struct SolverTests {
    @Test func oneHigherPriorityBeatsAThousandAndOneLowerOnes() throws {
        // Kiwi's weighted sum lets 1001 weak constraints outvote one medium one; Auto Layout's
        // priorities must not.
        let solver = Solver()
        let z = solver.makeVariable()
        try solver.add(LinearConstraint(z - 0, .equal, priority: 500))
        for _ in 0...1000 { try solver.add(LinearConstraint(z - 100, .equal, priority: 499)) }
        #expect(solver.value(of: z) == 0)
    }

    @Test func unsatisfiableAddLeavesNoStaleRowBehind() throws {
        // Kiwi issue 52: after a rejected `x <= 1`, re-adding `x >= 2` failed.
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.addEditVariable(x, priority: .defaultHigh)
        let atLeastTwo = LinearConstraint(x - 2, .greaterThanOrEqual)
        try solver.add(atLeastTwo)
        try solver.remove(atLeastTwo)
        try solver.add(atLeastTwo)
        #expect(throws: SolverError.unsatisfiableConstraint) { try solver.add(LinearConstraint(x - 1, .lessThanOrEqual)) }
        #expect(solver.value(of: x) == 2)
        try solver.remove(atLeastTwo)
        try solver.add(atLeastTwo)
        try solver.suggestValue(5, for: x)
        #expect(solver.value(of: x) == 5)
    }

    @Test func rejectedAddKeepsEveryValue() throws {
        let solver = Solver()
        let (a, b, c) = (solver.makeVariable(), solver.makeVariable(), solver.makeVariable())
        try solver.add(LinearConstraint(a + b - 10, .equal))
        try solver.add(LinearConstraint(a - 3, .greaterThanOrEqual))
        try solver.add(LinearConstraint(c - a - b, .equal))
        try solver.add(LinearConstraint(b - 4, .equal, priority: 300))
        let before = [a, b, c].map { solver.value(of: $0) }
        #expect(throws: SolverError.unsatisfiableConstraint) { try solver.add(LinearConstraint(a + c - 5, .lessThanOrEqual)) }
        #expect([a, b, c].map { solver.value(of: $0) } == before)
    }

    @Test func conflictingRequiredEqualitiesAreUnsatisfiable() throws {
        let solver = Solver()
        let y = solver.makeVariable()
        try solver.add(LinearConstraint(y - 10, .equal))
        #expect(throws: SolverError.unsatisfiableConstraint) { try solver.add(LinearConstraint(y - 11, .equal)) }
        #expect(solver.value(of: y) == 10)
    }

    @Test func theSameConstraintTwiceIsADuplicateButAnEqualCopyIsRedundant() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        let c = LinearConstraint(x - 7, .equal)
        try solver.add(c)
        #expect(throws: SolverError.duplicateConstraint) { try solver.add(c) }
        let copy = LinearConstraint(x - 7, .equal)
        try solver.add(copy)
        try solver.remove(c)
        try solver.add(LinearConstraint(x - 1, .equal, priority: 999))
        #expect(solver.value(of: x) == 7)
        try solver.remove(copy)
        #expect(solver.value(of: x) == 1)
        #expect(throws: SolverError.unknownConstraint) { try solver.remove(copy) }
    }

    @Test func changingARequiredConstantIntoAConflictIsRefusedAndUndone() throws {
        let solver = Solver()
        let (x, w) = (solver.makeVariable(), solver.makeVariable())
        try solver.add(LinearConstraint(w - 20, .greaterThanOrEqual))
        let pin = LinearConstraint(x + w - 100, .equal)
        try solver.add(pin)
        try solver.add(LinearConstraint(x - 30, .equal))
        #expect(solver.value(of: w) == 70)
        #expect(throws: SolverError.unsatisfiableConstraint) { try solver.setConstant(-40, of: pin) }
        #expect(pin.expression.constant == -100)
        #expect(solver.value(of: w) == 70)
        try solver.setConstant(-60, of: pin)
        #expect(solver.value(of: w) == 30)
    }

    @Test func degenerateRedundantSystemSurvivesEditsWithoutDualFailure() throws {
        // Redundant equalities and bounds that become active and inactive again, many times.
        let solver = Solver()
        let (x, y, z) = (solver.makeVariable(), solver.makeVariable(), solver.makeVariable())
        try solver.add(LinearConstraint(x - y, .equal))
        try solver.add(LinearConstraint(y - x, .equal))
        try solver.add(LinearConstraint(z - x - y, .equal))
        try solver.add(LinearConstraint(LinearExpression(x), .greaterThanOrEqual))
        try solver.add(LinearConstraint(x - 100, .lessThanOrEqual))
        try solver.add(LinearConstraint(z - 200, .lessThanOrEqual))
        try solver.addEditVariable(x, priority: .defaultHigh)
        for k in 0..<200 {
            let target = Double(k % 9) * 40 - 80
            try solver.suggestValue(target, for: x)
            #expect(solver.value(of: x) == min(max(target, 0), 100))
            #expect(solver.value(of: z) == 2 * solver.value(of: x))
        }
    }

    @Test func editVariablesRequireOptionalPriorityAndRegistration() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        #expect(throws: SolverError.requiredEditVariable) { try solver.addEditVariable(x, priority: .required) }
        #expect(throws: SolverError.unknownEditVariable) { try solver.suggestValue(1, for: x) }
        try solver.addEditVariable(x, priority: 10)
        #expect(throws: SolverError.duplicateEditVariable) { try solver.addEditVariable(x, priority: 10) }
        try solver.removeEditVariable(x)
        #expect(throws: SolverError.unknownEditVariable) { try solver.removeEditVariable(x) }
    }
}
