/// The general entities a document's DOCTYPE declares (`<!ENTITY ns_svg "http://…">`, as
/// Illustrator writes them, or markup such as `<!ENTITY Box "<rect …/>">`) and the bounds on
/// expanding them: a reference to itself is an error, and so is expanding more than
/// `maximumExpansion` bytes in all, which stops the billion-laughs kind (entities of ten
/// references to entities of ten references…) before it costs time or memory.
///
/// An entity is parsed once per use (in text, and in attribute values); a later reference takes
/// a copy of what it expanded to, moved to its own offsets, and counts the bytes its expansion
/// counted, nested references included. Only a copy that would pass the budget is parsed again,
/// so the error names the same reference at the same place. The billion laughs, ~350,000 tiny
/// expansions before the budget runs out, took 4.6 s under AddressSanitizer.
final class EntityTable {
    /// Replacement text by entity name, character references already decoded.
    var replacements: [String: [UInt8]] = [:]
    /// The most bytes of replacement text one document may expand to, counting every
    /// reference, nested ones included.
    static let maximumExpansion = 1 << 20
    /// The longest entity name read (references are looked for this far past the `&`).
    static let longestName = 64
    /// Replacement text is parsed at offsets past the document's end, each expansion in a range
    /// of its own, so every element keeps a unique offset; this maps such a range back to the
    /// offset of the reference it came from, for messages.
    private(set) var expansions: [(range: Range<Int>, reference: Int)] = []
    private var expandedBytes = 0
    private var nextBase: Int
    /// The entities being expanded, outermost first.
    private var open: [String] = []
    /// Entities expanded before, by name: as text (nodes that are all character data, which
    /// neither the namespaces in scope nor the depth change) and as attribute values.
    private var textExpansions: [String: Expansion<[MarkupElement]>] = [:]
    private var attributeExpansions: [String: Expansion<[UInt8]>] = [:]
    /// Whether expansions are reused (tests compare with parsing every reference).
    var reusesExpansions = true
    /// How many times replacement text was parsed.
    private(set) var parses = 0

    /// What one expansion gave, the offset it was parsed at, and the offsets and budget bytes
    /// it took (its replacement text and every nested expansion's).
    private struct Expansion<T> {
        let value: T
        let base: Int
        let size: Int
    }

    init(documentLength: Int) { nextBase = documentLength + 1 }

    /// The nodes entity `name`, referenced at `offset` in text, expands to: `parse` runs on its
    /// replacement text, given the offset the text starts at, unless an earlier expansion that
    /// gave only character data can be copied. Throws when the entity refers to itself or the
    /// budget is spent.
    func expandText(_ name: String, at offset: Int, _ parse: (Int) throws -> [MarkupElement]) throws -> [MarkupElement] {
        try expand(name, at: offset, reusing: \.textExpansions, reusable: { $0.allSatisfy(\.isText) },
                   moved: { nodes, distance in nodes.map { $0.moved(by: distance) } }, parse)
    }

    /// The bytes entity `name`, referenced at `offset` in an attribute value, decodes to (see
    /// `expandText`).
    func expandAttribute(_ name: String, at offset: Int, _ parse: (Int) throws -> [UInt8]) throws -> [UInt8] {
        try expand(name, at: offset, reusing: \.attributeExpansions, reusable: { _ in true }, moved: { bytes, _ in bytes }, parse)
    }

    private func expand<T>(_ name: String, at offset: Int, reusing cache: ReferenceWritableKeyPath<EntityTable, [String: Expansion<T>]>,
                           reusable: (T) -> Bool, moved: (T, Int) -> T, _ parse: (Int) throws -> T) throws -> T {
        guard !open.contains(name) else {
            throw SourceProblem(offset: offset, message: "entity '&\(name);' refers to itself")
        }
        let base = nextBase
        if reusesExpansions, let earlier = self[keyPath: cache][name], expandedBytes + earlier.size <= Self.maximumExpansion {
            expandedBytes += earlier.size
            nextBase += earlier.size
            expansions.append((base..<nextBase, offset))
            return moved(earlier.value, base - earlier.base)
        }
        let length = replacements[name]?.count ?? 0
        expandedBytes += length + 1
        guard expandedBytes <= Self.maximumExpansion else {
            throw SourceProblem(offset: offset, message: "entities expand to more than \(Self.maximumExpansion >> 20) MiB (at '&\(name);'); the file is not read")
        }
        nextBase += length + 1
        expansions.append((base..<nextBase, offset))
        open.append(name)
        defer { open.removeLast() }
        parses += 1
        let value = try parse(base)
        if reusable(value) { self[keyPath: cache][name] = Expansion(value: value, base: base, size: nextBase - base) }
        return value
    }
}

