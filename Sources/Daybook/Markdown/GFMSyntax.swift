import Foundation

/// Finds Markdown that GitHub's dialect renders and CommonMark (Daybook's libcmark) shows as plain
/// text: a table or a task list. An imported post is then not silently mangled: the loader warns
/// once per entry, at the first such line (docs/entries.md says what to write instead).
///
/// Every body passes here, so it reads bytes: splitting bodies into `Character`s cost a build 6%,
/// and comparing each line's start as `Character`s another 3% (issue 26). Every byte it looks for
/// is ASCII, and the spaces it trims are the spaces and tabs GFM trims.
enum GFMSyntax {
    static func message(_ kind: String) -> String {
        "a GitHub-style \(kind) shows as plain text: Daybook renders CommonMark, which has none; see docs/entries.md"
    }

    /// The first table delimiter row or task-list item outside code blocks: its 1-based line in
    /// `body`, the line's text, and what it is. The loader's bodies have LF line ends only.
    static func first(in body: Substring) -> (line: Int, text: String, kind: String)? {
        var body = body
        // One copy of contiguous bytes: `Array(body.utf8)` went byte by byte (0.8% of a build).
        let bytes = body.withUTF8 { Array($0) }
        var fence: ArraySlice<UInt8>? = nil, previous: Range<Int>? = nil, number = 0, start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: newline) ?? bytes.count
            defer { (previous, number, start) = (start..<end, number + 1, end + 1) }
            let line = bytes[start..<end].drop { $0 == space }
            if let open = fence {
                if line.starts(with: open) { fence = nil }
                continue
            }
            if line.starts(with: backticks) || line.starts(with: tildes) {
                fence = line.prefix(3)
                continue
            }
            if bytes[start..<end].starts(with: indent) || bytes[start..<end].first == tab { continue }
            if isTaskItem(line) { return (number + 1, String(decoding: bytes[start..<end], as: UTF8.self), "task list") }
            // A table is its header row followed by the delimiter row.
            if let header = previous, bytes[header].contains(bar), isDelimiterRow(line) {
                return (number, String(decoding: bytes[header], as: UTF8.self), "table")
            }
        }
        return nil
    }

    private static let (newline, space, tab, bar) = (UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "|"))
    private static let (backticks, tildes, indent) = (Array("```".utf8), Array("~~~".utf8), Array("    ".utf8))
    private static let boxes = ["[ ]", "[x]", "[X]"].map { Array($0.utf8) }

    /// `- [ ] milk`, `* [x] bread`, `1. [X] eggs`.
    private static func isTaskItem(_ line: ArraySlice<UInt8>) -> Bool {
        var rest = line
        if let marker = rest.first, marker == UInt8(ascii: "-") || marker == UInt8(ascii: "*") || marker == UInt8(ascii: "+") {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard !digits.isEmpty, digits.count <= 9 else { return false }
            rest = rest.dropFirst(digits.count)
            guard let dot = rest.first, dot == UInt8(ascii: ".") || dot == UInt8(ascii: ")") else { return false }
            rest = rest.dropFirst()
        }
        guard rest.first == space else { return false }
        rest = rest.drop { $0 == space }
        return boxes.contains { box in rest.starts(with: box) && (rest.count == 3 || rest.dropFirst(3).first == space) }
    }

    /// `| --- | :-: |` or `--- | ---`: dashes with optional colons, cells split by at least one `|`.
    private static func isDelimiterRow(_ line: ArraySlice<UInt8>) -> Bool {
        let trimmed = trim(line)
        guard trimmed.contains(bar) else { return false }
        var cells = trimmed.split(separator: bar, omittingEmptySubsequences: false)
        if trimmed.first == bar { cells.removeFirst() }
        if trimmed.last == bar, !cells.isEmpty { cells.removeLast() }
        guard !cells.isEmpty else { return false }
        return cells.allSatisfy { cell in
            let c = trim(cell), colon = UInt8(ascii: ":")
            let dashes = c.drop { $0 == colon }.reversed().drop { $0 == colon }
            return !dashes.isEmpty && dashes.allSatisfy { $0 == UInt8(ascii: "-") } && c.count - dashes.count <= 2
        }
    }

    private static func trim(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let blank: (UInt8) -> Bool = { $0 == space || $0 == tab }
        guard let first = bytes.firstIndex(where: { !blank($0) }), let last = bytes.lastIndex(where: { !blank($0) }) else { return [] }
        return bytes[first...last]
    }
}
