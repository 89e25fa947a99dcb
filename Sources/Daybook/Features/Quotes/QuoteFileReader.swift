import Yams

/// Turns the parsed nodes of a quotes file into quotes, collecting each problem with its position.
struct QuoteFileReader {
    let source: SourceText
    /// In JSON only quoted scalars are strings: `42`, `true` are numbers and booleans.
    let isJSON: Bool
    private(set) var diagnostics: [Diagnostic] = []

    init(source: SourceText, isJSON: Bool) {
        self.source = source
        self.isJSON = isJSON
    }

    private var format: String { isJSON ? "JSON" : "YAML" }

    mutating func quotes(_ root: Node) -> [Quote] {
        guard let items = root.sequence else {
            diagnostics.append(error("quotes must be a list of {text, author}, got \(root.kindDescription)", at: root))
            return []
        }
        var quotes: [Quote] = []
        for item in items {
            if let quote = quote(item) { quotes.append(quote) }
        }
        return quotes
    }

    private mutating func quote(_ node: Node) -> Quote? {
        guard let mapping = node.mapping else {
            diagnostics.append(error("a quote must be a mapping such as {text: \"…\", author: \"…\"}, got \(node.kindDescription)", at: node))
            return nil
        }
        var text: String?, author: String?
        var textIsWrong = false
        for (keyNode, value) in mapping {
            switch keyNode.scalar?.string {
            case "text":
                let before = diagnostics.count
                text = string(value, key: "text")
                textIsWrong = diagnostics.count > before
            case "author":
                author = string(value, key: "author")
            default:
                diagnostics.append(warning("unknown key \(keyNode.kindDescription) in a quote is ignored; a quote has text and author", at: keyNode))
            }
        }
        guard let text else {
            if !textIsWrong { diagnostics.append(error("quote has no text", at: node)) }
            return nil
        }
        return Quote(text: text, author: author)
    }

    /// The value as text, nil when null or empty; a list, mapping or (in JSON) a number or boolean is an error.
    private mutating func string(_ node: Node, key: String) -> String? {
        guard let scalar = node.scalar, !YAML.isNull(node) else {
            if !YAML.isNull(node) { diagnostics.append(error("\(key) must be text, got \(node.kindDescription)", at: node)) }
            return nil
        }
        if isJSON && scalar.style == .plain {
            diagnostics.append(error("\(key) must be a string in quotes, got \(scalar.string)", at: node))
            return nil
        }
        let text = Quote.normalized(scalar.string)
        return text.isEmpty ? nil : text
    }

    /// The parser's complaint, at the position it gives.
    func malformed(_ error: Error) -> Diagnostic {
        let problem = YAML.Problem(error)
        if let key = problem.duplicateKey {
            return source.error("duplicate key '\(key)' in a quote", line: problem.line, column: problem.column)
        }
        return source.error("malformed \(format): \(problem.message)", line: problem.line, column: problem.column)
    }

    private func error(_ message: String, at node: Node) -> Diagnostic {
        source.error(message, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    private func warning(_ message: String, at node: Node) -> Diagnostic {
        source.warning(message, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }
}
