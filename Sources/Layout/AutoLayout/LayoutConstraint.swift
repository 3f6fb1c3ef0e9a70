/// One Auto Layout constraint in `NSLayoutConstraint`'s shape:
/// `firstItem.firstAttribute relation multiplier × secondItem.secondAttribute + constant`, at a
/// priority. Without a second item the right side is just the constant.
///
/// `constant` may change while the constraint is active: the engine re-solves incrementally
/// (this is how animations move views). Changing `priority` re-installs the constraint.
public final class LayoutConstraint: CustomStringConvertible {
    /// The item on the left side.
    public let firstItem: LayoutItem
    /// Its attribute.
    public let firstAttribute: LayoutAttribute
    /// How the sides compare.
    public let relation: LayoutRelation
    /// The item on the right side, nil when the right side is just the constant.
    public let secondItem: LayoutItem?
    /// Its attribute (nil without a second item).
    public let secondAttribute: LayoutAttribute?
    /// What the second attribute is multiplied by.
    public let multiplier: Double
    /// An optional name shown in descriptions.
    public var identifier: String?

    /// Added to the right side; setting it re-solves incrementally (animations move views this way).
    public var constant: Double {
        didSet { if constant != oldValue { engine?.constantDidChange(self) } }
    }

    /// How strongly the constraint should hold; setting it re-installs the constraint.
    public var priority: LayoutPriority {
        didSet { if priority != oldValue { engine?.reinstall(self) } }
    }

    /// The engine the constraint is active in, if any.
    weak var engine: LayoutEngine?
    /// The solver's form of the constraint while it is installed (nil when broken).
    var installed: LinearConstraint?

    /// `item.attribute relation multiplier × toItem.attribute + constant` at `priority`, as
    /// `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`; the
    /// second attribute defaults to the first.
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

    /// `item.a == other.a` for each attribute `a`: required constraints that pin the same edges,
    /// centres or sizes of two items together.
    public static func equal(_ attributes: [LayoutAttribute], of item: LayoutItem,
                             to other: LayoutItem) -> [LayoutConstraint] {
        attributes.map { LayoutConstraint(item: item, attribute: $0, relatedBy: .equal, toItem: other, attribute: $0) }
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
