import ArgumentParser
import Daybook

/// What `build` and `check` say before they start when the journal has no entries folder.
enum JournalHints {
    /// Stops with status 1 when the folder is no journal at all (no entries folder and no
    /// `daybook.yml`), saying what was expected and what to run; for a journal with no entries
    /// yet, returns the hints to print after its build.
    static func check(_ journal: JournalArgument, entries: String?) throws -> [String] {
        guard let missing = MissingEntries.find(journal: journal.url, entriesFolder: entries) else { return [] }
        let lines = missing.lines(journal: journal.journal)
        guard !missing.isJournal else { return Array(lines.dropFirst()) }
        Console.error("error: \(lines[0])")
        for hint in lines.dropFirst() { Console.error("hint: \(hint)") }
        throw ExitCode(1)
    }
}
