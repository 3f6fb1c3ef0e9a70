/// The lexical layer shared by the visual format parser and the constraint-expression parser:
/// a cursor over an ASCII string that reads identifiers and numbers and makes positioned errors.
struct FormatScanner {
    let format: String
    private let bytes: [UInt8]
    /// Index of the next byte (= character, the text being ASCII).
    var pos = 0

    init(_ format: String) {
        self.format = format
        bytes = Array(format.utf8)
    }

    /// The next byte, nil at the end.
    var peek: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    var isAtEnd: Bool { pos >= bytes.count }

    /// Throws UIKit's error, with the caret under it, when the text has a non-ASCII character.
    func requireASCII() throws(VisualFormatError) {
        guard let bad = format.firstIndex(where: { !$0.isASCII }) else { return }
        throw error("It contains non-ASCII characters.", at: format.distance(from: format.startIndex, to: bad))
    }

    /// `==`, `<=` or `>=` if one is next, nil (consuming nothing) when none starts here.
    /// - Throws: UIKit's "Unknown relation" when `=`, `<` or `>` is not followed by `=`.
    mutating func relation() throws(VisualFormatError) -> LayoutRelation? {
        let relations: [UInt8: LayoutRelation] = [UInt8(ascii: "="): .equal, UInt8(ascii: "<"): .lessThanOrEqual,
                                                  UInt8(ascii: ">"): .greaterThanOrEqual]
        guard let c = peek, let relation = relations[c] else { return nil }
        pos += 1
        guard skip("=") else { throw error("Unknown relation. Must be ==, >=, or <=") }
        return relation
    }

    /// Consumes `c` if it is next.
    mutating func skip(_ c: Character) -> Bool {
        guard let ascii = c.asciiValue, peek == ascii else { return false }
        pos += 1
        return true
    }

    mutating func skipSpaces() {
        while peek == UInt8(ascii: " ") || peek == UInt8(ascii: "\t") { pos += 1 }
    }

    /// A C identifier, `[A-Za-z_][A-Za-z0-9_]*`, or nil (consuming nothing).
    mutating func identifier() -> String? {
        guard let c = peek, Self.isLetter(c) else { return nil }
        let start = pos
        while let c = peek, Self.isLetter(c) || Self.isDigit(c) { pos += 1 }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    /// `[+-]? digits (. digits)? ([eE] [+-]? digits)?` with at least one digit, as `strtod`
    /// reads it, or nil (consuming nothing).
    mutating func number() -> Double? {
        let start = pos
        if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { pos += 1 }
        var digits = 0
        while let c = peek, Self.isDigit(c) { pos += 1; digits += 1 }
        if peek == UInt8(ascii: ".") {
            pos += 1
            while let c = peek, Self.isDigit(c) { pos += 1; digits += 1 }
        }
        guard digits > 0 else { pos = start; return nil }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            let mark = pos
            pos += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { pos += 1 }
            var exponentDigits = 0
            while let c = peek, Self.isDigit(c) { pos += 1; exponentDigits += 1 }
            if exponentDigits == 0 { pos = mark }
        }
        return Double(String(decoding: bytes[start..<pos], as: UTF8.self))
    }

    /// The largest magnitude a constant, metric or multiplier may have: a million points is far
    /// past any screen, and keeps every sum the solver forms finite.
    static let largestNumber = 1e6

    /// `value` (read at `start`), if it is finite and within ±`largestNumber`.
    func bounded(_ value: Double, at start: Int) throws(VisualFormatError) -> Double {
        guard value.isFinite, abs(value) <= Self.largestNumber else {
            throw error("Invalid number \(compactNumber(value)): constants, metrics and multipliers must lie in -1e6...1e6",
                        at: start)
        }
        return value
    }

    /// `value` as a priority, if it is in Auto Layout's range 0 < p ≤ 1000.
    func priority(_ value: Double) throws(VisualFormatError) -> LayoutPriority {
        guard value > 0 else {
            throw error("Invalid priority specified: \(compactNumber(value)). Priority must be greater than 0")
        }
        guard value <= 1000 else {
            throw error("Invalid priority specified: \(compactNumber(value)). Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.")
        }
        return LayoutPriority(value)
    }

    /// An error at `position` (default: the cursor).
    func error(_ message: String, at position: Int? = nil) -> VisualFormatError {
        VisualFormatError(message: message, format: format, position: position ?? pos)
    }

    private static func isLetter(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
            || c == UInt8(ascii: "_")
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
}
