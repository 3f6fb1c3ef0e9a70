/// A recursive-descent parser for Apple's Visual Format Language, following the grammar in the
/// Auto Layout Guide's appendix. It reads ASCII bytes, tracks the position of every failure and
/// raises `VisualFormatError`s worded like UIKit's, with the caret where UIKit puts it.
struct VisualFormatParser {
    private var scanner: FormatScanner
    private let metrics: [String: Double]
    private let views: [String: LayoutItem]

    init(format: String, metrics: [String: Double], views: [String: LayoutItem]) {
        scanner = FormatScanner(format)
        self.metrics = metrics
        self.views = views
    }

    /// `(orientation:)? (|connection)? view (connection view)* (connection|)?`
    mutating func parse() throws(VisualFormatError) -> VisualFormatSyntax {
        if scanner.isAtEnd { throw scanner.error("It's an empty string.") }
        try scanner.requireASCII()
        var syntax = VisualFormatSyntax()
        if let first = scanner.peek, first == UInt8(ascii: "H") || first == UInt8(ascii: "V") {
            scanner.pos += 1
            guard scanner.peek == UInt8(ascii: ":") else {
                throw first == UInt8(ascii: "H")
                    ? scanner.error("Expected ':' after 'H' to specify horizontal arrangement")
                    : scanner.error("Expected ':' after 'V' to specify vertical arrangement")
            }
            scanner.pos += 1
            syntax.axis = first == UInt8(ascii: "H") ? .horizontal : .vertical
        }
        if scanner.peek == UInt8(ascii: "|") {
            scanner.pos += 1
            syntax.leadingConnection = try parseConnection()
            guard scanner.peek == UInt8(ascii: "[") else { throw scanner.error("Expected a view") }
        } else if scanner.peek != UInt8(ascii: "[") {
            throw scanner.error("Expected a view or '|'")
        }
        while true {
            syntax.views.append(try parseView())
            syntax.positionAfterViews = scanner.pos
            guard scanner.peek != nil else { break }
            let connection = try parseConnection()
            if scanner.peek == UInt8(ascii: "[") {
                syntax.views[syntax.views.count - 1].connectionToNext = connection
                continue
            }
            guard scanner.peek == UInt8(ascii: "|") else { throw scanner.error("Expected a view or '|'") }
            syntax.trailingConnection = connection
            scanner.pos += 1
            guard scanner.peek == nil else { throw scanner.error("Expected the end of the format string") }
            break
        }
        return syntax
    }

    // MARK: views

    /// `[name(predicates)?]`
    private mutating func parseView() throws(VisualFormatError) -> VisualFormatSyntax.ViewSyntax {
        scanner.pos += 1  // the '['
        guard scanner.peek != nil else { throw scanner.error("Unexpectedly ran out of character fodder in the middle of parsing a view") }
        guard let name = scanner.identifier() else {
            throw scanner.error("Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.")
        }
        guard let item = views[name] else { throw scanner.error("Unable to find view with name \(name)") }
        var predicates: [VisualFormatSyntax.Predicate<VisualFormatSyntax.SizeObject>] = []
        if scanner.peek == UInt8(ascii: "(") {
            predicates = try parseSizePredicates()
            guard scanner.peek == UInt8(ascii: "]") else { throw scanner.error("Expected ']' after specifying thickness.") }
        } else if scanner.peek == nil {
            throw scanner.error("Unexpectedly ran out of character fodder in the middle of parsing a view")
        } else if scanner.peek != UInt8(ascii: "]") {
            throw scanner.error("Expected a ']' here. That is how you give the end of a view.")
        }
        scanner.pos += 1
        return .init(item: item, predicates: predicates, connectionToNext: nil)
    }

    // MARK: connections

    /// Nothing (flush), `-` (standard), `-metric-`, `-number-` or `-(predicates)-`.
    private mutating func parseConnection() throws(VisualFormatError) -> VisualFormatSyntax.Connection {
        guard scanner.peek == UInt8(ascii: "-") else { return .flush }
        scanner.pos += 1
        switch scanner.peek {
        case UInt8(ascii: "["), UInt8(ascii: "|"):
            return .standard
        case nil:
            throw scanner.error("Expected a view or '|'")
        case UInt8(ascii: "-"):
            throw scanner.error("Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.")
        case UInt8(ascii: "("):
            let predicates = try parseGapPredicates()
            try expectClosingDash(afterList: true)
            return .predicates(predicates)
        default:
            let value = try parseConstant()
            try expectClosingDash(afterList: false)
            return .predicates([.init(relation: .equal, object: value, priority: .required)])
        }
    }

