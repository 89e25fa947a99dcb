import CYaml

/// Counts what a YAML text's aliases (`*name`) expand to before anything builds the tree: Yams
/// shares an anchored value between its uses, but reading it (or hashing a key made of it) walks
/// every copy, so nine lines of "billion laughs" would take gigabytes and hours. libyaml's events
/// give the count in one linear pass. The only file that calls libyaml directly.
enum YAMLAliases {
    /// How many values aliases may add to a text; front-matter and settings use a handful.
    static let limit = 100_000

    /// Where (1-based, in libyaml's lines) the alias is that takes the expansion past `limit`,
    /// with its name; nil when the text stays under it or does not parse (Yams then says why).
    static func overLimit(_ text: String, limit: Int = limit) -> (name: String, line: Int, column: Int)? {
        // A text without `*` has no alias: most front-matter is passed at the cost of one byte scan.
        guard text.utf8.contains(UInt8(ascii: "*")) else { return nil }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return count(&parser, limit: limit)
        }
    }

    private static func count(_ parser: inout yaml_parser_t, limit: Int) -> (name: String, line: Int, column: Int)? {
        var sizes: [String: Int] = [:]
        // One frame per open sequence or mapping: its anchor and the values in it so far.
        var open: [(anchor: String?, size: Int)] = []
        var added = 0
        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
            defer { yaml_event_delete(&event) }
            var finished: (anchor: String?, size: Int)?
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_SCALAR_EVENT:
                finished = (name(event.data.scalar.anchor), 1)
            case YAML_SEQUENCE_START_EVENT:
                open.append((name(event.data.sequence_start.anchor), 1))
            case YAML_MAPPING_START_EVENT:
                open.append((name(event.data.mapping_start.anchor), 1))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                finished = open.popLast()
            case YAML_ALIAS_EVENT:
                let alias = name(event.data.alias.anchor) ?? ""
                let size = sizes[alias] ?? 1
                added += size
                if added > limit {
                    return (alias, Int(event.start_mark.line) + 1, Int(event.start_mark.column) + 1)
                }
                finished = (nil, size)
            default:
                continue
            }
            guard let done = finished else { continue }
            if let anchor = done.anchor { sizes[anchor] = done.size }
            if !open.isEmpty { open[open.count - 1].size += done.size }
        }
    }

    private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
