import Yams

/// One problem in a scene file, at a line and column (1-based) when known, printed the way
/// compilers print them: `FILE:LINE:COLUMN: message`.
public struct SceneProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scene file as it was named.
    public var file: String
    /// 1-based line and column (a column counts Unicode scalars, as libyaml does).
    public var line: Int
    public var column: Int
    /// What is wrong, in one line.
    public var message: String

    /// A problem at `line`:`column` of `file`.
    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "\(file):\(line):\(column): \(message)" }
}

/// Every problem found in a scene file, in file order; thrown by `SceneFile` when there is any.
public struct SceneProblems: Error, Sendable, CustomStringConvertible {
    /// The problems, sorted by place.
    public var problems: [SceneProblem]

    /// The problems `problems`, sorted by place.
    public init(problems: [SceneProblem]) { self.problems = problems }

    /// The most problems `lines` lists; the rest are counted on one more line.
    public static let listed = 100

    /// One line per problem, the first `listed` of them, then how many more there are.
    public var lines: [String] {
        var lines = problems.prefix(Self.listed).map(\.description)
        if problems.count > Self.listed, let file = problems.first?.file {
            lines.append("\(file): \(problems.count - Self.listed) more problems not shown")
        }
        return lines
    }

    public var description: String { lines.joined(separator: "\n") }
}

/// A step into a scene document: a mapping key's value, the key itself, or a list element.
enum PathStep: Hashable {
    case key(String)
    case keyName(String)
    case index(Int)
}

/// Finds where a path into the document is written, from the composed YAML tree, so problems
/// found after decoding still point at their line and column.
final class NodeLocator {
    let root: Node?
    /// The large mappings looked into, by the path to them: each key's first entry, so many
    /// problems in a mapping of many keys are each placed without a scan of its entries.
    private var indexes: [[PathStep]: [String: (key: Node, value: Node)]] = [:]

    init(root: Node?) { self.root = root }

    /// The first entry of `mapping`, found at `path`, whose key is `name`.
    private func entry(_ name: String, in mapping: Node.Mapping, at path: ArraySlice<PathStep>) -> (key: Node, value: Node)? {
        // A mapping counts its entries by walking them: a short one is told by dropping 16.
        guard !mapping.dropFirst(16).isEmpty else { return mapping.first { $0.key.string == name } }
        let place = Array(path)
        if indexes[place] == nil {
            var index: [String: (key: Node, value: Node)] = [:]
            for entry in mapping { if let key = entry.key.string, index[key] == nil { index[key] = entry } }
            indexes[place] = index
        }
        return indexes[place]![name]
    }

    /// The mark of the deepest node the path reaches (the document start when none).
    func mark(_ path: [PathStep]) -> (line: Int, column: Int) {
        var node = root
        var best = root.flatMap(\.mark)
        for (depth, step) in path.enumerated() {
            guard let current = node else { break }
            switch step {
            case let .key(name):
                node = current.mapping.flatMap { entry(name, in: $0, at: path[..<depth]) }?.value
            case let .keyName(name):
                node = current.mapping.flatMap { entry(name, in: $0, at: path[..<depth]) }?.key
            case let .index(i):
                if let seq = current.sequence, i >= 0, i < seq.count { node = seq[i] } else { node = nil }
            }
            if let m = node?.mark { best = m }
        }
        return (best?.line ?? 1, best?.column ?? 1)
    }

    /// The keys of the mapping at `path`, in the order they are written.
    func keys(at path: [PathStep]) -> [String] {
        var node = root
        for step in path {
            switch step {
            case let .key(name): node = node?.mapping?.first { $0.key.string == name }?.value
            case let .index(i): node = node?.sequence.flatMap { i >= 0 && i < $0.count ? $0[i] : nil }
            case .keyName: return []
            }
        }
        return node?.mapping?.compactMap { $0.key.string } ?? []
    }
}

/// Collects problems with their places.
final class ProblemLog {
    let file: String
    let locator: NodeLocator
    private(set) var problems: [SceneProblem] = []
    private var recorded = Set<SceneProblem>()

    init(file: String, locator: NodeLocator) {
        self.file = file
        self.locator = locator
    }

    func add(_ path: [PathStep], _ message: String, columnOffset: Int = 0) {
        let (line, column) = locator.mark(path)
        add(line: line, column: column + columnOffset, message)
    }

    /// A problem at `node`, which `path` leads to (the path places it when the node has no mark).
    func add(_ path: [PathStep], at node: Node, _ message: String) {
        guard let mark = node.mark else { return add(path, message) }
        add(line: mark.line, column: mark.column, message)
    }

    func add(line: Int, column: Int, _ message: String) {
        let problem = SceneProblem(file: file, line: line, column: column, message: message)
        if recorded.insert(problem).inserted { problems.append(problem) }
    }

    /// The problems sorted by place.
    var sorted: [SceneProblem] {
        problems.enumerated().sorted { a, b in
            (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
        }.map(\.element)
    }
}
