/// Separates the front-matter block from the Markdown body.
struct FrontMatterSplit: Sendable, Equatable {
    /// The syntax of the block: YAML between `---` lines, TOML between `+++` lines (Hugo, Zola),
    /// or a JSON object at the top (Hugo).
    enum Format: Sendable, Equatable {
        case yaml, toml, json
    }

    var format = Format.yaml
    /// The front-matter text (without the fences of YAML and TOML); empty when the file has none.
    var yaml: String
    /// File line of the first line of `yaml`.
    var yamlFirstLine: Int
    /// The Markdown after the closing line: a slice of the file's text, not a copy of it, since
    /// the body is nearly all of a large entry (docs/builds.md, "Memory").
    var body: Substring
    /// File line where the body starts.
    var bodyFirstLine: Int
}

enum FrontMatterSplitter {
    static func split(_ source: SourceText) -> Result<FrontMatterSplit, Diagnostic> {
        var lineNumber = 1
        // Blank lines before the opening fence are allowed.
        while let line = source.line(lineNumber), line.allSatisfy(\.isWhitespace), lineNumber < source.lineCount {
            lineNumber += 1
        }
        let opening = source.line(lineNumber).map(trimTrailing) ?? ""
        if opening == "{" || opening.hasPrefix("{\"") || opening.hasPrefix("{ \"") { return splitJSON(source, from: lineNumber) }
        let format: FrontMatterSplit.Format
        switch opening {
        case "---": format = .yaml
        case "+++": format = .toml
        default: return .success(FrontMatterSplit(yaml: "", yamlFirstLine: 1, body: source.text[...], bodyFirstLine: 1))
        }
        let first = lineNumber + 1
        var closing = first
        while let line = source.line(closing) {
            let trimmed = trimTrailing(line)
            if trimmed == opening || (format == .yaml && trimmed == "...") {
                let text = String(source.text(lines: first..<closing))
                let body = source.text(fromLine: closing + 1)
                return .success(FrontMatterSplit(format: format, yaml: text, yamlFirstLine: first, body: body, bodyFirstLine: closing + 1))
            }
            closing += 1
        }
        return .failure(source.error(
            "front-matter opened here is never closed; add a line with \(opening) after the last key",
            line: lineNumber))
    }

    /// Hugo's JSON front-matter is an object at the top; the body starts on the line after the
    /// one its closing brace is on.
    private static func splitJSON(_ source: SourceText, from line: Int) -> Result<FrontMatterSplit, Diagnostic> {
        let text = String(source.text(fromLine: line))
        do {
            let (_, lastLine) = try JSONFrontMatter.parse(text)
            let last = line + lastLine - 1
            return .success(FrontMatterSplit(format: .json, yaml: String(source.text(lines: line..<(last + 1))), yamlFirstLine: line,
                                             body: source.text(fromLine: last + 1), bodyFirstLine: last + 1))
        } catch {
            return .failure(source.error("malformed JSON front-matter: \(error.message)", line: line + error.line - 1, column: error.column))
        }
    }

    private static func trimTrailing(_ line: String) -> String {
        var line = Substring(line)
        while let last = line.last, last == " " || last == "\t" { line.removeLast() }
        return String(line)
    }
}
