/// The writers' errors found in the entries and settings: an `author:` or `default_writer:` that
/// names no writer of `writers:`, with the nearest keys suggested.
enum WriterCheck {
    /// - Parameters:
    ///   - entries: every entry read, private ones and drafts too.
    ///   - text: an entry file's text, read again only to point at an unknown writer's column.
    static func problems(_ entries: [Entry], settings: WriterSettings, journals: JournalSettings = JournalSettings(),
                         text: (String) -> String?) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let yml = SettingsLoader.fileName
        guard settings.isOn else {
            if settings.defaultWriter != nil {
                problems.append(.error("default_writer needs the writers listed under writers:",
                                       at: SourceLocation(file: yml, line: settings.defaultLine, column: settings.defaultColumn)))
            }
            return problems
        }
        if let fallback = settings.defaultWriter, settings.writer(fallback) == nil {
            problems.append(.error(unknown(fallback, settings), at: SourceLocation(file: yml, line: settings.defaultLine, column: settings.defaultColumn)))
        }
        for journal in journals.list {
            guard let author = journal.author, settings.writer(author) == nil else { continue }
            problems.append(.error(unknown(author, settings), at: SourceLocation(file: yml, line: journal.authorLine, column: journal.authorColumn)))
        }
        for entry in entries {
            guard let value = entry.extra["author"] else { continue }
            let line = entry.keyLines["author"] ?? 1
            guard case .text(let raw) = value else {
                problems.append(.error("author must be a writer's key, such as anna", at: SourceLocation(file: entry.sourcePath, line: line)))
                continue
            }
            let key = raw.trimmingCharacters(in: .whitespaces)
            guard settings.writer(key) == nil else { continue }
            let column = text(entry.sourcePath).map { valueColumn(in: $0, line: line, value: raw) } ?? 1
            problems.append(.error(unknown(key, settings), at: SourceLocation(file: entry.sourcePath, line: line, column: column)))
        }
        return problems
    }

    /// `unknown writer 'ana'; did you mean anna?`, naming the known keys when none is near.
    static func unknown(_ key: String, _ settings: WriterSettings) -> String {
        let keys = settings.writers.map(\.key)
        // A display name written for a key names that key.
        let named = settings.writers.filter { $0.name.lowercased() == key.lowercased() }.map(\.key)
        let near = named.isEmpty ? Spelling.nearest(key, among: keys) : named
        let hint = near.isEmpty ? "the writers are \(keys.joined(separator: ", "))" : "did you mean \(near.joined(separator: " or "))?"
        return "unknown writer '\(key)' (not under writers: in daybook.yml); \(hint)"
    }

    /// The column of `value` on line `line` of `text` (after `author:`), 1 when not found.
    static func valueColumn(in text: String, line: Int, value: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count, let key = lines[line - 1].range(of: "author") else { return 1 }
        let rest = lines[line - 1][key.upperBound...]
        guard let found = rest.range(of: value.trimmingCharacters(in: .whitespaces)) else { return 1 }
        return lines[line - 1].distance(from: lines[line - 1].startIndex, to: found.lowerBound) + 1
    }
}
