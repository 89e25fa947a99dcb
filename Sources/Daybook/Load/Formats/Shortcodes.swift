import Foundation

/// Hugo shortcodes (`{{< youtube id >}}`, `{{% note %}}`) and Liquid tags (`{% highlight %}`)
/// are other tools' templates, not Markdown: a body is rewritten so each reads as text or a link
/// instead of broken markup, and each kind is reported once (`onceEach`).
enum Shortcodes {
    static let messagePrefix = "shortcode "

    struct Found {
        var syntax: String
        var name: String
        var arguments: [String]
        var named: [String: String]
    }

    /// The body with every shortcode rewritten, and a warning for the first of each kind in it.
    static func rewrite(_ body: String, source: SourceText, firstLine: Int) -> (String, [Diagnostic]) {
        guard body.contains("{{<") || body.contains("{{%") || body.contains("{%") else { return (body, []) }
        var lines: [String] = []
        var seen: Set<String> = []
        var diagnostics: [Diagnostic] = []
        var fence: String?
        for (offset, line) in body.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            // Shortcodes shown inside a code block are an example, not a call.
            if let open = fence {
                if trimmed.hasPrefix(open) { fence = nil }
                lines.append(String(line))
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix(3))
                lines.append(String(line))
                continue
            }
            lines.append(rewriteLine(String(line)) { found, column in
                guard !isClosing(found) else { return }
                let kind = found.syntax.replacingOccurrences(of: " ", with: " \(found.name) ")
                guard seen.insert(kind).inserted else { return }
                // The position only: the line is the entry's text, which logs should not show.
                diagnostics.append(.warning("\(messagePrefix)\(kind) is another tool's, not Daybook's; \(shownAs(found))",
                                            at: source.location(line: firstLine + offset, column: column)))
            })
        }
        return (lines.joined(separator: "\n"), diagnostics)
    }

    private static let openers: [(open: String, close: String, syntax: String)] = [
        ("{{<", ">}}", "{{< >}}"), ("{{%", "%}}", "{{% %}}"), ("{%", "%}", "{% %}"),
    ]

    private static func rewriteLine(_ line: String, report: (Found, Int) -> Void) -> String {
        var output = ""
        var rest = Substring(line)
        var column = 1
        while let (range, opener) = nextOpener(in: rest) {
            let inner = rest[range.upperBound...]
            guard let close = inner.range(of: opener.close) else { break }
            output += rest[..<range.lowerBound]
            column += rest.distance(from: rest.startIndex, to: range.lowerBound)
            let found = parse(String(inner[..<close.lowerBound]), syntax: opener.syntax)
            report(found, column)
            output += replacement(found)
            column += rest.distance(from: range.lowerBound, to: close.upperBound)
            rest = inner[close.upperBound...]
        }
        return output + rest
    }

    private static func nextOpener(in text: Substring) -> (Range<Substring.Index>, (open: String, close: String, syntax: String))? {
        var best: (Range<Substring.Index>, (open: String, close: String, syntax: String))?
        for opener in openers {
            guard let range = text.range(of: opener.open) else { continue }
            if best == nil || range.lowerBound < best!.0.lowerBound { best = (range, opener) }
        }
        return best
    }

    private static func parse(_ inner: String, syntax: String) -> Found {
        var words: [String] = []
        var current = "", quote: Character?
        for character in inner.trimmingCharacters(in: .whitespaces) {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == " " {
                if !current.isEmpty { words.append(current); current = "" }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        let name = words.first ?? ""
        var arguments: [String] = [], named: [String: String] = [:]
        for word in words.dropFirst() {
            if let equals = word.firstIndex(of: "="), equals != word.startIndex {
                named[String(word[..<equals])] = String(word[word.index(after: equals)...])
            } else {
                arguments.append(word)
            }
        }
        return Found(syntax: syntax, name: name, arguments: arguments, named: named)
    }
}
