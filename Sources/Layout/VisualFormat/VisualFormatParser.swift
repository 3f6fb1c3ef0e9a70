/// A recursive-descent parser for Apple's Visual Format Language, following the grammar in the
/// Auto Layout Guide's appendix. It reads ASCII bytes, tracks the position of every failure and
/// raises `VisualFormatError`s worded like UIKit's, with the caret where UIKit puts it.
struct VisualFormatParser {
    private let format: String
    private let bytes: [UInt8]
    private let metrics: [String: Double]
    private let views: [String: LayoutItem]
    private var pos = 0

    init(format: String, metrics: [String: Double], views: [String: LayoutItem]) {
        self.format = format
        self.bytes = Array(format.utf8)
        self.metrics = metrics
        self.views = views
    }

    /// `(orientation:)? (|connection)? view (connection view)* (connection|)?`
    mutating func parse() throws(VisualFormatError) -> VisualFormatSyntax {
        if bytes.isEmpty { throw error("It's an empty string.") }
        if let bad = format.firstIndex(where: { !$0.isASCII }) {
            throw error("It contains non-ASCII characters.", at: format.distance(from: format.startIndex, to: bad))
        }
        var syntax = VisualFormatSyntax()
        if let first = peek, first == UInt8(ascii: "H") || first == UInt8(ascii: "V") {
            pos += 1
            guard peek == UInt8(ascii: ":") else {
                throw first == UInt8(ascii: "H")
                    ? error("Expected ':' after 'H' to specify horizontal arrangement")
                    : error("Expected ':' after 'V' to specify vertical arrangement")
            }
            pos += 1
            syntax.axis = first == UInt8(ascii: "H") ? .horizontal : .vertical
        }
        if peek == UInt8(ascii: "|") {
            pos += 1
            syntax.leadingConnection = try parseConnection()
            guard peek == UInt8(ascii: "[") else { throw error("Expected a view") }
        } else if peek != UInt8(ascii: "[") {
            throw error("Expected a view or '|'")
        }
        while true {
            syntax.views.append(try parseView())
            syntax.positionAfterViews = pos
            guard peek != nil else { break }
            let connection = try parseConnection()
            if peek == UInt8(ascii: "[") {
                syntax.views[syntax.views.count - 1].connectionToNext = connection
                continue
            }
            guard peek == UInt8(ascii: "|") else { throw error("Expected a view or '|'") }
            syntax.trailingConnection = connection
            pos += 1
            guard peek == nil else { throw error("Expected the end of the format string") }
            break
        }
        return syntax
    }

    // MARK: views

    /// `[name(predicates)?]`
    private mutating func parseView() throws(VisualFormatError) -> VisualFormatSyntax.ViewSyntax {
        pos += 1  // the '['
        guard peek != nil else { throw error("Unexpectedly ran out of character fodder in the middle of parsing a view") }
        guard let name = parseIdentifier() else {
            throw error("Expected a view. View names must start with a letter or an underscore, then contain letters, numbers, and underscores.")
        }
        guard let item = views[name] else { throw error("Unable to find view with name \(name)") }
        var predicates: [VisualFormatSyntax.Predicate<VisualFormatSyntax.SizeObject>] = []
        if peek == UInt8(ascii: "(") {
            predicates = try parseSizePredicates()
            guard peek == UInt8(ascii: "]") else { throw error("Expected ']' after specifying thickness.") }
        } else if peek == nil {
            throw error("Unexpectedly ran out of character fodder in the middle of parsing a view")
        } else if peek != UInt8(ascii: "]") {
            throw error("Expected a ']' here. That is how you give the end of a view.")
        }
        pos += 1
        return .init(name: name, item: item, predicates: predicates, connectionToNext: nil)
    }

    // MARK: connections

