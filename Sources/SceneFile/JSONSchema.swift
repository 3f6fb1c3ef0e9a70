import Foundation

/// The subset of JSON Schema (draft 2020-12) the scene format needs: enough for editors to
/// complete and check a scene, and for `SceneChecker` to check a parsed YAML tree against the
/// same description before decoding, so both always agree.
public indirect enum JSONSchema: Sendable {
    /// A string, limited to `values` when given.
    case string(description: String? = nil, values: [String]? = nil)
    case number(description: String? = nil)
    case integer(description: String? = nil)
    case boolean(description: String? = nil)
    /// A list whose items all follow the schema.
    case array(JSONSchema, description: String? = nil)
    /// An object with the given properties, in declaration order; no other keys are allowed.
    case object(properties: [(name: String, schema: JSONSchema)], required: [String], description: String? = nil)
    /// An object whose keys are free and whose values all follow the schema.
    case map(JSONSchema, description: String? = nil)
    /// A value that follows one of the schemas.
    case oneOf([JSONSchema], description: String? = nil)
    /// A named definition in `$defs`.
    case ref(String)

    /// The same schema with `text` as its description.
    func described(_ text: String?) -> JSONSchema {
        guard let text else { return self }
        switch self {
        case let .string(_, values): return .string(description: text, values: values)
        case .number: return .number(description: text)
        case .integer: return .integer(description: text)
        case .boolean: return .boolean(description: text)
        case let .array(items, _): return .array(items, description: text)
        case let .object(properties, required, _): return .object(properties: properties, required: required, description: text)
        case let .map(values, _): return .map(values, description: text)
        case let .oneOf(options, _): return .oneOf(options, description: text)
        case .ref: return self
        }
    }

    /// The schema as a JSON value (dictionaries and arrays), ready to serialise.
    var json: [String: Any] {
        var out: [String: Any]
        var text: String?
        switch self {
        case let .string(description, values):
            out = ["type": "string"]
            if let values { out["enum"] = values }
            text = description
        case let .number(description): out = ["type": "number"]; text = description
        case let .integer(description): out = ["type": "integer"]; text = description
        case let .boolean(description): out = ["type": "boolean"]; text = description
        case let .array(items, description):
            out = ["type": "array", "items": items.json]
            text = description
        case let .object(properties, required, description):
            var props: [String: Any] = [:]
            for p in properties { props[p.name] = p.schema.json }
            out = ["type": "object", "properties": props, "additionalProperties": false]
            if !required.isEmpty { out["required"] = required }
            text = description
        case let .map(values, description):
            out = ["type": "object", "additionalProperties": values.json]
            text = description
        case let .oneOf(options, description):
            out = ["oneOf": options.map(\.json)]
            text = description
        case let .ref(name):
            out = ["$ref": "#/$defs/\(name)"]
        }
        if let text { out["description"] = text }
        return out
    }

    /// The JSON type name the schema accepts, for messages ("expected a number").
    var expectation: String {
        switch self {
        case let .string(_, values?): return "one of " + values.joined(separator: ", ")
        case .string: return "a string"
        case .number: return "a number"
        case .integer: return "an integer"
        case .boolean: return "true or false"
        case .array: return "a list"
        case .object, .map: return "a mapping"
        case let .oneOf(options, _): return options.map(\.expectation).joined(separator: " or ")
        case let .ref(name): return "a \(name)"
        }
    }
}

/// A document's whole schema: the root and the named definitions it refers to.
public struct SchemaDocument: Sendable {
    /// The schema of the whole document.
    public let root: JSONSchema
    /// The named object schemas `root` and each other refer to (`#/$defs/NAME`).
    public let definitions: [String: JSONSchema]

    /// The schema `name` refers to, following references.
    func resolve(_ schema: JSONSchema) -> JSONSchema {
        if case let .ref(name) = schema, let target = definitions[name] { return resolve(target) }
        return schema
    }

