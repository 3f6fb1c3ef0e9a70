import Yams

/// Removes the values the schema check found wrong (unknown keys, wrong types, values outside
/// an enum) from the tree, so the rest of the scene still decodes and its other checks run in
/// the same pass: `validate` reports every problem of a file at once.
enum NodePruning {
    /// `node` without the values at `paths` (a path ends at the key or list element to drop).
    static func pruned(_ node: Node, removing paths: [[PathStep]]) -> Node {
        guard !paths.isEmpty else { return node }
        switch node {
        case let .mapping(mapping):
            var kept: [(Node, Node)] = []
            for (key, value) in mapping {
                let name = key.string ?? ""
                if paths.contains([.key(name)]) || paths.contains([.keyName(name)]) { continue }
                let below = paths.compactMap { path -> [PathStep]? in
                    guard path.count > 1, path[0] == .key(name) else { return nil }
                    return Array(path.dropFirst())
                }
                kept.append((key, pruned(value, removing: below)))
            }
            return .mapping(Node.Mapping(kept, mapping.tag, mapping.style, mapping.mark))
        case let .sequence(sequence):
            var kept: [Node] = []
            for (i, item) in sequence.enumerated() where !paths.contains([.index(i)]) {
                let below = paths.compactMap { path -> [PathStep]? in
                    guard path.count > 1, path[0] == .index(i) else { return nil }
                    return Array(path.dropFirst())
                }
                kept.append(pruned(item, removing: below))
            }
            return .sequence(Node.Sequence(kept, sequence.tag, sequence.style, sequence.mark))
        case .scalar:
            return node
        }
    }
}
