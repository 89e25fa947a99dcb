import Yams

/// One translation table as read from YAML: a text or plural forms per key, with where each
/// key was written, so that problems name file:line:col.
struct WordTable: Sendable {
    enum Value: Sendable, Hashable {
        case text(String)
        case counted([PluralCategory: String])
    }

    var values: [String: Value] = [:]
    /// Line and column of each key.
    var positions: [String: (line: Int, column: Int)] = [:]

    /// Reads `source`; a value that is neither text nor plural forms is left out with an error.
    static func read(_ source: SourceText) -> (WordTable, [Diagnostic]) {
        let root: Node?
        do {
            root = try YAML.compose(source.text)
        } catch {
            let problem = YAML.Problem(error)
            return (WordTable(), [source.error("malformed YAML: \(problem.message)", line: problem.line, column: problem.column)])
        }
        guard let root else { return (WordTable(), []) }
        guard let mapping = root.mapping else {
            return (WordTable(), [source.error("a translation table must be keys and words, such as `archives: Archives`", line: 1)])
        }
        var table = WordTable()
        var problems: [Diagnostic] = []
        for (keyNode, node) in mapping {
            let key = keyNode.scalar?.string ?? ""
            let line = keyNode.mark?.line ?? 1, column = keyNode.mark?.column ?? 1
            table.positions[key] = (line, column)
            if let scalar = node.scalar {
                table.values[key] = .text(scalar.string)
            } else if let forms = node.mapping {
                var counted: [PluralCategory: String] = [:]
                for (formNode, text) in forms {
                    let name = formNode.scalar?.string ?? ""
                    guard let category = PluralCategory(rawValue: name), let text = text.scalar?.string else {
                        problems.append(source.error("'\(key)': '\(name)' is not a plural form (zero, one, two, few, many, other) with words",
                                                     line: formNode.mark?.line ?? line, column: formNode.mark?.column ?? column))
                        continue
                    }
                    counted[category] = text
                }
                table.values[key] = .counted(counted)
            } else {
                problems.append(source.error("'\(key)' must be words, or plural forms such as `one:` and `other:`", line: line, column: column))
            }
        }
        return (table, problems)
    }

    /// Problems of this table against the English one: keys English does not have, counts
    /// without a form `language` needs, texts where English counts and the other way round.
    /// With `complete`, every English key missing here is a problem too (at the file's start).
    func check(against english: WordTable, language: String, source: SourceText, complete: Bool) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let needed = PluralRules.categories(language: language)
        for key in values.keys.sorted() {
            let (line, column) = positions[key] ?? (1, 1)
            switch (values[key], english.values[key]) {
            case (_, nil):
                problems.append(source.warning("unknown key '\(key)' is ignored", line: line, column: column))
            case (.counted(let forms)?, .counted?):
                let missing = needed.filter { forms[$0] == nil }.map(\.rawValue)
                if !missing.isEmpty {
                    problems.append(source.warning("'\(key)' has no \(missing.joined(separator: ", ")) form for \(language)", line: line, column: column))
                }
            case (.text?, .counted?):
                problems.append(source.warning("'\(key)' is a count: give its plural forms (\(needed.map(\.rawValue).joined(separator: ", ")))", line: line, column: column))
            case (.counted?, .text?):
                problems.append(source.warning("'\(key)' is words, not a count", line: line, column: column))
            default:
                break
            }
        }
        if complete {
            for key in english.values.keys.sorted() where values[key] == nil {
                problems.append(source.warning("missing key '\(key)': English is used", line: 1))
            }
        }
        return problems
    }
}
