/// One Auto Layout constraint in `NSLayoutConstraint`'s shape:
/// `firstItem.firstAttribute relation multiplier × secondItem.secondAttribute + constant`, at a
/// priority. Without a second item the right side is just the constant.
///
/// `constant` may change while the constraint is active: the engine re-solves incrementally
/// (this is how animations move views). Changing `priority` re-installs the constraint.
public final class LayoutConstraint: CustomStringConvertible {
    public let firstItem: LayoutItem
    public let firstAttribute: LayoutAttribute
    public let relation: LayoutRelation
    public let secondItem: LayoutItem?
    public let secondAttribute: LayoutAttribute?
    public let multiplier: Double
    /// An optional name shown in descriptions.
    public var identifier: String?

    public var constant: Double {
        didSet { if constant != oldValue { engine?.constantDidChange(self) } }
    }

    public var priority: LayoutPriority {
        didSet { if priority != oldValue { engine?.priorityDidChange(self) } }
    }

    /// The engine the constraint is active in, if any.
    weak var engine: LayoutEngine?
    /// The solver's form of the constraint while it is installed (nil when broken).
    var installed: LinearConstraint?

    public init(item: LayoutItem, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
                toItem: LayoutItem?, attribute secondAttribute: LayoutAttribute?,
                multiplier: Double = 1, constant: Double = 0, priority: LayoutPriority = .required) {
        firstItem = item
        firstAttribute = attribute
        self.relation = relation
        secondItem = toItem
        self.secondAttribute = toItem == nil ? nil : secondAttribute ?? attribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
    }

    /// Whether the constraint is active in an engine.
    public var isActive: Bool { engine != nil }

    /// Auto Layout's style: `a.width == 2*b.width + 10 @750`.
    public var description: String {
        var rhs = ""
        if let secondItem, let secondAttribute {
            rhs = (multiplier == 1 ? "" : "\(compactNumber(multiplier))*") + "\(secondItem.layoutName).\(secondAttribute.rawValue)"
            if constant != 0 { rhs += constant < 0 ? " - \(compactNumber(-constant))" : " + \(compactNumber(constant))" }
        } else {
            rhs = compactNumber(constant)
        }
        let name = identifier.map { "'\($0)' " } ?? ""
        let suffix = priority.isRequired ? "" : " @\(priority)"
        return "\(name)\(firstItem.layoutName).\(firstAttribute.rawValue) \(relation.symbol) \(rhs)\(suffix)"
    }
}
