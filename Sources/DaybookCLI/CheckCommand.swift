import ArgumentParser
import Daybook

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Validate the journal and its templates without writing anything.")

    @OptionGroup var journal: JournalArgument

    @Flag(help: "Also count entries marked draft: true.")
    var drafts = false

    @Option(help: "The folder of entry files inside the journal, e.g. content/posts (overrides entries_dir).")
    var entries: String?

    func run() async throws {
        var options = BuildOptions(journal: journal.url)
        options.writes = false
        options.includeDrafts = drafts
        options.entriesFolder = entries
        let hints = try JournalHints.check(journal, entries: entries)
        do {
            let report = try await Builder.run(options)
            for hint in hints { Console.error("hint: \(hint)") }
            Console.print(report.warnings)
            print("No problems found in \(Summary.count(report.entries, "entry", "entries")) (\(Summary.count(report.pages, "page", "pages")) rendered, nothing written).")
        } catch {
            throw ExitCode(Console.report(error, what: "check"))
        }
    }
}
