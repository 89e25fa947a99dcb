import Foundation

/// Which journal an entry belongs to, and the errors of a name no journal has. A pure function
/// of the entry (its path and front-matter) and the settings, so it is worked out again, alike,
/// wherever the entries are assembled (the public pass and each private edition).
public enum JournalNames {
    static let key = "journal"

    /// The entry's journal: `journal:` in its front-matter, else its first folder under the
    /// entries folder when that names a journal, else the default; "" without `journals:`.
    static func journal(of entry: Entry, settings: Settings) -> String {
        let journals = settings.journals
        guard journals.isEnabled else { return "" }
        if case .text(let given)? = entry.extra[key], journals.info(given) != nil { return given }
        let prefix = settings.entriesDir + "/"
        if entry.sourcePath.hasPrefix(prefix) {
            let rest = entry.sourcePath.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
            if rest.count > 1, journals.info(String(rest[0])) != nil { return String(rest[0]) }
        }
        return journals.defaultJournal
    }

    /// Sets each entry's journal; returns an error for each `journal:` that names none of them.
    /// - Parameter text: an entry file's text, read again only to point at an unknown name's column.
    static func assign(_ entries: inout [Entry], settings: Settings, text: (String) -> String? = { _ in nil }) -> [Diagnostic] {
        guard settings.journals.isEnabled else { return [] }
        var problems: [Diagnostic] = []
        for index in entries.indices {
            entries[index].journal = journal(of: entries[index], settings: settings)
            if let problem = problem(entries[index], settings.journals, text: text) { problems.append(problem) }
        }
        return problems
    }

    private static func problem(_ entry: Entry, _ journals: JournalSettings, text: (String) -> String?) -> Diagnostic? {
        guard let value = entry.extra[key] else { return nil }
        let line = entry.keyLines[key] ?? 1
        guard case .text(let name) = value else {
            return .error("journal must be the name of a journal, such as \(journals.names[0])", at: SourceLocation(file: entry.sourcePath, line: line))
        }
        guard journals.info(name) == nil else { return nil }
        let column = text(entry.sourcePath).map { SourceText.column(of: name, after: key, line: line, in: $0) } ?? 1
        return .error(unknown(name, journals.names), at: SourceLocation(file: entry.sourcePath, line: line, column: column))
    }

    /// "unknown journal 'travle'; did you mean 'travel'? (journals: travel, dreams)"
    static func unknown(_ name: String, _ known: [String]) -> String {
        let near = Spelling.nearest(name, among: known)
        let hint = near.isEmpty ? "" : "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
        return "unknown journal '\(name)'\(hint) (journals in daybook.yml: \(known.joined(separator: ", ")))"
    }
}

extension JournalNames {
    /// The problem with writing an entry into journal `name` of the journal folder `journal`
    /// (`daybook new --journal`, `daybook import --journal-name`), or nil when its settings name it.
    public static func problem(writingTo name: String, journal: URL) -> Diagnostic? {
        let text = try? String(contentsOf: journal.appendingPathComponent(SettingsLoader.fileName), encoding: .utf8)
        let journals = Settings.load(root: journal, text: text).0.journals
        guard journals.info(name) == nil else { return nil }
        let at = SourceLocation(file: SettingsLoader.fileName)
        guard journals.isEnabled else { return .error("daybook.yml names no journals; add journals: {\(name): {title: …}} to write into \(name)", at: at) }
        return .error(unknown(name, journals.names), at: at)
    }
}
