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

    /// A `#text` node `distance` bytes further on (a copy of an entity's expansion).
    func moved(by distance: Int) -> MarkupElement {
        MarkupElement(name: name, attributes: attributes, children: children, offset: offset + distance, text: text)
    }
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
    /// The DOCTYPE's internal entities, shared with the parsers of their replacement text.
    let entities: EntityTable
    /// Where this parser's offsets start: 0 for the document, a place past its end for the
    /// replacement text of an entity (see `EntityTable.expansions`).
    private let base: Int
    /// The processing instructions before the root element (`<?xml-stylesheet …?>`): each one's
    /// target, its data (the text after the target, to `?>`) and the data's offset.
    private(set) var prologInstructions: [(target: String, data: String, offset: Int)] = []
    /// Whether the root element has not been reached yet.
    private var inProlog = true

    init(bytes: [UInt8]) {
        self.bytes = bytes
        entities = EntityTable(documentLength: bytes.count)
        base = 0
    }

    /// A parser of an entity's replacement text, its offsets starting at `base`.
    private init(bytes: [UInt8], entities: EntityTable, base: Int) {
        self.bytes = bytes
        self.entities = entities
        self.base = base
    }

    /// Parses the whole document and returns its root element, its names resolved in the
    /// namespaces the document declares (`Namespaces`).
    mutating func parseDocument() throws -> MarkupElement {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        try skipMisc()
        guard peek(UInt8(ascii: "<")) else {
            throw SourceProblem(offset: i, message: i < bytes.count ? "expected an element" : "the file has no root element")
        }
        inProlog = false
        let root = try parseElement(depth: 0, scope: Namespaces())
        try skipMisc()
        if i < bytes.count { throw SourceProblem(offset: i, message: "content after the root element") }
        return root
    }

    // MARK: - Elements

    private mutating func parseElement(depth: Int, scope parentScope: Namespaces) throws -> MarkupElement {
        let start = i
        guard depth < Self.maximumDepth else { throw SourceProblem(offset: at(start), message: "elements are nested too deeply") }
        i += 1
        let name = try parseName(what: "an element name after '<'")
        var attributes: [MarkupAttribute] = []
        var selfClosing = false
        while true {
            let hadSpace = skipSpace()
            if consume("/>") { selfClosing = true; break }
            if consume(">") { break }
            guard i < bytes.count else { throw SourceProblem(offset: at(start), message: "unclosed <\(name)> tag") }
            guard hadSpace else { throw SourceProblem(offset: at(i), message: "expected whitespace, '>' or '/>' in <\(name)>") }
            let attribute = try parseAttribute()
            if attributes.contains(where: { $0.name == attribute.name }) {
                throw SourceProblem(offset: attribute.valueOffset, message: "duplicate attribute '\(attribute.name)'")
            }
            attributes.append(attribute)
        }
        let scope = parentScope.declaring(attributes)
        var element = MarkupElement(name: scope.elementName(name), attributes: scope.attributes(attributes), children: [],
                                    offset: at(start))
        if selfClosing { return element }
        element.children = try parseContent(closing: name, opened: start, depth: depth, scope: scope)
        return element
    }

    /// The children up to `</closing>` (consumed), or up to the end of the bytes when
    /// `closing` is nil (the replacement text of an entity).
    private mutating func parseContent(closing name: String?, opened start: Int, depth: Int,
                                       scope: Namespaces) throws -> [MarkupElement] {
        var children: [MarkupElement] = []
        while true {
            let textStart = i
            skipText()
            if i > textStart { children += try textNodes(textStart..<i, depth: depth, scope: scope) }
            guard i < bytes.count else {
                guard let name else { return children }
                throw SourceProblem(offset: at(start), message: "unclosed <\(name)> element")
            }
            if consume("</") {
                let closing = i
                let closeName = try parseName(what: "an element name after '</'")
                guard let name else {
                    throw SourceProblem(offset: at(closing), message: "</\(closeName)> closes nothing opened in the entity")
                }
                guard closeName == name else {
                    throw SourceProblem(offset: at(closing), message: "</\(closeName)> does not close <\(name)>")
                }
                skipSpace()
                guard consume(">") else { throw SourceProblem(offset: at(i), message: "expected '>' to end </\(name)>") }
                return children
            }
            if bytes[i...].starts(with: Array("<![CDATA[".utf8)) {
                let start = i
                _ = try skipMarkupThatIsNotAnElement()
                children.append(MarkupElement(name: "#text", attributes: [], children: [], offset: at(start),
                                              text: String(decoding: bytes[(start + 9)..<(i - 3)], as: UTF8.self)))
                continue
            }
            if try skipMarkupThatIsNotAnElement() { continue }
            children.append(try parseElement(depth: depth + 1, scope: scope))
        }
    }

    private mutating func parseAttribute() throws -> MarkupAttribute {
        let name = try parseName(what: "an attribute name")
        skipSpace()
        guard consume("=") else { throw SourceProblem(offset: at(i), message: "expected '=' after attribute '\(name)'") }
        skipSpace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else {
            throw SourceProblem(offset: at(i), message: "expected a quoted value for attribute '\(name)'")
        }
        let quote = bytes[i]
        i += 1
        let valueOffset = i
        // A value without references is its bytes as they stand (scanned without bounds checks:
        // path data runs to kilobytes).
        i = bytes.withUnsafeBufferPointer { buffer in
            var j = i
            while j < buffer.count, buffer[j] != quote, buffer[j] != UInt8(ascii: "&"), buffer[j] != UInt8(ascii: "<") { j += 1 }
            return j
        }
        if i < bytes.count, bytes[i] == quote {
            i += 1
            return MarkupAttribute(name: name, value: String(decoding: bytes[valueOffset..<(i - 1)], as: UTF8.self),
                                   valueOffset: at(valueOffset), isVerbatim: true)
        }
        var decoded = Array(bytes[valueOffset..<i])
        var verbatim = true
        while true {
            guard i < bytes.count else { throw SourceProblem(offset: at(valueOffset - 1), message: "unterminated value of attribute '\(name)'") }
            let b = bytes[i]
            if b == quote { break }
            if b == UInt8(ascii: "<") { throw SourceProblem(offset: at(i), message: "'<' inside the value of attribute '\(name)'") }
            if b == UInt8(ascii: "&") {
                decoded += try attributeReference()
                verbatim = false
            } else {
                decoded.append(b)
                i += 1
            }
        }
        i += 1
        return MarkupAttribute(name: name, value: String(decoding: decoded, as: UTF8.self),
                               valueOffset: at(valueOffset), isVerbatim: verbatim)
    }

    /// The `#text` nodes of the bytes in `range`, character references decoded; a reference to
    /// an internal entity becomes the nodes its replacement text parses to (text or elements).
    private mutating func textNodes(_ range: Range<Int>, depth: Int, scope: Namespaces) throws -> [MarkupElement] {
        let end = i
        i = range.lowerBound
        var nodes: [MarkupElement] = []
        var decoded: [UInt8] = []
        var decodedStart = i
        while i < range.upperBound {
            if bytes[i] == UInt8(ascii: "&") {
                let reference = i
                switch try parseReference() {
                case let .characters(characters): decoded += characters
                case let .entity(name, replacement):
                    if !decoded.isEmpty {
                        nodes.append(MarkupElement(name: "#text", attributes: [], children: [], offset: at(decodedStart),
                                                   text: String(decoding: decoded, as: UTF8.self)))
                        decoded = []
                    }
                    nodes += try entities.expandText(name, at: at(reference)) { base in
                        var parser = MarkupParser(bytes: replacement, entities: entities, base: base)
                        return try parser.parseContent(closing: nil, opened: 0, depth: depth, scope: scope)
                    }
                    decodedStart = i
                }
            } else {
                decoded.append(bytes[i])
                i += 1
            }
        }
        i = end
        if !decoded.isEmpty {
            nodes.append(MarkupElement(name: "#text", attributes: [], children: [], offset: at(decodedStart),
                                       text: String(decoding: decoded, as: UTF8.self)))
        }
        return nodes
    }

    /// The characters a reference in an attribute value stands for; an internal entity's
    /// replacement text has its own references decoded in turn.
    private mutating func attributeReference() throws -> [UInt8] {
        let reference = i
        switch try parseReference() {
        case let .characters(characters): return characters
        case let .entity(name, replacement):
            return try entities.expandAttribute(name, at: at(reference)) { base in
                var parser = MarkupParser(bytes: replacement, entities: entities, base: base)
                var decoded: [UInt8] = []
                while parser.i < replacement.count {
                    if replacement[parser.i] == UInt8(ascii: "&") {
                        decoded += try parser.attributeReference()
                    } else {
                        decoded.append(replacement[parser.i])
                        parser.i += 1
                    }
                }
                return decoded
            }
        }
    }

    /// What a reference at `i` stands for.
    private enum Reference {
        /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#NN;` or `&#xNN;`: the characters.
        case characters([UInt8])
        /// An entity the DOCTYPE declares: its name and replacement text.
        case entity(String, [UInt8])
    }

    /// Reads the reference at `i` (`&` to `;`).
    private mutating func parseReference() throws -> Reference {
        let start = i
        guard let semicolon = bytes[i...].prefix(EntityTable.longestName + 2).firstIndex(of: UInt8(ascii: ";")) else {
            throw SourceProblem(offset: at(start), message: "'&' does not start an entity reference")
        }
        let body = String(decoding: bytes[(i + 1)..<semicolon], as: UTF8.self)
        i = semicolon + 1
        let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
        if let text = named[body] { return .characters(Array(text.utf8)) }
        if let replacement = entities.replacements[body] { return .entity(body, replacement) }
        var code: UInt32?
        if body.hasPrefix("#x") { code = UInt32(body.dropFirst(2), radix: 16) }
        else if body.hasPrefix("#") { code = UInt32(body.dropFirst(), radix: 10) }
        guard let code, let scalar = Unicode.Scalar(code) else {
            throw SourceProblem(offset: at(start), message: "unknown entity '&\(body);'")
        }
        return .characters(Array(String(Character(scalar)).utf8))
    }

    /// The offset of byte `index` of these bytes in the document (or past it, in an entity).
    private func at(_ index: Int) -> Int { base + index }

    private mutating func parseName(what: String) throws -> String {
        let start = i
        while i < bytes.count, Self.isNameByte(bytes[i], first: i == start) { i += 1 }
        guard i > start else { throw SourceProblem(offset: at(start), message: "expected \(what)") }
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
        if consume("<?") {
            let targetStart = i
            while i < bytes.count, Self.isNameByte(bytes[i], first: i == targetStart) { i += 1 }
            let target = String(decoding: bytes[targetStart..<i], as: UTF8.self), dataStart = i
            _ = try skip(past: "?>", from: start, what: "processing instruction")
            if inProlog {
                prologInstructions.append((target, String(decoding: bytes[dataStart..<(i - 2)], as: UTF8.self), at(dataStart)))
            }
            return true
        }
        if consume("<!DOCTYPE") {
            try parseDoctype(from: start)
            return true
        }
        if consume("<!") {
            // Any other declaration, possibly with a bracketed part.
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
            throw SourceProblem(offset: at(start), message: "unterminated <! declaration")
        }
        return false
    }

    /// Reads a DOCTYPE after `<!DOCTYPE`: its name and external id are skipped, its internal
    /// subset's general entities (`<!ENTITY name "text">`) go into `entities`; parameter
    /// entities, external entities and the other declarations are skipped, as browsers do
    /// without loading anything.
    private mutating func parseDoctype(from start: Int) throws {
        func unterminated() -> SourceProblem { SourceProblem(offset: at(start), message: "unterminated <!DOCTYPE") }
        while i < bytes.count, bytes[i] != UInt8(ascii: "["), bytes[i] != UInt8(ascii: ">") {
            if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") { _ = try quoted(or: unterminated()) } else { i += 1 }
        }
        if consume("[") {
            while true {
                skipSpace()
                guard i < bytes.count else { throw unterminated() }
                if consume("]") { break }
                let declaration = i
                if consume("<!ENTITY") {
                    try parseEntityDeclaration(at: declaration)
                } else if try skipMarkupThatIsNotAnElement() {
                    continue
                } else if bytes[i] == UInt8(ascii: "%") {
                    // A parameter-entity reference: nothing is loaded.
                    while i < bytes.count, bytes[i] != UInt8(ascii: ";") { i += 1 }
                    i += 1
                } else {
                    throw SourceProblem(offset: at(i), message: "expected a declaration in the DOCTYPE's internal subset")
                }
            }
        }
        skipSpace()
        guard consume(">") else { throw unterminated() }
    }

    /// Reads `<!ENTITY name "value">` after `<!ENTITY`. Character references in the value are
    /// decoded now and entity references when the entity is used (XML 1.0 §4.5); the first
    /// declaration of a name wins.
    private mutating func parseEntityDeclaration(at start: Int) throws {
        let problem = SourceProblem(offset: at(start), message: "malformed <!ENTITY> declaration")
        guard skipSpace() else { throw problem }
        let parameter = consume("%")
        if parameter { skipSpace() }
        let nameStart = i
        let name = try parseName(what: "an entity name")
        guard name.utf8.count <= EntityTable.longestName else {
            throw SourceProblem(offset: at(nameStart), message: "entity name '\(name.prefix(20))…' is longer than \(EntityTable.longestName) characters")
        }
        skipSpace()
        var value: [UInt8]?
        if i < bytes.count, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
            value = try decodingCharacterReferences(quoted(or: problem))
        }
        // An external entity (SYSTEM or PUBLIC, maybe NDATA): nothing is loaded.
        while i < bytes.count, bytes[i] != UInt8(ascii: ">") {
            if bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") { _ = try quoted(or: problem) } else { i += 1 }
        }
        guard consume(">") else { throw problem }
        if !parameter, let value, entities.replacements[name] == nil { entities.replacements[name] = value }
    }

    /// The bytes between the quotes at `i`, which it moves past.
    private mutating func quoted(or problem: SourceProblem) throws -> ArraySlice<UInt8> {
        let quote = bytes[i]
        guard let end = bytes[(i + 1)...].firstIndex(of: quote) else { throw problem }
        defer { i = end + 1 }
        return bytes[(i + 1)..<end]
    }

    /// An entity value with its character references (`&#60;`) decoded and its entity
    /// references kept.
    private func decodingCharacterReferences(_ value: ArraySlice<UInt8>) throws -> [UInt8] {
        var parser = MarkupParser(bytes: Array(value), entities: entities, base: at(value.startIndex))
        var decoded: [UInt8] = []
        while parser.i < parser.bytes.count {
            let b = parser.bytes[parser.i]
            if b == UInt8(ascii: "&"), parser.i + 1 < parser.bytes.count, parser.bytes[parser.i + 1] == UInt8(ascii: "#"),
               case let .characters(characters) = try parser.parseReference() {
                decoded += characters
            } else {
                decoded.append(b)
                parser.i += 1
            }
        }
        return decoded
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
        throw SourceProblem(offset: at(start), message: "unterminated \(what)")
    }

    /// Skips character data up to the next `<`.
    private mutating func skipText() {
        while i < bytes.count, bytes[i] != UInt8(ascii: "<") { i += 1 }
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = i
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
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
