import Yams

/// Checks a composed YAML tree against the scene schema before decoding: unknown keys, missing
/// keys, wrong types and values outside an enum, each reported at its node, all of them at once
/// (a `Decodable` decoder would stop at the first).
struct SceneChecker {
    let schema: SchemaDocument
    let log: ProblemLog
    /// Where the check found a value it could not take, for `NodePruning` to drop before decoding.
    let rejected = RejectedPaths()
    /// The keys of each named definition, looked up by name, and indexed for suggestions when a
    /// mapping has keys it does not know.
    let definitions = DefinitionKeys()

    /// Top-level keys starting with this are ignored: a place for anchors that views and
    /// animations merge from (`x-styles: {card: &card {…}}`), as Docker Compose's extension fields.
    static let extensionPrefix = "x-"

    func check(_ node: Node, against expected: JSONSchema, path: [PathStep]) {
        let resolved = schema.resolve(expected)
        switch resolved {
        case let .string(_, values):
            guard let scalar = node.scalar, !isNull(scalar) else { return mismatch(node, resolved, path) }
            if let values, !values.contains(scalar.string) {
                rejected.add(path)
                log.add(path, "unknown value '\(scalar.string)' (expected \(values.joined(separator: ", ")))")
            }
        case .number:
            guard let scalar = node.scalar, let value = NodeDecoder.number(node) else { return mismatch(node, resolved, path) }
            if !value.isFinite {
                rejected.add(path)
                log.add(path, "expected a finite number, got '\(scalar.string)'")
            }
        case .integer:
            guard let scalar = node.scalar, Int.construct(from: scalar) != nil else { return mismatch(node, resolved, path) }
        case .boolean:
            guard let scalar = node.scalar, Bool.construct(from: scalar) != nil else { return mismatch(node, resolved, path) }
        case let .array(items, _):
            guard let sequence = node.sequence else { return mismatch(node, resolved, path) }
            for (i, item) in sequence.enumerated() { check(item, against: items, path: path + [.index(i)]) }
        case let .object(properties, required, _):
            guard let mapping = node.mapping else { return mismatch(node, resolved, path) }
            let entries = uniqueEntries(of: mapping, path: path)
            // Keys are looked up in a table made once per definition, so a mapping of thousands
            // of unknown keys (merged in with `<<`) costs a few look-ups a key, not the schema's size.
            let keys = definitions.keys(of: expected, properties)
            for (name, key, value) in entries where !(path.isEmpty && name.hasPrefix(Self.extensionPrefix)) {
                guard let property = keys.positions[name].map({ properties[$0] }) else {
                    let near = keys.suggestions.nearest(name)
                    rejected.add(path + [.keyName(name)])
                    // The key is at hand: its own mark, not a walk from the root to it, places the problem.
                    log.add(path + [.keyName(name)], at: key, "unknown key '\(name)'" + (near.map { " (did you mean '\($0)'?)" } ?? ""))
                    continue
                }
                if let scalar = value.scalar, isNull(scalar), !required.contains(name) { continue }
                check(value, against: property.schema, path: path + [.key(name)])
            }
            let given = Set(entries.map(\.name))
            for name in required where !given.contains(name) {
                log.add(path, "missing key '\(name)'")
            }
        case let .map(values, _):
            guard let mapping = node.mapping else { return mismatch(node, resolved, path) }
            for (name, _, value) in uniqueEntries(of: mapping, path: path) {
                check(value, against: values, path: path + [.key(name)])
            }
        case let .oneOf(options, _):
            // The option matching the node's shape decides; its problems are the ones reported.
            let shaped = options.first { fits(node, schema.resolve($0)) }
            guard let option = shaped else { return mismatch(node, resolved, path) }
            check(node, against: option, path: path)
        case .ref:
            break
        }
    }

    /// The mapping's entries by key name, in file order; a key given again is reported and skipped.
    private func uniqueEntries(of mapping: Node.Mapping, path: [PathStep]) -> [(name: String, key: Node, value: Node)] {
        var seen: Set<String> = []
        var entries: [(name: String, key: Node, value: Node)] = []
        for (key, value) in mapping {
            let name = key.string ?? ""
            if seen.insert(name).inserted {
                entries.append((name, key, value))
            } else {
                log.add(path + [.keyName(name)], "'\(name)' is given twice")
            }
        }
        return entries
    }

    /// Whether the node has the shape (scalar kind, list, mapping) the schema wants.
    private func fits(_ node: Node, _ schema: JSONSchema) -> Bool {
        switch schema {
        case .string: return node.scalar.map { !isNull($0) && NodeDecoder.number(node) == nil } ?? false
        case .number: return NodeDecoder.number(node) != nil
        case .integer: return node.scalar.flatMap { Int.construct(from: $0) } != nil
        case .boolean: return node.scalar.flatMap { Bool.construct(from: $0) } != nil
        case .array: return node.sequence != nil
        case .object, .map: return node.mapping != nil
        case let .oneOf(options, _): return options.contains { fits(node, self.schema.resolve($0)) }
        case .ref: return false
        }
    }

    private func isNull(_ scalar: Node.Scalar) -> Bool { NodeDecoder.isNull(.scalar(scalar)) }

    private func mismatch(_ node: Node, _ expected: JSONSchema, _ path: [PathStep]) {
        rejected.add(path)
        let found: String
        switch node {
        case let .scalar(s): found = s.string.isEmpty ? "nothing" : "'\(s.string)'"
        case .sequence: found = "a list"
        case .mapping: found = "a mapping"
        }
        log.add(path, "expected \(expected.expectation), found \(found)")
    }