    private mutating func expectClosingDash(afterList: Bool) throws(VisualFormatError) {
        if scanner.peek == UInt8(ascii: "-") { scanner.pos += 1; return }
        if !afterList, scanner.peek == UInt8(ascii: ",") || scanner.peek == UInt8(ascii: "@") {
            throw scanner.error("Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints")
        }
        throw scanner.error("Expected a '-' here")
    }

    // MARK: predicates

    /// `(predicate (, predicate)*)` in a view: sizes, related to constants or other views.
    private mutating func parseSizePredicates() throws(VisualFormatError)
        -> [VisualFormatSyntax.Predicate<VisualFormatSyntax.SizeObject>]
    {
        try parsePredicateList(
            orElse: "A predicate on a view's thickness must end with ')' and the view must end with ']'"
        ) { (parser: inout VisualFormatParser) throws(VisualFormatError) in
            let start = parser.scanner.pos
            if let name = parser.scanner.identifier(), parser.metrics[name] == nil, let item = parser.views[name] {
                return .view(item)
            }
            parser.scanner.pos = start
            return .constant(try parser.parseConstant())
        }
    }

    /// `(predicate (, predicate)*)` in a connection: gaps, related to constants only.
    private mutating func parseGapPredicates() throws(VisualFormatError) -> [VisualFormatSyntax.Predicate<Double>] {
        try parsePredicateList(
            orElse: "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier"
        ) { (parser: inout VisualFormatParser) throws(VisualFormatError) in
            let start = parser.scanner.pos
            if let name = parser.scanner.identifier(), parser.metrics[name] == nil, parser.views[name] != nil {
                throw parser.scanner.error("It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]")
            }
            parser.scanner.pos = start
            return try parser.parseConstant()
        }
    }

    /// `(predicate (, predicate)*)` where each predicate is `(==|<=|>=)? object (@ priority)?`.
    private mutating func parsePredicateList<Object>(
        orElse message: String, _ parseObject: (inout VisualFormatParser) throws(VisualFormatError) -> Object
    ) throws(VisualFormatError) -> [VisualFormatSyntax.Predicate<Object>] {
        scanner.pos += 1  // the '('
        var predicates: [VisualFormatSyntax.Predicate<Object>] = []
        while true {
            let relation = try parseRelation()
            let object = try parseObject(&self)
            predicates.append(.init(relation: relation, object: object, priority: try parsePriority()))
            if scanner.peek == UInt8(ascii: ",") { scanner.pos += 1; continue }
            if scanner.peek == UInt8(ascii: ")") { scanner.pos += 1; return predicates }
            throw scanner.error(message)
        }
    }

    /// `==`, `<=`, `>=`, or nothing (meaning `==`).
    private mutating func parseRelation() throws(VisualFormatError) -> LayoutRelation {
        try scanner.relation() ?? .equal
    }

    /// `@ (number|metric)`, in 0 < p ≤ 1000, or required when there is no `@`.
    private mutating func parsePriority() throws(VisualFormatError) -> LayoutPriority {
        guard scanner.peek == UInt8(ascii: "@") else { return .required }
        scanner.pos += 1
        let value = try parseConstant()
        return try scanner.priority(value)
    }

    /// A number (as `strtod` reads one) or a metric name.
    private mutating func parseConstant() throws(VisualFormatError) -> Double {
        let start = scanner.pos
        if let number = scanner.number() { return try scanner.bounded(number, at: start) }
        guard let name = scanner.identifier() else {
            throw scanner.error("Expected a number or key from the metrics dictionary, but encountered something else")
        }
        guard let value = metrics[name] else {
            throw scanner.error("Encountered metric with name \"\(name)\", but value was not specified in metrics or views dictionaries")
        }
        return try scanner.bounded(value, at: start)
    }
}
