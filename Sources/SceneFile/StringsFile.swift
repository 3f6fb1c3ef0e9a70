/// An old-style strings file, as Xcode projects keep translations in `LOCALE.lproj/NAME.strings`:
/// `"key" = "value";` pairs with `/* … */` and `//` comments, in UTF-8 or UTF-16 (with its byte
/// order mark). Read by hand in one linear pass: Foundation's property-list reader on Linux
/// reports no line for a mistake, and a scene's problems name their line.
public enum StringsFile {
    /// A mistake in a strings file, with the 1-based line it is on.
    public struct Problem: Error, Equatable {
        public let line: Int
        public let message: String
    }

    /// The table `bytes` hold: each key's value (a later pair replaces an earlier one, as
    /// `NSLocalizedString` reads them).
    public static func table(from bytes: [UInt8]) throws(Problem) -> [String: String] {
        var scanner = Scanner(text: Array(try decoded(bytes).unicodeScalars))
        var table: [String: String] = [:]
        while try scanner.skipBlanks() {
            let key = try scanner.string()
            guard try scanner.skipBlanks(), scanner.take("=") else { throw scanner.problem("expected '=' after the key \"\(key)\"") }
            guard try scanner.skipBlanks() else { throw scanner.problem("expected a value after '='") }
            let value = try scanner.string()
            guard try scanner.skipBlanks(), scanner.take(";") else { throw scanner.problem("expected ';' after the value of \"\(key)\"") }
            table[key] = value
        }
        return table
    }

    /// The text of `bytes`: UTF-16 after its byte order mark, else UTF-8 (a mark dropped).
    private static func decoded(_ bytes: [UInt8]) throws(Problem) -> String {
        if bytes.count >= 2, (bytes[0], bytes[1]) == (0xFF, 0xFE) || (bytes[0], bytes[1]) == (0xFE, 0xFF) {
            guard bytes.count % 2 == 0 else { throw Problem(line: 1, message: "UTF-16 text of an odd number of bytes") }
            let little = bytes[0] == 0xFF
            let units = stride(from: 2, to: bytes.count, by: 2).map { i in
                little ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8 : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
            }
            return String(decoding: units, as: UTF16.self)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(validating: body, as: UTF8.self) else {
            throw Problem(line: 1, message: "not UTF-8 or UTF-16 text")
        }
        return text
    }

    private struct Scanner {
        let text: [Unicode.Scalar]
        var at = 0
        var line = 1

        init(text: [Unicode.Scalar]) { self.text = text }

        func problem(_ message: String) -> Problem { Problem(line: line, message: message) }

        private func peek(_ offset: Int = 0) -> Unicode.Scalar? { at + offset < text.count ? text[at + offset] : nil }

        private mutating func advance() {
            if text[at] == "\n" { line += 1 }
            at += 1
        }

        mutating func take(_ scalar: Unicode.Scalar) -> Bool {
            guard peek() == scalar else { return false }
            advance()
            return true
        }

        /// Skips white space and comments; false at the end of the text.
        mutating func skipBlanks() throws(Problem) -> Bool {
            while let c = peek() {
                if c.properties.isWhitespace {
                    advance()
                } else if c == "/", peek(1) == "*" {
                    let start = line
                    at += 2
                    while peek() != nil, !(peek() == "*" && peek(1) == "/") { advance() }
                    guard peek() != nil else { throw Problem(line: start, message: "a comment opened with /* is not closed") }
                    at += 2
                } else if c == "/", peek(1) == "/" {
                    while let d = peek(), d != "\n" { _ = d; advance() }
                } else {
                    return true
                }
            }
            return false
        }

        /// A quoted string with its escapes (`\"`, `\\`, `\n`, `\t`, `\r`, `\Uxxxx`), or a bare
        /// word of letters, digits and `_.-:/$`, as property lists allow.
        mutating func string() throws(Problem) -> String {
            guard take("\"") else {
                var word = String.UnicodeScalarView()
                while let c = peek(), c.properties.isAlphabetic || c.properties.numericType != nil || "_.-:/$".unicodeScalars.contains(c) {
                    word.append(c)
                    advance()
                }
                guard !word.isEmpty else { throw problem("expected a quoted string") }
                return String(word)
            }
            let start = line
            var value = String.UnicodeScalarView()
            while true {
                guard let c = peek() else { throw Problem(line: start, message: "a string opened with \" is not closed") }
                advance()
                if c == "\"" { return String(value) }
                guard c == "\\" else {
                    value.append(c)
                    continue
                }
                guard let e = peek() else { throw Problem(line: start, message: "a string opened with \" is not closed") }
                advance()
                switch e {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "U", "u":
                    var code: UInt32 = 0
                    for _ in 0..<4 {
                        guard let h = peek(), let digit = h.properties.numericType == .decimal || "abcdefABCDEF".unicodeScalars.contains(h)
                                ? UInt32(String(h), radix: 16) : nil else { throw problem("\\U needs four hex digits") }
                        code = code << 4 | digit
                        advance()
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw problem("\\U\(String(code, radix: 16)) is not a character") }
                    value.append(scalar)
                default: value.append(e)
                }
            }
        }
    }
}
