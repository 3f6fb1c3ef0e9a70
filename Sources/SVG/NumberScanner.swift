/// A problem at byte `index` of an attribute value; the reader adds the value's place in the file.
struct ValueProblem: Error {
    let index: Int
    let message: String
}

/// Reads the number lists of SVG attribute values (path data, transforms, points, viewBox)
/// with SVG's number grammar: `-.5.5` is two numbers, `1e-3` one, and a comma may separate
/// numbers once between whitespace.
struct NumberScanner {
    let bytes: [UInt8]
    private(set) var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { index >= bytes.count }

    /// The byte at the cursor, if any.
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func advance() { index += 1 }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }

    mutating func skipSpace() {
        while let b = current, Self.isSpace(b) { index += 1 }
    }

    /// Skips whitespace with at most one comma in it.
    mutating func skipCommaSpace() {
        skipSpace()
        if current == UInt8(ascii: ",") {
            index += 1
            skipSpace()
        }
    }

    /// True when a number starts at the cursor (a sign, a digit or a decimal point).
    var isAtNumber: Bool {
        guard let b = current else { return false }
        return Self.isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
    }

    /// Reads one number at the cursor, or throws `expected a number <context>`.
    mutating func number(_ context: @autoclosure () -> String) throws -> Double {
        let start = index
        var i = index
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
        let integerStart = i
        while i < bytes.count, Self.isDigit(bytes[i]) { i += 1 }
        var digits = i - integerStart
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            let fractionStart = i + 1
            var j = fractionStart
            while j < bytes.count, Self.isDigit(bytes[j]) { j += 1 }
            if j > fractionStart || digits > 0 {
                digits += j - fractionStart
                i = j
            }
        }
        guard digits > 0 else {
            let place = context()
            throw ValueProblem(index: start, message: place.isEmpty ? "expected a number" : "expected a number \(place)")
        }
        // An exponent is `e` with digits; an `e` without them ends the number (as in `2em`).
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "-") || bytes[j] == UInt8(ascii: "+") { j += 1 }
            let exponentStart = j
            while j < bytes.count, Self.isDigit(bytes[j]) { j += 1 }
            if j > exponentStart { i = j }
        }
        if let value = Self.shortDecimal(bytes[start..<i]) {
            index = i
            return value
        }
        guard let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)), value.isFinite else {
            throw ValueProblem(index: start, message: "number out of range")
        }
        index = i
        return value
    }

    /// Reads a number and the comma or whitespace after it.
    mutating func numberAndSeparator(_ context: @autoclosure () -> String) throws -> Double {
        let v = try number(context())
        skipCommaSpace()
        return v
    }

    /// Reads an arc flag: a single `0` or `1`, which may be followed directly by the next number.
    mutating func flag(_ context: @autoclosure () -> String) throws -> Bool {
        guard let b = current, b == UInt8(ascii: "0") || b == UInt8(ascii: "1") else {
            throw ValueProblem(index: index, message: "expected a flag (0 or 1) \(context())")
        }
        index += 1
        skipCommaSpace()
        return b == UInt8(ascii: "1")
    }

    /// Reads exactly `count` numbers separated by commas or whitespace.
    mutating func numbers(_ count: Int, _ context: @autoclosure () -> String) throws -> [Double] {
        var values: [Double] = []
        for _ in 0..<count { values.append(try numberAndSeparator(context())) }
        return values
    }

    /// Powers of ten a double holds exactly.
    private static let exactPowersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { r, _ in r * 10 } }

    /// A number of at most 15 digits and no exponent (`-12.375`, what path data is made of) as
    /// the quotient of two doubles that hold their values exactly: IEEE division rounds it
    /// correctly, so it is the double `strtod` reads (Clinger's fast path), without the string
    /// and the call; `nil` for any other number.
    private static func shortDecimal(_ text: ArraySlice<UInt8>) -> Double? {
        var mantissa: UInt64 = 0, digits = 0, fractionDigits = 0, inFraction = false, negative = false
        // Indices, not zip(text.indices, text): the zipped sequence's type is made at run time
        // on first use, a search of every protocol conformance in the binary (1.7 million
        // instructions, a tenth of converting a small icon in a process of its own).
        for k in text.indices {
            let b = text[k]
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                mantissa = mantissa * 10 + UInt64(b - UInt8(ascii: "0"))
                digits += 1
                if inFraction { fractionDigits += 1 }
            case UInt8(ascii: "."): inFraction = true
            case UInt8(ascii: "-") where k == text.startIndex: negative = true
            case UInt8(ascii: "+") where k == text.startIndex: break
            default: return nil
            }
            if digits > 15 { return nil }
        }
        let value = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return negative ? -value : value
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
}