    /// The closest known name to a misspelt one (edit distance at most 2, ignoring case; the
    /// names are ASCII, so distances are counted in UTF-8 bytes); the first of equally close
    /// ones. For one look-up in a short list; `NameIndex` answers many.
    static func nearest(_ name: String, in names: [String]) -> String? {
        let bytes = Array(name.lowercased().utf8)
        // Names whose lengths differ by more than 2 are more than 2 edits apart.
        return names.lazy.filter { abs($0.utf8.count - bytes.count) <= 2 }
            .map { ($0, editDistance(bytes, Array($0.lowercased().utf8))) }
            .filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance between two byte strings.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return row[b.count]
    }
}

/// The places of values the schema check rejected. A list element is never dropped alone (the
/// later elements would move up and problems found after decoding would point at the wrong
/// one), so its whole list goes.
final class RejectedPaths {
    private(set) var paths: [[PathStep]] = []

    func add(_ path: [PathStep]) {
        var path = path
        while case .index? = path.last { path.removeLast() }
        if !path.isEmpty { paths.append(path) }
    }
}

/// Known names indexed by every string left after deleting up to two of their bytes (lower
/// case): two names at most 2 edits apart share such a string (a substitution is a deletion
/// from both), so a misspelt name is compared only with the names it shares one with, found by
/// hashing its own few deletions (for 6 bytes, 22), however many names there are. Gives what
/// `SceneChecker.nearest(_:in:)` gives.
final class NameIndex {
    private let names: [String]
    private let lowered: [[UInt8]]
    /// Names by the hash of each of their deletions. The strings themselves are not kept: a name
    /// sharing only a hash is one more candidate, measured and dropped like any other too far.
    private var byDeletions: [UInt64: [Int]] = [:]
    /// The longest name's length: a name 3 bytes longer is more than 2 edits from every one
    /// (and its deletions, some length² / 2 strings, are never made).
    private let longest: Int
    /// How many names `nearest` has measured its argument against, for tests of the cost.
    private(set) var comparisons = 0

    init(_ names: [String]) {
        self.names = names
        lowered = names.map { Array($0.lowercased().utf8) }
        longest = lowered.map(\.count).max() ?? 0
        for (i, name) in lowered.enumerated() {
            Self.forEachDeletion(of: name) { variant in
                // A name's variants come together, so one listed twice is listed just before.
                if byDeletions[variant]?.last != i { byDeletions[variant, default: []].append(i) }
            }
        }
    }

    /// Calls `body` with the hash of `bytes` and of every string left after deleting one or two
    /// of its bytes, made without copying the bytes: 64-bit FNV-1a (offset basis
    /// 14695981039346656037, prime 1099511628211; Fowler, Noll and Vo, IETF draft-eastlake-fnv).
    private static func forEachDeletion(of bytes: [UInt8], _ body: (UInt64) -> Void) {
        bytes.withUnsafeBufferPointer { bytes in
            func hash(skipping i: Int, _ j: Int) -> UInt64 {
                var hash: UInt64 = 0xCBF2_9CE4_8422_2325
                for k in bytes.indices where k != i && k != j { hash = (hash ^ UInt64(bytes[k])) &* 0x100_0000_01B3 }
                return hash
            }
            body(hash(skipping: -1, -1))
            for i in bytes.indices {
                body(hash(skipping: i, -1))
                for j in i + 1 ..< bytes.count { body(hash(skipping: i, j)) }
            }
        }
    }

    /// The closest name to `name` at most 2 edits away, the first of equally close ones.
    func nearest(_ name: String) -> String? {
        let bytes = Array(name.lowercased().utf8)
        guard bytes.count <= longest + 2 else { return nil }
        var candidates = Set<Int>()
        Self.forEachDeletion(of: bytes) { variant in
            if let names = byDeletions[variant] { candidates.formUnion(names) }
        }
        comparisons += candidates.count
        let best = candidates.map { ($0, SceneChecker.editDistance(bytes, lowered[$0])) }
            .filter { $0.1 <= 2 }.min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
        return best.map { names[$0.0] }
    }
}

/// An object schema's keys: each one's position among the properties, and the index that
/// suggests one for a key it does not know (made on first use).
final class ObjectKeys {
    let positions: [String: Int]
    private let names: [String]
    private var index: NameIndex?
    /// How many names its suggestions measured a misspelt key against.
    var comparisons: Int { index?.comparisons ?? 0 }

    /// The suggestions for keys this object does not know.
    var suggestions: NameIndex {
        if let index { return index }
        let made = NameIndex(names)
        index = made
        return made
    }

    init(_ properties: [(name: String, schema: JSONSchema)]) {
        names = properties.map(\.name)
        positions = Dictionary(properties.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// The `ObjectKeys` of each named schema definition, made when a mapping of it is first checked.
final class DefinitionKeys {
    private var tables: [String: ObjectKeys] = [:]
    private var made: [ObjectKeys] = []
    /// How many names all suggestions together measured a misspelt key against.
    var comparisons: Int { made.reduce(0) { $0 + $1.comparisons } }

    /// The keys of `properties`, the object `schema` resolved to (kept by its definition when
    /// `schema` is a `$ref`).
    func keys(of schema: JSONSchema, _ properties: [(name: String, schema: JSONSchema)]) -> ObjectKeys {
        if case let .ref(definition) = schema, let keys = tables[definition] { return keys }
        let keys = ObjectKeys(properties)
        made.append(keys)
        if case let .ref(definition) = schema { tables[definition] = keys }
        return keys
    }
}
