import Yams

/// Removes the values the schema check found wrong (unknown keys, wrong types, values outside
/// an enum) from the tree, so the rest of the scene still decodes and its other checks run in
/// the same pass: `validate` reports every problem of a file at once.
enum NodePruning {
    /// `node` without the values at `paths` (a path ends at the key or list element to drop).
    static func pruned(_ node: Node, removing paths: [[PathStep]]) -> Node {
        guard !paths.isEmpty else { return node }
        // The paths sorted out once into a tree of the steps they share, so a mapping of many
        // keys with many rejected values costs a pass over each, not their product, and no path
        // is copied on the way down (copying each path's tail at every level was 15 % of
        // checking 35,000 unknown keys merged into a view).
        let tree = Dropped()
        for path in paths { tree.add(path) }
        return pruned(node, tree)
    }

    /// What to drop below one place: the keys and list elements there, and the places below it.
    private final class Dropped {
        var keys = Set<String>()
        var items = Set<Int>()
        var below: [PathStep: Dropped] = [:]

        func add(_ path: [PathStep]) {
            guard let last = path.last else { return }
            var place = self
            for step in path.dropLast() {
                if let next = place.below[step] {
                    place = next
                } else {
                    let next = Dropped()
                    place.below[step] = next
                    place = next
                }
            }
            // A key is dropped whether its value or the key itself was rejected.
            switch last {
            case let .key(name), let .keyName(name): place.keys.insert(name)
            case let .index(i): place.items.insert(i)
            }
        }
    }

    private static func pruned(_ node: Node, _ dropped: Dropped?) -> Node {
        guard let dropped else { return node }
        switch node {
        case let .mapping(mapping):
            var kept: [(Node, Node)] = []
            for (key, value) in mapping {
                let name = key.string ?? ""
                if dropped.keys.contains(name) { continue }
                kept.append((key, dropped.below.isEmpty ? value : pruned(value, dropped.below[.key(name)])))
            }
            return .mapping(Node.Mapping(kept, mapping.tag, mapping.style, mapping.mark))
        case let .sequence(sequence):
            var kept: [Node] = []
            for (i, item) in sequence.enumerated() where !dropped.items.contains(i) {
                kept.append(dropped.below.isEmpty ? item : pruned(item, dropped.below[.index(i)]))
            }
            return .sequence(Node.Sequence(kept, sequence.tag, sequence.style, sequence.mark))
        case .scalar:
            return node
        }
    }
}
