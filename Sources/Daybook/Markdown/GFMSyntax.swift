import Foundation

/// Finds Markdown that GitHub's dialect renders and CommonMark (Daybook's libcmark) shows as plain
/// text: a table or a task list. An imported post is then not silently mangled: the loader warns
/// once per entry, at the first such line (docs/entries.md says what to write instead).
enum GFMSyntax {
    static func message(_ kind: String) -> String {
        "a GitHub-style \(kind) shows as plain text: Daybook renders CommonMark, which has none; see docs/entries.md"
    }

    /// The first table delimiter row or task-list item outside code blocks: its 1-based line in
    /// `body`, the line's text, and what it is.
    /// Lines are cut at newline bytes and only a line holding a `|` byte is looked at for one as
    /// a character: every body passes here, and splitting it into `Character`s cost a build 6%
    /// (issue 26). The loader's bodies have LF line ends only, so the lines are the same.
    static func first(in body: Substring) -> (line: Int, text: String, kind: String)? {
        let lines = body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        var fence: Substring? = nil
        for (index, raw) in lines.enumerated() {
            let line = raw.drop { $0 == " " }
            if let open = fence {
                if line.hasPrefix(open) { fence = nil }
                continue
            }
            if line.hasPrefix("```") || line.hasPrefix("~~~") {
                fence = line.prefix(3)
                continue
            }
            if raw.hasPrefix("    ") || raw.hasPrefix("\t") { continue }
            if isTaskItem(line) { return (index + 1, String(raw), "task list") }
            // A table is its header row followed by the delimiter row.
            if index > 0, lines[index - 1].utf8.contains(UInt8(ascii: "|")), lines[index - 1].contains("|"), isDelimiterRow(line) {
                return (index, String(lines[index - 1]), "table")
            }
        }
        return nil
    }

    /// `- [ ] milk`, `* [x] bread`, `1. [X] eggs`.
    private static func isTaskItem(_ line: Substring) -> Bool {
        var rest = line
        if let marker = rest.first, "-*+".contains(marker) {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 9 else { return false }
            rest = rest.dropFirst(digits.count)
            guard let dot = rest.first, dot == "." || dot == ")" else { return false }
            rest = rest.dropFirst()
        }
        guard rest.first == " " else { return false }
        rest = rest.drop { $0 == " " }
        return ["[ ] ", "[x] ", "[X] "].contains { rest.hasPrefix($0) } || ["[ ]", "[x]", "[X]"].contains(String(rest))
    }

    /// `| --- | :-: |` or `--- | ---`: dashes with optional colons, cells split by at least one `|`.
    private static func isDelimiterRow(_ line: Substring) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.contains("|") else { return false }
        var cells = trimmed.split(separator: "|", omittingEmptySubsequences: false)
        if trimmed.hasPrefix("|") { cells.removeFirst() }
        if trimmed.hasSuffix("|"), !cells.isEmpty { cells.removeLast() }
        guard !cells.isEmpty else { return false }
        return cells.allSatisfy { cell in
            let c = cell.trimmingCharacters(in: .whitespaces)
            let dashes = c.drop { $0 == ":" }.reversed().drop { $0 == ":" }
            return !dashes.isEmpty && dashes.allSatisfy { $0 == "-" } && c.count - dashes.count <= 2
        }
    }
}
