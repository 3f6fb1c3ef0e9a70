import Yams

/// YAML's merge keys in a composed scene: `<<: *style` copies the keys of the anchored mapping
/// into the mapping it is written in, and `<<: [*a, *b]` those of several, the earlier ones
/// winning; keys written beside the `<<` win over merged ones (the YAML 1.1 merge type, which
/// most YAML tools read). Merged keys keep the marks of where they are written (under the
/// anchor), so problems in them point there. Aliases are already shared in the composed tree;
/// this also bounds what they expand to, so a file of nested aliases (a "billion laughs")
/// cannot make checking a scene take unbounded time or memory.
enum MergeKeys {
    /// The most nodes a scene may expand to through its aliases: some thirty times what a
    /// scene of a thousand views holds.
    static let maxNodes = 1_000_000

    /// A problem with a merge key or with the expansion, at a line and column.
    struct Problem: Error {
        let line: Int
        let column: Int
        let message: String
    }

    /// The tree with every merge key resolved (the tree itself when there is none), and the merge
    /// keys whose value is not a mapping (left out, so the rest is still checked); a failure when
    /// the aliases expand too far.
    static func resolve(_ root: Node) -> Result<(node: Node, problems: [Problem]), Problem> {
        var budget = maxNodes
        do {
            guard try hasMergeKeys(root, budget: &budget) else { return .success((root, [])) }
            var problems: [Problem] = []
            let node = resolved(root, &problems)
            return .success((node, problems))
        } catch let problem as Problem {
            return .failure(problem)
        } catch {
            return .failure(Problem(line: 1, column: 1, message: "\(error)"))
        }
    }

    /// Whether `node` is a merge key: a plain `<<` (what the resolver's merge rule,
    /// `^(?:<<)$`, matches, told here without running it on every key) or a `!!merge` node.
    private static func isMergeKey(_ node: Node) -> Bool {
        if case let .scalar(scalar) = node, scalar.tag.description == Tag.Name.implicit.rawValue { return scalar.string == "<<" }
        return node.tag.description == Tag.Name.merge.rawValue
    }

    /// Walks the expanded tree once, counting its nodes against the budget; whether any mapping
    /// holds a merge key.
    private static func hasMergeKeys(_ node: Node, budget: inout Int) throws -> Bool {
        budget -= 1
        if budget < 0 {
            let mark = node.mark
            throw Problem(line: mark?.line ?? 1, column: mark?.column ?? 1,
                          message: "the file's aliases expand to more than \(maxNodes) values")
        }
        var found = false
        switch node {
        case .scalar:
            break
        case let .sequence(sequence):
            for item in sequence {
                if try hasMergeKeys(item, budget: &budget) { found = true }
            }
        case let .mapping(mapping):
            for (key, value) in mapping {
                if isMergeKey(key) { found = true }
                if try hasMergeKeys(value, budget: &budget) { found = true }
            }
        }
        return found
    }

    private static func resolved(_ node: Node, _ problems: inout [Problem]) -> Node {
        changed(node, &problems) ?? node
    }