    /// Nothing (flush), `-` (standard), `-metric-`, `-number-` or `-(predicates)-`.
    private mutating func parseConnection() throws(VisualFormatError) -> VisualFormatSyntax.Connection {
        guard peek == UInt8(ascii: "-") else { return .flush }
        pos += 1
        switch peek {
        case UInt8(ascii: "["), UInt8(ascii: "|"):
            return .standard
        case nil:
            throw error("Expected a view or '|'")
        case UInt8(ascii: "-"):
            throw error("Cannot tell if this - is a minus sign or an accidental extra bar in the connection. Use parentheses around negative numbers.")
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
        if peek == UInt8(ascii: "-") { pos += 1; return }
        if !afterList, peek == UInt8(ascii: ",") || peek == UInt8(ascii: "@") {
            throw error("Expected a '-' here. To specify a list of constraints, you must use parentheses around the list of constraints")
        }
        throw error("Expected a '-' here")
    }

    // MARK: predicates

    /// `(predicate (, predicate)*)` in a view: sizes, related to constants or other views.
    private mutating func parseSizePredicates() throws(VisualFormatError)
        -> [VisualFormatSyntax.Predicate<VisualFormatSyntax.SizeObject>]
    {
        try parsePredicateList(
            orElse: "A predicate on a view's thickness must end with ')' and the view must end with ']'"
        ) { (parser: inout VisualFormatParser) throws(VisualFormatError) in
            let start = parser.pos
            if let name = parser.parseIdentifier(), parser.metrics[name] == nil, let item = parser.views[name] {
                return .view(item)
            }
            parser.pos = start
            return .constant(try parser.parseConstant())
        }
    }

    /// `(predicate (, predicate)*)` in a connection: gaps, related to constants only.
    private mutating func parseGapPredicates() throws(VisualFormatError) -> [VisualFormatSyntax.Predicate<Double>] {
        try parsePredicateList(
            orElse: "Expected a ')' at the end of a constraint modifier, or a ',' before another constraint modifier"
        ) { (parser: inout VisualFormatParser) throws(VisualFormatError) in
            let start = parser.pos
            if let name = parser.parseIdentifier(), parser.metrics[name] == nil, parser.views[name] != nil {
                throw parser.error("It's not possible to set a space equal to the width or height of a view.  Perhaps you want to use a view as a spacer? [view1][spacer(==view1)][view2]")
            }
            parser.pos = start
            return try parser.parseConstant()
        }
    }

    /// `(predicate (, predicate)*)` where each predicate is `(==|<=|>=)? object (@ priority)?`.
    private mutating func parsePredicateList<Object>(
        orElse message: String, _ parseObject: (inout VisualFormatParser) throws(VisualFormatError) -> Object
    ) throws(VisualFormatError) -> [VisualFormatSyntax.Predicate<Object>] {
        pos += 1  // the '('
        var predicates: [VisualFormatSyntax.Predicate<Object>] = []
        while true {
            let relation = try parseRelation()
            let object = try parseObject(&self)
            predicates.append(.init(relation: relation, object: object, priority: try parsePriority()))
            if peek == UInt8(ascii: ",") { pos += 1; continue }
            if peek == UInt8(ascii: ")") { pos += 1; return predicates }
            throw error(message)
        }
    }

    /// `==`, `<=`, `>=`, or nothing (meaning `==`).
    private mutating func parseRelation() throws(VisualFormatError) -> LayoutRelation {
        guard let c = peek, c == UInt8(ascii: "=") || c == UInt8(ascii: "<") || c == UInt8(ascii: ">") else {
            return .equal
        }
        pos += 1
        guard peek == UInt8(ascii: "=") else { throw error("Unknown relation. Must be ==, >=, or <=") }
        pos += 1
        return c == UInt8(ascii: "=") ? .equal : c == UInt8(ascii: "<") ? .lessThanOrEqual : .greaterThanOrEqual
    }

    /// `@ (number|metric)`, in 0 < p ≤ 1000, or required when there is no `@`.
    private mutating func parsePriority() throws(VisualFormatError) -> LayoutPriority {
        guard peek == UInt8(ascii: "@") else { return .required }
        pos += 1
        let value = try parseConstant()
        guard value > 0 else {
            throw error("Invalid priority specified: \(compactNumber(value)). Priority must be greater than 0")
        }
        guard value <= 1000 else {
            throw error("Invalid priority specified: \(compactNumber(value)). Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.")
        }
        return LayoutPriority(value)
    }

    /// A number (as `strtod` reads one) or a metric name.
    private mutating func parseConstant() throws(VisualFormatError) -> Double {
        if let number = parseNumber() { return number }
        guard let name = parseIdentifier() else {
            throw error("Expected a number or key from the metrics dictionary, but encountered something else")
        }
        guard let value = metrics[name] else {
            throw error("Encountered metric with name \"\(name)\", but value was not specified in metrics or views dictionaries")
        }
        return value
    }

    // MARK: lexing

    private var peek: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    private func isLetter(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || c == UInt8(ascii: "_")
    }

    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    /// A C identifier, `[A-Za-z_][A-Za-z0-9_]*`, or nil (consuming nothing).
    private mutating func parseIdentifier() -> String? {
        guard let c = peek, isLetter(c) else { return nil }
        let start = pos
        while let c = peek, isLetter(c) || isDigit(c) { pos += 1 }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    /// `[+-]? digits (. digits)? ([eE] [+-]? digits)?` with at least one digit, or nil
    /// (consuming nothing).
    private mutating func parseNumber() -> Double? {
        let start = pos
        if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { pos += 1 }
        var digits = 0
        while let c = peek, isDigit(c) { pos += 1; digits += 1 }
        if peek == UInt8(ascii: ".") {
            pos += 1
            while let c = peek, isDigit(c) { pos += 1; digits += 1 }
        }
        guard digits > 0 else { pos = start; return nil }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            let mark = pos
            pos += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { pos += 1 }
            var exponentDigits = 0
            while let c = peek, isDigit(c) { pos += 1; exponentDigits += 1 }
            if exponentDigits == 0 { pos = mark }
        }
        return Double(String(decoding: bytes[start..<pos], as: UTF8.self))
    }

    fileprivate func error(_ message: String, at position: Int? = nil) -> VisualFormatError {
        VisualFormatError(message: message, format: format, position: position ?? pos)
    }
}
