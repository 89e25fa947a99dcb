/// Separates the front-matter block from the Markdown body.
struct FrontMatterSplit: Sendable, Equatable {
    /// The YAML between the `---` lines; empty when the file has no front-matter.
    var yaml: String
    /// File line of the first YAML line.
    var yamlFirstLine: Int
    /// The Markdown after the closing line.
    var body: String
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
        if opening == "+++" {
            return .failure(source.error(
                "TOML front-matter (+++) is not read yet; write the front-matter as YAML between --- lines",
                line: lineNumber))
        }
        guard opening == "---" else {
            return .success(FrontMatterSplit(yaml: "", yamlFirstLine: 1, body: source.text, bodyFirstLine: 1))
        }
        let yamlFirst = lineNumber + 1
        var closing = yamlFirst
        while let line = source.line(closing) {
            let trimmed = trimTrailing(line)
            if trimmed == "---" || trimmed == "..." {
                let yaml = String(source.text(lines: yamlFirst..<closing))
                let body = String(source.text(fromLine: closing + 1))
                return .success(FrontMatterSplit(yaml: yaml, yamlFirstLine: yamlFirst, body: body, bodyFirstLine: closing + 1))
            }
            closing += 1
        }
        return .failure(source.error(
            "front-matter opened here is never closed; add a line with --- after the last key",
            line: lineNumber))
    }

    private static func trimTrailing(_ line: String) -> String {
        var line = Substring(line)
        while let last = line.last, last == " " || last == "\t" { line.removeLast() }
        return String(line)
    }
}