/// The namespace prefixes in scope at an element, and the names the reader sees: elements in
/// the SVG namespace by their local name whatever their prefix (`svg:rect` is `rect`),
/// attributes in the XLink namespace as `xlink:NAME` whatever their prefix (`xl:href` is
/// `xlink:href`). Elements of other namespaces keep their prefixed name (`sodipodi:namedview`)
/// or, unprefixed under another default namespace, take `{URI}name`, so none is drawn. A file
/// that declares no default namespace is read as SVG, as it always was.
struct Namespaces {
    static let svg = "http://www.w3.org/2000/svg"
    static let xlink = "http://www.w3.org/1999/xlink"

    /// Namespace URIs by prefix, the default namespace under "".
    private var uris: [String: String] = [:]
    /// What an unprefixed element name is put in: `{URI}` for a default namespace other than
    /// SVG, nil when there is none (worked out when a scope declares namespaces, not per name).
    private var unprefixed: String?
    /// The prefixes whose attributes the reader knows by another name, with what replaces the
    /// prefix and its colon: `xlink:` for XLink under another prefix, `{URI}` for `xlink` bound
    /// to something else. Empty in most files, which then keep every attribute as written.
    private var renamed: [String: String] = [:]

    /// The scope inside an element with these attributes (its `xmlns` and `xmlns:P`).
    func declaring(_ attributes: [MarkupAttribute]) -> Namespaces {
        var scope = self, declared = false
        for attribute in attributes where attribute.name.hasPrefix("xmlns") {
            if attribute.name == "xmlns" {
                scope.uris[""] = attribute.value.trimmingSpace()
                declared = true
            } else if attribute.name.hasPrefix("xmlns:") {
                scope.uris[String(attribute.name.dropFirst(6))] = attribute.value.trimmingSpace()
                declared = true
            }
        }
        guard declared else { return scope }
        scope.unprefixed = scope.uris[""].flatMap { $0.isEmpty || $0 == Self.svg ? nil : "{\($0)}" }
        scope.renamed = [:]
        for (prefix, uri) in scope.uris where prefix != "xmlns" && (uri == Self.xlink) != (prefix == "xlink") {
            scope.renamed[prefix] = uri == Self.xlink ? "xlink:" : "{\(uri)}"
        }
        return scope
    }

    /// The name the reader knows an element by.
    func elementName(_ qualified: String) -> String {
        guard let colon = qualified.firstIndex(ofASCII: ":") else {
            guard let unprefixed else { return qualified }
            return unprefixed + qualified
        }
        return uris[String(qualified[..<colon])] == Self.svg ? String(qualified[qualified.index(after: colon)...]) : qualified
    }

    /// The attributes with the reader's names: XLink ones as `xlink:NAME`.
    func attributes(_ attributes: [MarkupAttribute]) -> [MarkupAttribute] {
        guard !renamed.isEmpty,
              attributes.contains(where: { $0.name.utf8.contains(UInt8(ascii: ":")) && !$0.name.hasPrefix("xmlns") }) else {
            return attributes
        }
        return attributes.map { attribute in
            guard let colon = attribute.name.firstIndex(ofASCII: ":"),
                  let replacement = renamed[String(attribute.name[..<colon])] else { return attribute }
            return MarkupAttribute(name: replacement + attribute.name[attribute.name.index(after: colon)...], value: attribute.value,
                                   valueOffset: attribute.valueOffset, isVerbatim: attribute.isVerbatim)
        }
    }
}
