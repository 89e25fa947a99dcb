import Yams

/// A front-matter value with its position inside the front-matter block, whatever it was
/// written in (YAML, TOML or JSON), so one reader turns every syntax into the same `Entry`.
struct FrontMatterNode: Sendable {
    indirect enum Content: Sendable {
        /// Text as written; `plain` is false for a quoted string, whose `null` is text.
        case scalar(String, plain: Bool)
        case list([FrontMatterNode])
        case map([(key: FrontMatterNode, value: FrontMatterNode)])
    }

    var content: Content
    /// 1-based line and column within the block.
    var line: Int
    var column: Int

    init(_ content: Content, line: Int, column: Int) {
        self.content = content
        self.line = line
        self.column = column
    }

    var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    var sequence: [FrontMatterNode]? {
        if case .list(let items) = content { return items }
        return nil
    }

    var mapping: [(key: FrontMatterNode, value: FrontMatterNode)]? {
        if case .map(let pairs) = content { return pairs }
        return nil
    }

    /// An empty value, `~` or `null`, written plain (a quoted "null" is text).
    var isNull: Bool {
        guard case .scalar(let text, let plain) = content else { return false }
        return plain && ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// true/yes/on, false/no/off, in any case; nil for anything else.
    var flag: Bool? {
        switch scalar?.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// How an error message names a value of the wrong kind: `a list`, `'seven'`.
    var kindDescription: String {
        switch content {
        case .map: return "a mapping"
        case .list: return "a list"
        case .scalar(let text, _): return "'\(text)'"
        }
    }

    /// The value as templates keep it.
    var value: FrontMatterValue {
        switch content {
        case .scalar(let text, _): return .text(text)
        case .list(let items): return .list(items.map(\.value))
        case .map(let pairs):
            var values: [String: FrontMatterValue] = [:]
            for pair in pairs { values[pair.key.scalar ?? ""] = pair.value.value }
            return .map(values)
        }
    }
}

extension FrontMatterNode {
    /// The same value read by Yams, with libyaml's positions mapped to the text's (`YAMLLines`).
    init(_ node: Node, lines: YAMLLines) {
        let (line, column) = lines.position(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        switch node {
        case .scalar(let scalar):
            self.init(.scalar(scalar.string, plain: scalar.style == .plain), line: line, column: column)
        case .sequence(let sequence):
            self.init(.list(sequence.map { FrontMatterNode($0, lines: lines) }), line: line, column: column)
        case .mapping(let mapping):
            self.init(.map(mapping.map { (FrontMatterNode($0.key, lines: lines), FrontMatterNode($0.value, lines: lines)) }), line: line, column: column)
        case .alias:
            self.init(.scalar("", plain: false), line: line, column: column)
        }
    }
}

extension FrontMatterNode {
    /// The node with control characters that escapes wrote (YAML `"\0"`, `"\e"`, JSON and TOML
    /// `\u0000`) replaced by U+FFFD, as `SourceDecoder` replaces raw ones; `found` gets each
    /// scalar's position and the first such character in it.
    func replacingControlCharacters(_ found: (FrontMatterNode, Unicode.Scalar) -> Void) -> FrontMatterNode {
        var copy = self
        switch content {
        case .scalar(let text, let plain):
            guard let first = text.unicodeScalars.first(where: SourceDecoder.isForbiddenControl) else { return self }
            found(self, first)
            var cleaned = String.UnicodeScalarView()
            for scalar in text.unicodeScalars { cleaned.append(SourceDecoder.isForbiddenControl(scalar) ? "\u{FFFD}" : scalar) }
            copy.content = .scalar(String(cleaned), plain: plain)
        case .list(let items):
            copy.content = .list(items.map { $0.replacingControlCharacters(found) })
        case .map(let pairs):
            copy.content = .map(pairs.map { (key: $0.key.replacingControlCharacters(found), value: $0.value.replacingControlCharacters(found)) })
        }
        return copy
    }
}
