import Yams

/// Checks a composed YAML tree against the scene schema before decoding: unknown keys, missing
/// keys, wrong types and values outside an enum, each reported at its node, all of them at once
/// (a `Decodable` decoder would stop at the first).
struct SceneChecker {
    let schema: SchemaDocument
    let log: ProblemLog
    /// Where the check found a value it could not take, for `NodePruning` to drop before decoding.
    let rejected = RejectedPaths()

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
            for (name, value) in entries where !(path.isEmpty && name.hasPrefix(Self.extensionPrefix)) {
                guard let property = properties.first(where: { $0.name == name }) else {
                    let near = Self.nearest(name, in: properties.map(\.name))
                    rejected.add(path + [.keyName(name)])
                    log.add(path + [.keyName(name)], "unknown key '\(name)'" + (near.map { " (did you mean '\($0)'?)" } ?? ""))
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
            for (name, value) in uniqueEntries(of: mapping, path: path) {
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
    private func uniqueEntries(of mapping: Node.Mapping, path: [PathStep]) -> [(name: String, value: Node)] {
        var seen: Set<String> = []
        var entries: [(name: String, value: Node)] = []
        for (key, value) in mapping {
            let name = key.string ?? ""
            if seen.insert(name).inserted {
                entries.append((name, value))
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
    /// names are ASCII, so distances are counted in UTF-8 bytes).
    static func nearest(_ name: String, in names: [String]) -> String? {
        func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
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
        let bytes = Array(name.lowercased().utf8)
        // Names whose lengths differ by more than 2 are more than 2 edits apart.
        return names.lazy.filter { abs($0.utf8.count - bytes.count) <= 2 }
            .map { ($0, distance(bytes, Array($0.lowercased().utf8))) }
            .filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
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
