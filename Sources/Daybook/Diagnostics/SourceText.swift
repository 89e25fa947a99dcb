import Foundation

/// The text of one file as Daybook reads it: BOM removed, line endings made `\n`,
/// with quick access to any line for diagnostics.
struct SourceText: Sendable {
    let path: String
    let text: String
    private let lineStarts: [String.Index]

    init(path: String, text: String) {
        self.path = path
        self.text = text
        lineStarts = Self.lineStarts(text)
    }

    /// Where each line starts. A byte search: a Character search would segment graphemes over the
    /// whole file, and stepping through `String.UTF8View` cost 0.75% of a full build (issue 26).
    private static func lineStarts(_ text: String) -> [String.Index] {
        // `withUTF8` reads a native string in place (and makes any other contiguous first), whose
        // UTF-8 offsets then index `text` in constant time.
        var contiguous = text
        let offsets = contiguous.withUTF8 { bytes in
            var offsets = [0]
            for offset in bytes.indices where bytes[offset] == 0x0A { offsets.append(offset + 1) }
            return offsets
        }
        let utf8 = text.utf8
        return offsets.map { utf8.index(utf8.startIndex, offsetBy: $0) }
    }

    var lineCount: Int { lineStarts.count }

    /// Line `number` (1-based) without its newline, or nil past the end.
    func line(_ number: Int) -> String? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let start = lineStarts[number - 1]
        let end = number < lineStarts.count ? text.index(before: lineStarts[number]) : text.endIndex
        return String(text[start..<end])
    }

    /// The text from the start of line `number` to the end of the file.
    func text(fromLine number: Int) -> Substring {
        guard number >= 1, number <= lineStarts.count else { return "" }
        return text[lineStarts[number - 1]...]
    }

    /// Lines `range` joined with newlines.
    func text(lines range: Range<Int>) -> Substring {
        guard !range.isEmpty, range.lowerBound >= 1, range.upperBound - 1 <= lineStarts.count else { return "" }
        let start = lineStarts[range.lowerBound - 1]
        let end = range.upperBound <= lineStarts.count ? text.index(before: lineStarts[range.upperBound - 1]) : text.endIndex
        return text[start..<end]
    }

    func location(line: Int, column: Int = 1) -> SourceLocation {
        SourceLocation(file: path, line: line, column: column)
    }

    func error(_ message: String, line: Int, column: Int = 1) -> Diagnostic {
        .error(message, at: location(line: line, column: column), sourceLine: self.line(line))
    }

    func warning(_ message: String, line: Int, column: Int = 1) -> Diagnostic {
        .warning(message, at: location(line: line, column: column), sourceLine: self.line(line))
    }
}

extension SourceText {
    /// The column (1-based) of `value` on line `line` of `text`, after `key` (a front-matter
    /// key's value, which the front-matter readers do not locate); 1 when not found.
    static func column(of value: String, after key: String, line: Int, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count, let found = lines[line - 1].range(of: key) else { return 1 }
        let rest = lines[line - 1][found.upperBound...]
        guard let at = rest.range(of: value.trimmingCharacters(in: .whitespaces)) else { return 1 }
        return lines[line - 1].distance(from: lines[line - 1].startIndex, to: at.lowerBound) + 1
    }
}
