/// A solver unknown, created by `Solver.makeVariable(_:)`. Its value is read back with
/// `Solver.value(of:)`.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// The variable's index in the solver that made it.
    public let id: Int

    /// `v` and the id, for debugging output.
    public var description: String { "v\(id)" }
}

/// `coefficient × variable`.
public struct Term: Hashable, Sendable {
    /// The unknown.
    public var variable: Variable
    /// What it is multiplied by.
    public var coefficient: Double

    /// `coefficient × variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression `Σ coefficient·variable + constant`, the left side of a constraint
/// (the right side is always 0 after moving everything left).
public struct LinearExpression: Sendable {
    /// The variable terms, in the order written.
    public var terms: [Term]
    /// The constant term.
    public var constant: Double

    /// `Σ terms + constant`.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression `1 × variable`.
    public init(_ variable: Variable) { self.init([Term(variable)]) }

    /// Sum of two expressions.
    public static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        LinearExpression(a.terms + b.terms, constant: a.constant + b.constant)
    }
    /// Difference of two expressions.
    public static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + b * -1 }
    /// The expression scaled by `k`.
    public static func * (a: LinearExpression, k: Double) -> LinearExpression {
        LinearExpression(a.terms.map { Term($0.variable, $0.coefficient * k) }, constant: a.constant * k)
    }
    /// Adds one variable.
    public static func + (a: LinearExpression, v: Variable) -> LinearExpression { a + LinearExpression(v) }
    /// Subtracts one variable.
    public static func - (a: LinearExpression, v: Variable) -> LinearExpression { a - LinearExpression(v) }
    /// Adds a constant.
    public static func + (a: LinearExpression, c: Double) -> LinearExpression { a + LinearExpression(constant: c) }
    /// Subtracts a constant.
    public static func - (a: LinearExpression, c: Double) -> LinearExpression { a + LinearExpression(constant: -c) }
}

extension Variable {
    /// `v + b`.
    public static func + (v: Variable, b: LinearExpression) -> LinearExpression { LinearExpression(v) + b }
    /// `v − b`.
    public static func - (v: Variable, b: LinearExpression) -> LinearExpression { LinearExpression(v) - b }
    /// `v + w`.
    public static func + (v: Variable, w: Variable) -> LinearExpression { LinearExpression(v) + w }
    /// `v − w`.
    public static func - (v: Variable, w: Variable) -> LinearExpression { LinearExpression(v) - w }
    /// `v + c`.
    public static func + (v: Variable, c: Double) -> LinearExpression { LinearExpression(v) + c }
    /// `v − c`.
    public static func - (v: Variable, c: Double) -> LinearExpression { LinearExpression(v) - c }
    /// `k × v`.
    public static func * (v: Variable, k: Double) -> LinearExpression { LinearExpression([Term(v, k)]) }
    /// `k × v`.
    public static func * (k: Double, v: Variable) -> LinearExpression { LinearExpression([Term(v, k)]) }
}