    /// `node` with the merge keys in it resolved, or nil when it holds none (a node without
    /// them, however large, is not copied).
    private static func changed(_ node: Node, _ problems: inout [Problem]) -> Node? {
        switch node {
        case .scalar:
            return nil
        case let .sequence(sequence):
            var items: [Node]?
            for (i, item) in sequence.enumerated() {
                guard let new = changed(item, &problems) else { continue }
                if items == nil { items = Array(sequence) }
                items?[i] = new
            }
            return items.map { .sequence(Node.Sequence($0, sequence.tag, sequence.style, sequence.mark)) }
        case let .mapping(mapping):
            guard mapping.contains(where: { isMergeKey($0.key) }) else {
                var pairs: [(Node, Node)]?
                for (i, (key, value)) in mapping.enumerated() {
                    guard let new = changed(value, &problems) else { continue }
                    if pairs == nil { pairs = mapping.map { ($0.key, $0.value) } }
                    pairs?[i] = (key, new)
                }
                return pairs.map { .mapping(Node.Mapping($0, mapping.tag, mapping.style, mapping.mark)) }
            }
            // Keys are looked up in sets, so a merge of a mapping of n keys takes time in n, not n².
            var own: [(Node, Node)] = []
            var merged: [(Node, Node)] = []
            var mergedKeys = KeySet()
            for (key, value) in mapping {
                guard isMergeKey(key) else {
                    own.append((key, resolved(value, &problems)))
                    continue
                }
                for source in sources(of: value, key: key, &problems) {
                    guard case let .mapping(pairs) = resolved(source, &problems) else { continue }
                    for (k, v) in pairs where mergedKeys.insert(k) { merged.append((k, v)) }
                }
            }
            // The merged keys are looked up again only when some key written here is among them.
            var overridden = KeySet()
            for (key, _) in own where mergedKeys.contains(key) { _ = overridden.insert(key) }
            let kept = overridden.isEmpty ? merged : merged.filter { !overridden.contains($0.0) }
            return .mapping(Node.Mapping(kept + own, mapping.tag, mapping.style, mapping.mark))
        }
    }

    /// The mappings a merge key's value names, the one that wins first.
    private static func sources(of value: Node, key: Node, _ problems: inout [Problem]) -> [Node] {
        let list: [Node]
        switch value {
        case .mapping: list = [value]
        case let .sequence(sequence): list = Array(sequence)
        case .scalar: list = []
        }
        guard !list.isEmpty, list.allSatisfy({ $0.mapping != nil }) else {
            let mark = key.mark
            problems.append(Problem(line: mark?.line ?? 1, column: mark?.column ?? 1,
                                    message: "a merge key `<<` takes a mapping, usually an alias (`<<: *style`), or a list of them (`<<: [*a, *b]`)"))
            return []
        }
        return list
    }
}

/// Mapping keys as YAML tells them apart (`Node`'s `==`: the same text and the same resolved
/// tag), looked up by their text first. Two plain (implicitly tagged) scalars of the same text
/// resolve to the same tag, so only keys sharing a text with an explicitly tagged one run the
/// resolver's rules (regular expressions), which hashing every merged key as a `Node` ran for
/// each of them: a fifth of checking 35,000 keys merged into a view.
private struct KeySet {
    /// The first key of each text, and any later ones of that text that differ from it (a
    /// tagged `!!str 1` beside a plain `1`).
    private var first: [String: Node] = [:]
    private var more: [String: [Node]] = [:]
    private var others: Set<Node> = []
    private(set) var isEmpty = true

    /// Adds `key`; whether it was not there yet.
    mutating func insert(_ key: Node) -> Bool {
        guard case let .scalar(scalar) = key else {
            let inserted = others.insert(key).inserted
            isEmpty = isEmpty && !inserted
            return inserted
        }
        isEmpty = false
        guard let known = first[scalar.string] else {
            first[scalar.string] = key
            return true
        }
        guard !Self.equal(known, key), !(more[scalar.string]?.contains { Self.equal($0, key) } ?? false) else { return false }
        more[scalar.string, default: []].append(key)
        return true
    }

    func contains(_ key: Node) -> Bool {
        guard case let .scalar(scalar) = key else { return others.contains(key) }
        guard let known = first[scalar.string] else { return false }
        return Self.equal(known, key) || (more[scalar.string]?.contains { Self.equal($0, key) } ?? false)
    }

    /// `a == b` for two scalars of the same text, without resolving tags when both are implicit.
    private static func equal(_ a: Node, _ b: Node) -> Bool {
        if case let .scalar(x) = a, case let .scalar(y) = b, x.tag.description == Tag.Name.implicit.rawValue,
           y.tag.description == Tag.Name.implicit.rawValue { return true }
        return a == b
    }
}
