/// Why the solver refused an operation. After any of these the solver is exactly as it was.
public enum SolverError: Error, Equatable, Sendable {
    /// This constraint object is already in the solver.
    case duplicateConstraint
    /// The constraint is not in the solver.
    case unknownConstraint
    /// The required constraints (with this one, or with this constant) have no solution.
    case unsatisfiableConstraint
    /// The variable is already an edit variable.
    case duplicateEditVariable
    /// The variable is not an edit variable.
    case unknownEditVariable
    /// Edit variables must be optional: a required edit could make the system unsatisfiable.
    case requiredEditVariable
}
