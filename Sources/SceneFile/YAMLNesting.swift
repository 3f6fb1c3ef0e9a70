import CYaml

/// How deep a YAML text nests, as libyaml's own parser sees it. libyaml parses without
/// recursion (its states live on the heap), but building and walking the node tree recurses
/// once per level, so a scene is refused before its tree is built when a collection sits more
/// than `limit` levels deep. Counting parser events, not brackets, cannot be fooled by quotes,
/// comments or escapes; an alias counts as deep as the node it repeats, so anchors nested in
/// anchors cannot pile levels up either.
enum YAMLNesting {
    /// Where nesting first passes `limit` (1-based line and column), or nil. Syntax errors end
    /// the scan with nil: the composer that runs next reports them with their own message.
    static func firstTooDeep(_ bytes: [UInt8], limit: Int) -> (line: Int, column: Int)? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        return bytes.withUnsafeBufferPointer { buffer -> (line: Int, column: Int)? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            /// An open collection: its level, the deepest level reached inside it, its anchor.
            struct Open { let level: Int; var deepest: Int; let anchor: String? }
            var open: [Open] = []
            /// How many levels each anchored node spans (a scalar none).
            var heights: [String: Int] = [:]
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let mark = (line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
                switch event.type {
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let anchor = event.type == YAML_SEQUENCE_START_EVENT
                        ? event.data.sequence_start.anchor : event.data.mapping_start.anchor
                    let level = open.count + 1
                    if level > limit { return mark }
                    open.append(Open(level: level, deepest: level, anchor: anchor.map { String(cString: $0) }))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let closed = open.popLast() else { return nil }
                    if let anchor = closed.anchor { heights[anchor] = closed.deepest - closed.level + 1 }
                    if !open.isEmpty { open[open.count - 1].deepest = max(open[open.count - 1].deepest, closed.deepest) }
                case YAML_SCALAR_EVENT:
                    if let anchor = event.data.scalar.anchor { heights[String(cString: anchor)] = 0 }
                case YAML_ALIAS_EVENT:
                    guard let anchor = event.data.alias.anchor, let height = heights[String(cString: anchor)] else { break }
                    let deepest = open.count + height
                    if deepest > limit { return mark }
                    if !open.isEmpty { open[open.count - 1].deepest = max(open[open.count - 1].deepest, deepest) }
                case YAML_STREAM_END_EVENT:
                    return nil
                default:
                    break
                }
            }
        }
    }
}
