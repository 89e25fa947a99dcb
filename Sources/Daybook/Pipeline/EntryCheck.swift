import Foundation

/// What `daybook new` says about an entry once the editor closes: the entry file alone, read by
/// the loader the build uses (`daybook check` looks at the whole journal).
public struct EntryCheck: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// It will be on the site.
        case builds
        /// It reads fine but is marked `draft: true`.
        case draft
        /// It has front-matter and no text yet, so the build leaves it out with a warning.
        case noTextYet
        /// It has errors; the build fails until they are fixed.
        case fails
    }

    public var outcome: Outcome
    /// Every problem found, in file order, except the warning that `noTextYet` stands for.
    public var diagnostics: [Diagnostic]

    /// Checks the entry at `path` (relative to `journal`) with the journal's parse settings.
    public static func run(journal: URL, path: String) -> EntryCheck {
        let settingsText = (try? String(contentsOf: journal.appendingPathComponent(SettingsLoader.fileName), encoding: .utf8))
        let (settings, problems) = Settings.load(root: journal, text: settingsText)
        if problems.hasErrors { return EntryCheck(outcome: .fails, diagnostics: problems.sorted()) }
        guard let bytes = FileManager.default.contents(atPath: journal.appendingPathComponent(path).path) else {
            return EntryCheck(outcome: .fails, diagnostics: [.error("could not read the file", at: SourceLocation(file: path))])
        }
        let loader = EntryLoader(dates: DateParser(timeZone: TimeZone(identifier: settings.timeZone) ?? .gmt), rawHTML: settings.rawHTML,
                                 categoriesAsTags: settings.categoriesAsTags)
        let (entry, found) = loader.load(path: path, bytes: Array(bytes))
        let diagnostics = found.sorted()
        if diagnostics.hasErrors { return EntryCheck(outcome: .fails, diagnostics: diagnostics) }
        guard let entry else {
            return EntryCheck(outcome: .noTextYet, diagnostics: diagnostics.filter { $0.message != EntryLoader.noTextYet })
        }
        return EntryCheck(outcome: entry.isDraft ? .draft : .builds, diagnostics: diagnostics)
    }
}
