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
        // A key is dropped whether its value or the key itself was rejected: one look-up a key.
        var droppedKeys = Set<String>()
        var droppedItems = Set<Int>()
        var below: [PathStep: [[PathStep]]] = [:]
        for path in paths {
            guard let first = path.first else { continue }
            guard path.count == 1 else {
                below[first, default: []].append(Array(path.dropFirst()))
                continue
            }
            switch first {
            case let .key(name), let .keyName(name): droppedKeys.insert(name)
            case let .index(i): droppedItems.insert(i)
            }
        }
        switch node {
        case let .mapping(mapping):
            var kept: [(Node, Node)] = []
            for (key, value) in mapping {
                let name = key.string ?? ""
                if droppedKeys.contains(name) { continue }
                kept.append((key, below.isEmpty ? value : pruned(value, removing: below[.key(name)] ?? [])))
            }
            return .mapping(Node.Mapping(kept, mapping.tag, mapping.style, mapping.mark))
        case let .sequence(sequence):
            var kept: [Node] = []
            for (i, item) in sequence.enumerated() where !droppedItems.contains(i) {
                kept.append(below.isEmpty ? item : pruned(item, removing: below[.index(i)] ?? []))
            }
            return .sequence(Node.Sequence(kept, sequence.tag, sequence.style, sequence.mark))
        case .scalar:
            return node
        }
    }
}
