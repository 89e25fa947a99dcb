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

    static func rewrite(_ body: String, source: SourceText, firstLine: Int) -> (String, [Diagnostic]) {
        let (text, diagnostics) = rewrite(body[...], source: source, firstLine: firstLine)
        return (String(text), diagnostics)
    }

    /// The body with every shortcode rewritten, and a warning for the first of each kind in it.
    static func rewrite(_ body: Substring, source: SourceText, firstLine: Int) -> (Substring, [Diagnostic]) {
        guard mayHaveShortcodes(body.utf8) else { return (body, []) }
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
            lines.append(rewriteLine(line) { found, column in
                guard !isClosing(found) else { return }
                let kind = found.syntax.replacingOccurrences(of: " ", with: " \(found.name) ")
                guard seen.insert(kind).inserted else { return }
                // The position only: the line is the entry's text, which logs should not show.
                diagnostics.append(.warning("\(messagePrefix)\(kind) is another tool's, not Daybook's; \(shownAs(found))",
                                            at: source.location(line: firstLine + offset, column: column)))
            })
        }
        return (Substring(lines.joined(separator: "\n")), diagnostics)
    }

    private static let openers: [(open: [UInt8], close: [UInt8], syntax: String)] = [
        (Array("{{<".utf8), Array(">}}".utf8), "{{< >}}"), (Array("{{%".utf8), Array("%}}".utf8), "{{% %}}"),
        (Array("{%".utf8), Array("%}".utf8), "{% %}"),
    ]

    /// Whether any opener (`{{<`, `{{%`, `{%`) appears: every opener starts `{` followed by `{` or `%`.
    /// A byte loop, so the bodies of a journal without shortcodes cost one pass and no string search.
    static func mayHaveShortcodes(_ text: some Collection<UInt8>) -> Bool {
        var previousBrace = false
        for byte in text {
            if previousBrace && (byte == UInt8(ascii: "{") || byte == UInt8(ascii: "%")) { return true }
            previousBrace = byte == UInt8(ascii: "{")
        }
        return false
    }

    /// One forward pass over the line's bytes: each opener's closer is looked for from the opener on,
    /// and the scan goes on after it, so the work is linear in the line however many shortcodes it holds.
    /// An opener without a closer ends the rewriting of the line, as it leaves the rest as written.
    private static func rewriteLine(_ line: Substring, report: (Found, Int) -> Void) -> String {
        let bytes = Array(line.utf8)
        guard mayHaveShortcodes(bytes) else { return String(line) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0, copied = 0, column = 1
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "{"), let opener = openers.first(where: { bytes.has($0.open, at: index) }) else {
                index += 1
                continue
            }
            let innerStart = index + opener.open.count
            guard let close = bytes.firstIndex(of: opener.close, from: innerStart) else { break }
            output += bytes[copied..<index]
            column += String(decoding: bytes[copied..<index], as: UTF8.self).count
            let found = parse(String(decoding: bytes[innerStart..<close], as: UTF8.self), syntax: opener.syntax)
            report(found, column)
            output += replacement(found).utf8
            let end = close + opener.close.count
            column += String(decoding: bytes[index..<end], as: UTF8.self).count
            index = end
            copied = end
        }
        output += bytes[copied...]
        return String(decoding: output, as: UTF8.self)
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
