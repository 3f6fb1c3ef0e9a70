import Yams

/// Decodes `Decodable` types straight from a composed YAML tree, so a scene is parsed once (the
/// checker and the decoder read the same tree) and each mapping's keys are looked up in a
/// dictionary rather than by a scan per key. Scalars are read with Yams' own constructors, so
/// values mean what they mean to `YAMLDecoder`.
struct NodeDecoder: Decoder {
    let node: Node
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(node: Node, codingPath: [CodingKey] = []) {
        self.node = node
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let mapping = node.mapping else { throw mismatch([String: Any].self) }
        var values: [String: Node] = [:]
        for (key, value) in mapping { if let name = key.string { values[name] = value } }
        return KeyedDecodingContainer(Keyed<Key>(values: values, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard let sequence = node.sequence else { throw mismatch([Any].self) }
        return Unkeyed(nodes: Array(sequence), codingPath: codingPath)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { Single(node: node, codingPath: codingPath) }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(type)"))
    }

    /// Reads a scalar of a primitive type, or decodes `T` from the node.
    static func decode<T: Decodable>(_ type: T.Type, from node: Node, path: [CodingKey]) throws -> T {
        func scalar<S: ScalarConstructible>(_ s: S.Type) throws -> S {
            guard let value = node.scalar.flatMap(S.construct(from:)) else {
                throw DecodingError.typeMismatch(S.self, .init(codingPath: path, debugDescription: "expected \(S.self)"))
            }
            return value
        }
        if T.self == String.self { return try scalar(String.self) as! T }
        if T.self == Double.self { return try (number(node) ?? scalar(Double.self)) as! T }
        if T.self == Int.self { return try scalar(Int.self) as! T }
        if T.self == UInt64.self { return try scalar(UInt64.self) as! T }
        if T.self == Bool.self { return try scalar(Bool.self) as! T }
        return try T(from: NodeDecoder(node: node, codingPath: path))
    }

    /// A plain scalar's number: the common decimal spellings directly, YAML's others (`1_000`,
    /// `.inf`, sexagesimal) through Yams.
    static func number(_ node: Node) -> Double? {
        guard let s = node.scalar, s.style == .plain || s.style == .any else { return nil }
        return Double(s.string) ?? Double.construct(from: s)
    }

    static func isNull(_ node: Node) -> Bool {
        guard let s = node.scalar else { return false }
        return s.style == .plain && ["", "~", "null", "Null", "NULL"].contains(s.string)
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let values: [String: Node]
        let codingPath: [CodingKey]
        var allKeys: [Key] { values.keys.compactMap(Key.init(stringValue:)) }

        func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

        func decodeNil(forKey key: Key) throws -> Bool { values[key.stringValue].map(NodeDecoder.isNull) ?? true }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let node = values[key.stringValue], !NodeDecoder.isNull(node) else { return nil }
            return try NodeDecoder.decode(T.self, from: node, path: codingPath + [key])
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let node = values[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing \(key.stringValue)"))
            }
            return try NodeDecoder.decode(T.self, from: node, path: codingPath + [key])
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                                   forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try NodeDecoder(node: try node(key), codingPath: codingPath + [key]).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
            try NodeDecoder(node: try node(key), codingPath: codingPath + [key]).unkeyedContainer()
        }

        func superDecoder() throws -> Decoder { NodeDecoder(node: .mapping(.init([])), codingPath: codingPath) }

        func superDecoder(forKey key: Key) throws -> Decoder { NodeDecoder(node: try node(key), codingPath: codingPath + [key]) }

        private func node(_ key: Key) throws -> Node {
            guard let node = values[key.stringValue] else {
                throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing \(key.stringValue)"))
            }
            return node
        }
    }

    private struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { "\(intValue ?? 0)" }
        init(_ i: Int) { intValue = i }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }

    private struct Unkeyed: UnkeyedDecodingContainer {
        let nodes: [Node]
        let codingPath: [CodingKey]
        var currentIndex = 0
        var count: Int? { nodes.count }
        var isAtEnd: Bool { currentIndex >= nodes.count }

        init(nodes: [Node], codingPath: [CodingKey]) {
            self.nodes = nodes
            self.codingPath = codingPath
        }

        private func current() throws -> Node {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "no more items"))
            }
            return nodes[currentIndex]
        }

        mutating func decodeNil() throws -> Bool {
            guard NodeDecoder.isNull(try current()) else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let value = try NodeDecoder.decode(T.self, from: try current(), path: codingPath + [Index(currentIndex)])
            currentIndex += 1
            return value
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            defer { currentIndex += 1 }
            return try NodeDecoder(node: try current(), codingPath: codingPath + [Index(currentIndex)]).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
            defer { currentIndex += 1 }
            return try NodeDecoder(node: try current(), codingPath: codingPath + [Index(currentIndex)]).unkeyedContainer()
        }

        mutating func superDecoder() throws -> Decoder {
            defer { currentIndex += 1 }
            return NodeDecoder(node: try current(), codingPath: codingPath + [Index(currentIndex)])
        }
    }

    private struct Single: SingleValueDecodingContainer {
        let node: Node
        let codingPath: [CodingKey]

        func decodeNil() -> Bool { NodeDecoder.isNull(node) }

        func decode<T: Decodable>(_ type: T.Type) throws -> T { try NodeDecoder.decode(T.self, from: node, path: codingPath) }
    }
}
