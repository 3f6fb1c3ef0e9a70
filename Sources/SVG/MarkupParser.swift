/// One attribute of an element: its value with entities decoded, and where the value starts
/// in the source so problems inside it can be reported at the exact column.
struct MarkupAttribute {
    let name: String
    let value: String
    /// Byte offset of the value's first character (after the opening quote).
    let valueOffset: Int
    /// True when the value is the source text verbatim (it had no entity references), so an
    /// index into `value`'s UTF-8 is also an offset from `valueOffset`.
    let isVerbatim: Bool

    /// The source offset of byte `index` of the value's UTF-8.
    func offset(ofValueByte index: Int) -> Int { isVerbatim ? valueOffset + index : valueOffset }
}

/// An element of the document tree. Character data (text and CDATA, entities decoded) is kept
/// as children named `#text` whose `text` holds it, for `<style>` and `<text>`.
struct MarkupElement {
    let name: String
    let attributes: [MarkupAttribute]
    var children: [MarkupElement]
    /// Byte offset of the `<` that opens the element.
    let offset: Int
    /// The characters of a `#text` node; empty for elements.
    var text = ""

    /// Whether this is character data rather than an element.
    var isText: Bool { name == "#text" }

    /// The concatenated text of the direct `#text` children.
    var textContent: String { children.filter(\.isText).map(\.text).joined() }

    func attribute(_ name: String) -> MarkupAttribute? { attributes.first { $0.name == name } }
}

/// A small XML reader for the subset SVG files use: a prolog (`<?xml?>`, comments, a DOCTYPE),
/// one root element, nested elements with quoted attributes, self-closing tags, comments,
/// CDATA, processing instructions and text. Every problem is a `SourceProblem` at the byte
/// where it was found.
struct MarkupParser {
    /// Deeper nesting than this is rejected rather than risking the stack on hostile input.
    static let maximumDepth = 200

