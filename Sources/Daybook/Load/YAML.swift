import Yams

/// What every reader of YAML (settings, front-matter, quote files) shares: booleans and nulls
/// as YAML 1.1 spells them, and the parser's errors as a message with a position.
enum YAML {
    /// `text` as a YAML double-quoted string, which reads back as `text` whatever it holds: the
    /// files Daybook writes (`new`, `init`, `import`) quote every title and name this way.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 { result += "\\x" + hex(scalar.value, 2) } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }

    /// true/yes/on, false/no/off, in any case; nil for anything else.
    static func flag(_ node: Node) -> Bool? {
        switch node.scalar?.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    /// A setting that takes one of two words, as the `Bool` the word stands for, or the error
    /// at the value that names both words (`titles must be date or first-line, got 'x'`).
    static func either(_ key: String, _ value: Node, _ first: (word: String, means: Bool), or second: (word: String, means: Bool),
                       source: SourceText) -> Result<Bool, Diagnostic> {
        switch value.scalar?.string {
        case first.word: return .success(first.means)
        case second.word: return .success(second.means)
        default:
            return .failure(source.error("\(key) must be \(first.word) or \(second.word), got '\(value.scalar?.string ?? "a list or mapping")'",
                                         line: value.mark?.line ?? 1, column: value.mark?.column ?? 1))
        }
    }

    /// An empty value, `~` or `null`, written plain (a quoted "null" is text).
    static func isNull(_ node: Node) -> Bool {
        guard let scalar = node.scalar else { return false }
        return scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// What every reader composes YAML with: the aliases counted first (`YAMLAliases`), so a
    /// "billion laughs" is refused at its alias instead of filling memory.
    static func compose(_ text: String, _ resolver: Resolver = .default) throws -> Node? {
        if let over = YAMLAliases.overLimit(text) {
            throw TooManyAliases(name: over.name, line: over.line, column: over.column)
        }
        return try Yams.compose(yaml: text, resolver, .default, .utf8)
    }

    struct TooManyAliases: Error {
        var name: String
        var line: Int
        var column: Int
    }

    /// The parser's complaint about a YAML text, positioned within that text (1-based).
    struct Problem {
        var message: String
        var line: Int
        var column = 1
        /// What the parser was reading when it failed, and where that started.
        var context: (text: String, line: Int, column: Int)?
        /// For a key given twice in one mapping: that key.
        var duplicateKey: String?

        init(_ error: Error) {
            switch error as? YamlError {
            case .scanner(let context, let problem, let mark, _),
                 .parser(let context, let problem, let mark, _),
                 .composer(let context, let problem, let mark, _):
                message = problem
                line = mark.line
                column = mark.column
                self.context = context.map { ($0.text, $0.mark.line, $0.mark.column) }
            case .duplicatedKeysInMapping(let duplicates, let context):
                // libyaml gives the mapping's position only.
                duplicateKey = duplicates.first ?? ""
                message = "duplicate key '\(duplicateKey!)'"
                line = context.mark.line
                column = context.mark.column
            case nil where error is TooManyAliases:
                let over = error as! TooManyAliases
                message = "the alias *\(over.name) makes its aliases stand for more than \(YAMLAliases.limit) values; write them out instead"
                line = over.line
                column = over.column
            case .reader(let problem, _, _, _):
                message = problem
                line = 1
            default:
                message = "\(error)"
                line = 1
            }
        }
    }
}