    /// The JSON Schema text: keys sorted so the committed file only changes when the format does.
    public func jsonText(id: String) -> String {
        var json = root.json
        json["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        json["$id"] = id
        var defs = definitions.mapValues(\.json)
        // Top-level `x-` keys are the document's own (anchors for merge keys), as the checker reads them.
        if case let .ref(name) = root, var document = defs[name] {
            document["patternProperties"] = ["^\(SceneChecker.extensionPrefix)": [String: Any]()]
            defs[name] = document
        }
        json["$defs"] = defs
        let data = try! JSONSerialization.data(withJSONObject: json, options: [.prettyPrinted, .sortedKeys,
                                                                             .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// A type that describes its own schema instead of having it recorded from its `Decodable`
/// conformance: the value-or-list shapes and string enums.
protocol SchemaDescribing: Decodable {
    static func schema(in recorder: SchemaRecorder) -> JSONSchema
}

/// Descriptions of a type's keys, shown by editors.
protocol SchemaDocumented {
    static var keyDescriptions: [String: String] { get }
    static var typeDescription: String? { get }
}

extension SchemaDocumented {
    static var typeDescription: String? { nil }
}

/// A string enum whose cases are the allowed values.
protocol SchemaEnum: SchemaDescribing, CaseIterable, RawRepresentable where RawValue == String {}

extension SchemaEnum {
    static func schema(in recorder: SchemaRecorder) -> JSONSchema {
        .string(values: allCases.map(\.rawValue))
    }
}

/// Arrays and string-keyed dictionaries, whose element schema is recorded from the element type.
protocol SchemaContainer {
    static func schema(in recorder: SchemaRecorder) -> JSONSchema
}

extension Array: SchemaContainer where Element: Decodable {
    static func schema(in recorder: SchemaRecorder) -> JSONSchema { .array(recorder.schema(of: Element.self)) }
}

extension Dictionary: SchemaContainer where Key == String, Value: Decodable {
    static func schema(in recorder: SchemaRecorder) -> JSONSchema { .map(recorder.schema(of: Value.self)) }
}

/// Records the schema of `Decodable` types by running their `init(from:)` against a decoder that
/// notes every key asked for, its type and whether it is optional (`decodeIfPresent`). Each
/// struct becomes a named definition, so recursive types (a view's subviews) work.
final class SchemaRecorder {
    private(set) var definitions: [String: JSONSchema] = [:]
    private var inProgress: Set<String> = []

    /// The schema of `type`: a primitive, a self-described type, a container or a reference to
    /// the recorded definition of a struct.
    func schema<T: Decodable>(of type: T.Type) -> JSONSchema {
        if T.self == String.self { return .string() }
        if T.self == Double.self || T.self == Float.self { return .number() }
        if T.self == Int.self || T.self == UInt64.self || T.self == Int64.self { return .integer() }
        if T.self == Bool.self { return .boolean() }
        if let described = T.self as? SchemaDescribing.Type { return described.schema(in: self) }
        if let container = T.self as? SchemaContainer.Type { return container.schema(in: self) }
        let name = String(describing: T.self)
        if definitions[name] == nil, !inProgress.contains(name) {
            inProgress.insert(name)
            let keys = KeyLog()
            _ = try? T(from: RecordingDecoder(recorder: self, log: keys))
            var description: String?
            var docs: [String: String] = [:]
            if let documented = T.self as? SchemaDocumented.Type {
                docs = documented.keyDescriptions
                description = documented.typeDescription
            }
            let properties = keys.entries.map { ($0.name, $0.schema.described(docs[$0.name])) }
            definitions[name] = .object(properties: properties, required: keys.entries.filter(\.required).map(\.name),
                                        description: description)
            inProgress.remove(name)
        }
        return .ref(name)
    }

    /// A value of `type` to hand back to a recorded initialiser for a required key.
    func placeholder<T: Decodable>(_ type: T.Type) throws -> T {
        if let v = "" as? T { return v }
        if let v = 0.0 as? T { return v }
        if let v = 0 as? T { return v }
        if let v = false as? T { return v }
        if let e = T.self as? any CaseIterable.Type, let first = firstCase(of: e) as? T { return first }
        if let v = [Int]() as? T { return v }
        return try T(from: RecordingDecoder(recorder: self, log: KeyLog()))
    }
}

private func firstCase<E: CaseIterable>(of type: E.Type) -> Any? { type.allCases.first }

/// The keys one recorded initialiser asked for.
final class KeyLog {
    struct Entry {
        var name: String
        var schema: JSONSchema
        var required: Bool
    }
    var entries: [Entry] = []
    var optional: Set<String> = []

    func note(_ name: String, _ schema: JSONSchema, required: Bool) {
        guard !entries.contains(where: { $0.name == name }) else { return }
        entries.append(Entry(name: name, schema: schema, required: required && !optional.contains(name)))
    }
}

private struct RecordingDecoder: Decoder {
    let recorder: SchemaRecorder
    let log: KeyLog
    var codingPath: [CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RecordingKeyedContainer(recorder: recorder, log: log))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "recording"))
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: [], debugDescription: "recording"))
    }
}

private struct RecordingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let recorder: SchemaRecorder
    let log: KeyLog
    var codingPath: [CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool {
        log.optional.insert(key.stringValue)
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        log.note(key.stringValue, recorder.schema(of: T.self), required: true)
        return try recorder.placeholder(T.self)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        log.note(key.stringValue, recorder.schema(of: T.self), required: false)
        return nil
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { note(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { note(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { note(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { note(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { note(type, key) }

    private func note<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        log.note(key.stringValue, recorder.schema(of: T.self), required: false)
        return nil
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "recording"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "recording"))
    }

    func superDecoder() throws -> Decoder { RecordingDecoder(recorder: recorder, log: log) }
    func superDecoder(forKey key: Key) throws -> Decoder { RecordingDecoder(recorder: recorder, log: log) }
}
