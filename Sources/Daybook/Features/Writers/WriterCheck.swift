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
            // As default_writer: a journal's author would otherwise be silently ignored.
            for journal in journals.list where journal.author != nil {
                problems.append(.error("the author of journal '\(journal.name)' needs the writers listed under writers:",
                                       at: SourceLocation(file: yml, line: journal.authorLine, column: journal.authorColumn)))
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
            let column = text(entry.sourcePath).map { SourceText.column(of: raw, after: "author", line: line, in: $0) } ?? 1
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
}
