import Foundation
import SceneFile

/// Scene files built from the fuzzer's bytes as YAML structure rather than text: each byte
/// chooses the next node (a mapping, a list, a scalar, an anchor, an alias to an earlier anchor,
/// a `<<` merge of one or several anchors, flow or block style, a run of brackets nesting far
/// past the limit) around scene keys, so the fuzzer spends its time in anchors, merge keys and
/// deep nesting instead of in YAML syntax errors. Any of them must parse and validate into a
/// scene or a list of problems, never a trap or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var builder = StructureBuilder(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    let yaml = builder.document()
    _ = SceneFile.problems(in: Array(yaml.utf8), file: "fuzz.yaml", folder: URL(fileURLWithPath: "/nonexistent"))
    return 0
}

struct StructureBuilder {
    let bytes: [UInt8]
    var position = 0
    var anchors: [String] = []
    var nodes = 0

    static let keys = ["screen", "views", "animations", "on", "script", "label", "view", "button", "frame", "text",
                       "type", "property", "toValue", "duration", "run", "wait", "tap", "subviews", "id", "<<",
                       "constraints", "waitUntilSettled", "timeout", "backgroundColor", "states", "nextState"]
    static let scalars = ["0", "1", "-1", "1e300", "1e19", "nan", ".inf", "true", "null", "''", "\"\\\"\"", "a#b",
                          "it's", "[", "{", "spring", "basic", "toast", "#fff", "system 17", "375x667", "0.5", "~"]

    mutating func next() -> Int {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return Int(bytes[position])
    }

    mutating func document() -> String {
        var out = ""
        for _ in 0..<(1 + next() % 6) {
            out += Self.keys[next() % Self.keys.count] + ": " + node(depth: 1, indent: "") + "\n"
        }
        return out
    }

    /// One node in flow style (flow nesting needs no indentation bookkeeping).
    mutating func node(depth: Int, indent: String) -> String {
        nodes += 1
        guard position < bytes.count, nodes < 5000 else { return Self.scalars[next() % Self.scalars.count] }
        let choice = next()
        var anchor = ""
        if choice & 0x80 != 0 {
            let name = "a\(anchors.count)"
            anchor = "&\(name) "
            anchors.append(name)
        }
        switch choice % 8 {
        case 0, 1:
            var entries: [String] = []
            for _ in 0..<(next() % 5) {
                let key = Self.keys[next() % Self.keys.count]
                if key == "<<", !anchors.isEmpty {
                    let count = 1 + next() % 3
                    let merged = (0..<count).map { _ in "*" + anchors[next() % anchors.count] }
                    entries.append("<<: " + (count == 1 ? merged[0] : "[" + merged.joined(separator: ", ") + "]"))
                } else {
                    entries.append(key + ": " + node(depth: depth + 1, indent: indent))
                }
            }
            return anchor + "{" + entries.joined(separator: ", ") + "}"
        case 2, 3:
            let items = (0..<(next() % 5)).map { _ in node(depth: depth + 1, indent: indent) }
            return anchor + "[" + items.joined(separator: ", ") + "]"
        case 4:
            guard !anchors.isEmpty else { return anchor + Self.scalars[next() % Self.scalars.count] }
            return "*" + anchors[next() % anchors.count]
        case 5:
            // A run of brackets, sometimes far deeper than a scene may nest, behind text that
            // looks like a comment or a quote to anything but the YAML parser.
            let run = 1 + next() * next() / 8
            let lead = ["", "x#y, ", "it's, ", "\"a\\\"b\", "][next() % 4]
            return anchor + "[" + lead + String(repeating: "[", count: run) + String(repeating: "]", count: run) + "]"
        default:
            return anchor + Self.scalars[next() % Self.scalars.count]
        }
    }
}
