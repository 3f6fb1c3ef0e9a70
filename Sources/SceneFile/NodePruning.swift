import Yams

/// Removes the values the schema check found wrong (unknown keys, wrong types, values outside
/// an enum) from the tree, so the rest of the scene still decodes and its other checks run in
/// the same pass: `validate` reports every problem of a file at once.
enum NodePruning {
    /// `node` without the values at `paths` (a path ends at the key or list element to drop).
    static func pruned(_ node: Node, removing paths: [[PathStep]]) -> Node {
        guard !paths.isEmpty else { return node }
        // The steps dropped here and the paths below each step, sorted out once, so a mapping
        // of many keys with many rejected values costs a pass over each, not their product.
        var dropped = Set<PathStep>()
        var below: [PathStep: [[PathStep]]] = [:]
        for path in paths {
            guard let first = path.first else { continue }
            if path.count == 1 { dropped.insert(first) } else { below[first, default: []].append(Array(path.dropFirst())) }
        }
        switch node {
        case let .mapping(mapping):
            var kept: [(Node, Node)] = []
            for (key, value) in mapping {
                let name = key.string ?? ""
                if dropped.contains(.key(name)) || dropped.contains(.keyName(name)) { continue }
                kept.append((key, pruned(value, removing: below[.key(name)] ?? [])))
            }
            return .mapping(Node.Mapping(kept, mapping.tag, mapping.style, mapping.mark))
        case let .sequence(sequence):
            var kept: [Node] = []
            for (i, item) in sequence.enumerated() where !dropped.contains(.index(i)) {
                kept.append(pruned(item, removing: below[.index(i)] ?? []))
            }
            return .sequence(Node.Sequence(kept, sequence.tag, sequence.style, sequence.mark))
        case .scalar:
            return node
        }
    }
}
