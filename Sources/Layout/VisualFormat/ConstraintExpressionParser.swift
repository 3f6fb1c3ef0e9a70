/// Reads one constraint written the way Auto Layout describes them, for the command line:
/// `a.attr REL b.attr [* m] [+|- c] [@ p]` or `a.attr REL c [@ p]`, where REL is `==`, `<=` or
/// `>=` and names come from the given items (the CLI adds `superview` for the root).
struct ConstraintExpressionParser {
    private var scanner: FormatScanner
    private let items: [String: LayoutItem]

    init(_ text: String, items: [String: LayoutItem]) {
        scanner = FormatScanner(text)
        self.items = items
    }

    mutating func parse() throws(VisualFormatError) -> LayoutConstraint {
        try scanner.requireASCII()
        scanner.skipSpaces()
        let (item, attribute) = try itemAttribute()
        scanner.skipSpaces()
        guard let relation = try scanner.relation() else { throw scanner.error("Unknown relation. Must be ==, >=, or <=") }
        scanner.skipSpaces()
        var second: (LayoutItem, LayoutAttribute)?
        var multiplier = 1.0, constant = 0.0
        let start = scanner.pos
        if let number = scanner.number() {
            constant = try scanner.bounded(number, at: start)
        } else {
            second = try itemAttribute()
            scanner.skipSpaces()
            if scanner.skip("*") {
                multiplier = try number()
            }
            scanner.skipSpaces()
            if scanner.skip("+") {
                constant = try number()
            } else if scanner.skip("-") {
                constant = -(try number())
            }
        }
        scanner.skipSpaces()
        var priority = LayoutPriority.required
        if scanner.skip("@") {
            let value = try number()
            priority = try scanner.priority(value)
        }
        scanner.skipSpaces()
        guard scanner.isAtEnd else { throw scanner.error("Expected the end of the constraint") }
        return LayoutConstraint(item: item, attribute: attribute, relatedBy: relation, toItem: second?.0,
                                attribute: second?.1, multiplier: multiplier, constant: constant, priority: priority)
    }

    /// `name.attribute`
    private mutating func itemAttribute() throws(VisualFormatError) -> (LayoutItem, LayoutAttribute) {
        guard let name = scanner.identifier() else { throw scanner.error("Expected a view name or a number") }
        guard let item = items[name] else { throw scanner.error("Unable to find view with name \(name)") }
        guard scanner.skip(".") else { throw scanner.error("Expected '.' and an attribute after the view name") }
        let start = scanner.pos
        guard let word = scanner.identifier(), let attribute = LayoutAttribute(rawValue: word) else {
            let names = LayoutAttribute.allCases.map(\.rawValue).joined(separator: ", ")
            throw scanner.error("Unknown attribute. Must be one of \(names)", at: start)
        }
        return (item, attribute)
    }

    private mutating func number() throws(VisualFormatError) -> Double {
        scanner.skipSpaces()
        let start = scanner.pos
        guard let value = scanner.number() else { throw scanner.error("Expected a number") }
        return try scanner.bounded(value, at: start)
    }
}

extension LayoutEngine {
    /// One constraint from text such as `a.centerX == superview.centerX * 0.5 + 10 @750`
    /// (not yet active). Names are looked up in `items`.
    /// - Throws: `VisualFormatError` with a caret under the problem.
    public func constraint(parsing text: String, items: [String: LayoutItem]) throws(VisualFormatError) -> LayoutConstraint {
        var parser = ConstraintExpressionParser(text, items: items)
        return try parser.parse()
    }
}
