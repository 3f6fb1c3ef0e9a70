/// A solver unknown, created by `Solver.makeVariable(_:)`. Its value is read back with
/// `Solver.value(of:)`.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// The variable's index in the solver that made it.
    public let id: Int

    public var description: String { "v\(id)" }
}

/// `coefficient × variable`.
public struct Term: Hashable, Sendable {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression `Σ coefficient·variable + constant`, the left side of a constraint
/// (the right side is always 0 after moving everything left).
public struct LinearExpression: Sendable {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) { self.init([Term(variable)]) }

    public static func + (a: LinearExpression, b: LinearExpression) -> LinearExpression {
        LinearExpression(a.terms + b.terms, constant: a.constant + b.constant)
    }
    public static func - (a: LinearExpression, b: LinearExpression) -> LinearExpression { a + b * -1 }
    public static func * (a: LinearExpression, k: Double) -> LinearExpression {
        LinearExpression(a.terms.map { Term($0.variable, $0.coefficient * k) }, constant: a.constant * k)
    }
    public static func + (a: LinearExpression, v: Variable) -> LinearExpression { a + LinearExpression(v) }
    public static func - (a: LinearExpression, v: Variable) -> LinearExpression { a - LinearExpression(v) }
    public static func + (a: LinearExpression, c: Double) -> LinearExpression { a + LinearExpression(constant: c) }
    public static func - (a: LinearExpression, c: Double) -> LinearExpression { a + LinearExpression(constant: -c) }
}

extension Variable {
    public static func + (v: Variable, b: LinearExpression) -> LinearExpression { LinearExpression(v) + b }
    public static func - (v: Variable, b: LinearExpression) -> LinearExpression { LinearExpression(v) - b }
    public static func + (v: Variable, w: Variable) -> LinearExpression { LinearExpression(v) + w }
    public static func - (v: Variable, w: Variable) -> LinearExpression { LinearExpression(v) - w }
    public static func + (v: Variable, c: Double) -> LinearExpression { LinearExpression(v) + c }
    public static func - (v: Variable, c: Double) -> LinearExpression { LinearExpression(v) - c }
    public static func * (v: Variable, k: Double) -> LinearExpression { LinearExpression([Term(v, k)]) }
    public static func * (k: Double, v: Variable) -> LinearExpression { LinearExpression([Term(v, k)]) }
}