    private let bytes: [UInt8]
    private var i = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parses the whole document and returns its root element.
    mutating func parseDocument() throws -> MarkupElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        try skipMisc()
        guard peek(UInt8(ascii: "<")) else {
            throw SourceProblem(offset: i, message: i < bytes.count ? "expected an element" : "the file has no root element")
        }
        let root = try parseElement(depth: 0)
        try skipMisc()
        if i < bytes.count { throw SourceProblem(offset: i, message: "content after the root element") }
        return root
    }

    // MARK: - Elements

    private mutating func parseElement(depth: Int) throws -> MarkupElement {
        let start = i
        guard depth < Self.maximumDepth else { throw SourceProblem(offset: start, message: "elements are nested too deeply") }
        i += 1
        let name = try parseName(what: "an element name after '<'")
        var attributes: [MarkupAttribute] = []
        while true {
            let hadSpace = skipSpace()
            if consume("/>") { return MarkupElement(name: name, attributes: attributes, children: [], offset: start) }
            if consume(">") { break }
            guard i < bytes.count else { throw SourceProblem(offset: start, message: "unclosed <\(name)> tag") }
            guard hadSpace else { throw SourceProblem(offset: i, message: "expected whitespace, '>' or '/>' in <\(name)>") }
            let attribute = try parseAttribute()
            if attributes.contains(where: { $0.name == attribute.name }) {
                throw SourceProblem(offset: attribute.valueOffset, message: "duplicate attribute '\(attribute.name)'")
            }
            attributes.append(attribute)
        }
        var element = MarkupElement(name: name, attributes: attributes, children: [], offset: start)
        while true {
            let textStart = i
            skipText()
            if i > textStart { element.children.append(try textNode(textStart..<i)) }
            guard i < bytes.count else { throw SourceProblem(offset: start, message: "unclosed <\(name)> element") }
            if consume("</") {
                let closing = i
                let closeName = try parseName(what: "an element name after '</'")
                guard closeName == name else {
                    throw SourceProblem(offset: closing, message: "</\(closeName)> does not close <\(name)>")
                }
                skipSpace()
                guard consume(">") else { throw SourceProblem(offset: i, message: "expected '>' to end </\(name)>") }
                return element
            }
            if bytes[i...].starts(with: Array("<![CDATA[".utf8)) {
                let start = i
                _ = try skipMarkupThatIsNotAnElement()
                element.children.append(MarkupElement(name: "#text", attributes: [], children: [], offset: start,
                                                      text: String(decoding: bytes[(start + 9)..<(i - 3)], as: UTF8.self)))
                continue
            }
            if try skipMarkupThatIsNotAnElement() { continue }
            element.children.append(try parseElement(depth: depth + 1))
        }
    }

    private mutating func parseAttribute() throws -> MarkupAttribute {
        let name = try parseName(what: "an attribute name")
        skipSpace()
        guard consume("=") else { throw SourceProblem(offset: i, message: "expected '=' after attribute '\(name)'") }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
            throw SourceProblem(offset: i, message: "expected a quoted value for attribute '\(name)'")
        }
        let quote = bytes[i]
        i += 1
        let valueOffset = i
        var decoded: [UInt8] = []
        var verbatim = true
        while true {
            guard i < bytes.count else { throw SourceProblem(offset: valueOffset - 1, message: "unterminated value of attribute '\(name)'") }
            let b = bytes[i]
            if b == quote { break }
            if b == UInt8(ascii: "<") { throw SourceProblem(offset: i, message: "'<' inside the value of attribute '\(name)'") }
            if b == UInt8(ascii: "&") {
                decoded += try parseEntity()
                verbatim = false
            } else {
                decoded.append(b)
                i += 1
            }
        }
        i += 1
        return MarkupAttribute(name: name, value: String(decoding: decoded, as: UTF8.self),
                               valueOffset: valueOffset, isVerbatim: verbatim)
    }

    /// A `#text` node of the bytes in `range`, entity references decoded.
    private mutating func textNode(_ range: Range<Int>) throws -> MarkupElement {
        let end = i
        i = range.lowerBound
        var decoded: [UInt8] = []
        while i < range.upperBound {
            if bytes[i] == UInt8(ascii: "&") {
                decoded += try parseEntity()
            } else {
                decoded.append(bytes[i])
                i += 1
            }
        }
        i = end
        return MarkupElement(name: "#text", attributes: [], children: [], offset: range.lowerBound,
                             text: String(decoding: decoded, as: UTF8.self))
    }

    /// Decodes `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#NN;` and `&#xNN;` at `i`.
    private mutating func parseEntity() throws -> [UInt8] {
        let start = i
        guard let semicolon = bytes[i...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw SourceProblem(offset: start, message: "'&' does not start an entity reference")
        }
        let body = String(decoding: bytes[(i + 1)..<semicolon], as: UTF8.self)
        i = semicolon + 1
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        if let text = named[body] { return Array(text.utf8) }
        var code: UInt32?
        if body.hasPrefix("#x") { code = UInt32(body.dropFirst(2), radix: 16) }
        else if body.hasPrefix("#") { code = UInt32(body.dropFirst(), radix: 10) }
        guard let code, let scalar = Unicode.Scalar(code) else {
            throw SourceProblem(offset: start, message: "unknown entity '&\(body);'")
        }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func parseName(what: String) throws -> String {
        let start = i
        while i < bytes.count, Self.isNameByte(bytes[i], first: i == start) { i += 1 }
        guard i > start else { throw SourceProblem(offset: start, message: "expected \(what)") }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private static func isNameByte(_ b: UInt8, first: Bool) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...0xFF: return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): return !first
        default: return false
        }
    }

    // MARK: - Everything that is not an element

    /// Skips whitespace, comments, processing instructions and a DOCTYPE around the root.
    private mutating func skipMisc() throws {
        while true {
            skipSpace()
            if peek(UInt8(ascii: "<")), !peekElementStart(), try skipMarkupThatIsNotAnElement() { continue }
            return
        }
    }

    /// Skips a comment, CDATA section, processing instruction or DOCTYPE at `i`; false when
    /// there is none there.
    private mutating func skipMarkupThatIsNotAnElement() throws -> Bool {
        let start = i
        if consume("<!--") { return try skip(past: "-->", from: start, what: "comment") }
        if consume("<![CDATA[") { return try skip(past: "]]>", from: start, what: "CDATA section") }
        if consume("<?") { return try skip(past: "?>", from: start, what: "processing instruction") }
        if consume("<!") {
            // A DOCTYPE, possibly with an internal subset in brackets.
            var bracketDepth = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "["): bracketDepth += 1
                case UInt8(ascii: "]"): bracketDepth -= 1
                case UInt8(ascii: ">") where bracketDepth <= 0:
                    i += 1
                    return true
                default: break
                }
                i += 1
            }
            throw SourceProblem(offset: start, message: "unterminated <! declaration")
        }
        return false
    }

    private mutating func skip(past terminator: String, from start: Int, what: String) throws -> Bool {
        let t = Array(terminator.utf8)
        while i < bytes.count {
            if bytes[i...].starts(with: t) {
                i += t.count
                return true
            }
            i += 1
        }
        throw SourceProblem(offset: start, message: "unterminated \(what)")
    }

    /// Skips character data up to the next `<`.
    private mutating func skipText() {
        while i < bytes.count, bytes[i] != UInt8(ascii: "<") { i += 1 }
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = i
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        return i > start
    }

    private func peek(_ b: UInt8) -> Bool { i < bytes.count && bytes[i] == b }

    private func peekElementStart() -> Bool {
        i + 1 < bytes.count && Self.isNameByte(bytes[i + 1], first: true)
    }

    private mutating func consume(_ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= bytes.count else { return false }
        let p = s.utf8Start
        for k in 0..<n where bytes[i + k] != p[k] { return false }
        i += n
        return true
    }
}
