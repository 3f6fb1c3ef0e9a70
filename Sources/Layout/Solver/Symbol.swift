/// The kinds of column a simplex tableau holds, after Cassowary (Badros, Borning, Stuckey 2001).
///
/// Every symbol is an integer id into the solver's tables; its kind says which values it may take
/// and whether it may enter the basis.
enum SymbolKind: UInt8 {
    /// A user variable: unrestricted in sign, may always be basic.
    case external
    /// The slack of an inequality (also used for the artificial variable): restricted to ≥ 0.
    case slack
    /// The error of an optional constraint: restricted to ≥ 0 and counted in the objective.
    case error
    /// The marker of a required equality: always 0, never enters the basis.
    case dummy

    /// Whether the symbol must stay ≥ 0 (everything but user variables).
    var isRestricted: Bool { self != .external }

    /// Whether the simplex may choose the symbol to enter the basis.
    var canEnter: Bool { self != .dummy }
}

/// Below this magnitude a coefficient or constant counts as zero. Layouts are measured in points,
/// so an absolute tolerance is enough.
let nearZeroTolerance = 1e-8

@inline(__always) func isNearZero(_ value: Double) -> Bool { abs(value) < nearZeroTolerance }
