/// How the two sides of a constraint compare.
public enum LayoutRelation: Sendable, Hashable {
    case lessThanOrEqual
    case equal
    case greaterThanOrEqual

    /// The operator as VFL and Auto Layout's logs write it.
    public var symbol: String {
        switch self {
        case .lessThanOrEqual: return "<="
        case .equal: return "=="
        case .greaterThanOrEqual: return ">="
        }
    }
}

/// A constraint priority on Auto Layout's scale: 1…1000, where 1000 is required.
///
/// Optional priorities are strictly ordered: a constraint at a higher priority always wins over
/// any number of constraints at lower priorities (the solver's objective is lexicographic).
public struct LayoutPriority: Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral
{
    /// The priority, 1…1000.
    public let rawValue: Double

    /// Clamps `value` into 1…1000, the range Auto Layout accepts.
    public init(_ value: Double) { rawValue = min(max(value, 1), 1000) }
    /// A priority written as a number, clamped into 1…1000.
    public init(floatLiteral value: Double) { self.init(value) }
    /// A priority written as a number, clamped into 1…1000.
    public init(integerLiteral value: Int) { self.init(Double(value)) }

    /// 1000: must hold.
    public static let required = LayoutPriority(1000)
    /// 750: UIKit's default compression resistance.
    public static let defaultHigh = LayoutPriority(750)
    /// 250: UIKit's default content hugging.
    public static let defaultLow = LayoutPriority(250)

    /// Whether the constraint must hold (priority 1000).
    public var isRequired: Bool { rawValue >= 1000 }
    /// The number, as Auto Layout prints it.
    public var description: String { compactNumber(rawValue) }
    /// Orders priorities by value.
    public static func < (a: LayoutPriority, b: LayoutPriority) -> Bool { a.rawValue < b.rawValue }
}

/// `expression relation 0` at a priority: the solver's unit of work.
///
/// Identity is the object: adding the same instance twice is a duplicate, an equal copy is a
/// second (redundant) constraint. The expression's constant can be changed while the constraint
/// is in a solver, through `Solver.setConstant(_:of:)`, which re-solves incrementally.
public final class LinearConstraint: CustomStringConvertible {
    /// The left side; the right side is 0.
    public private(set) var expression: LinearExpression
    /// How the expression compares with 0.
    public let relation: LayoutRelation
    /// How strongly the constraint should hold.
    public let priority: LayoutPriority

    /// `expression relation 0`; terms naming the same variable are merged, zero terms dropped.
    public init(_ expression: LinearExpression, _ relation: LayoutRelation, priority: LayoutPriority = .required) {
        self.expression = LinearConstraint.reduced(expression)
        self.relation = relation
        self.priority = priority
    }

    /// `lhs relation rhs`.
    public convenience init(_ lhs: LinearExpression, _ relation: LayoutRelation, _ rhs: LinearExpression,
                            priority: LayoutPriority = .required) {
        self.init(lhs - rhs, relation, priority: priority)
    }

    func replaceConstant(_ constant: Double) { expression.constant = constant }

    /// The constraint as `coefficient*variable + … + constant REL 0 @priority`.
    public var description: String {
        let terms = expression.terms.map { "\($0.coefficient)*\($0.variable)" }.joined(separator: " + ")
        return "\(terms) + \(expression.constant) \(relation.symbol) 0 @\(priority)"
    }

    private static func reduced(_ e: LinearExpression) -> LinearExpression {
        // Expressions are short (a few terms), so a linear search beats hashing here.
        var terms: [Term] = []
        terms.reserveCapacity(e.terms.count)
        for t in e.terms {
            if let i = terms.firstIndex(where: { $0.variable == t.variable }) {
                terms[i].coefficient += t.coefficient
            } else {
                terms.append(t)
            }
        }
        terms.removeAll { isNearZero($0.coefficient) }
        return LinearExpression(terms, constant: e.constant)
    }
}
