import ArgumentParser
import Daybook
import Foundation

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Create today's entry and open it in your editor. Never overwrites a file.",
        discussion: """
            On a terminal the entry opens in $VISUAL, else $EDITOR, else vi; when the editor closes, \
            Daybook says where the entry is and whether it builds. With --no-edit it only prints the \
            new entry's path, and takes the entry's text from standard input when that is a pipe or \
            a file (echo 'Calm sea.' | daybook new --no-edit). Off a terminal, without --no-edit, \
            it writes nothing and says so.
            """)

    @OptionGroup var journal: JournalArgument

    @Option(help: "The entry's title; it also names the file.")
    var title: String?

    @Option(help: "Date the entry instead of now: '2024-05-01 08:30', yesterday, friday, 'last friday', 14:30.")
    var date: String?

    @Option(name: .customLong("journal"), help: "Put the entry in this journal of daybook.yml's journals (its folder, entries/NAME/).")
    var journalName: String?

    @Flag(help: "Only create the entry and print its path; open no editor. Text piped in becomes the entry's text.")
    var noEdit = false

    func run() throws {
        if !noEdit && !Editor.canEdit {
            // An empty entry nobody will see being made would only warn on every build.
            Console.error("error: not on a terminal, so no editor can open the new entry; nothing was written")
            Console.error("To write an entry from a script, give its text on standard input with --no-edit:")
            Console.error("  echo 'Calm sea.' | daybook new --no-edit")
            throw ExitCode(1)
        }
        let body = noEdit ? Editor.pipedText() : ""
        let path: String
        do {
            path = try EntryCreator.create(journal: journal.url, title: title, date: date, body: body, into: journalName)
        } catch {
            throw ExitCode(Console.report(error, what: "new"))
        }
        let full = journal.url.appendingPathComponent(path).path
        guard !noEdit else {
            print(full)
            return
        }
        let editor = Editor.chosen()
        do {
            try editor.edit(full)
        } catch {
            Console.error("error: could not edit the entry with '\(error.command)': \(error.why)")
            Console.error("The entry is kept: \(full)")
            throw ExitCode(1)
        }
        print(full)
        let check = EntryCheck.run(journal: journal.url, path: path)
        Console.print(check.diagnostics)
        switch check.outcome {
        case .builds: print("It builds fine.")
        case .draft: print("It builds fine; as a draft it stays out of the site unless you build with --drafts.")
        case .noTextYet: print("No text yet; it stays out of the site until you write something.")
        case .fails:
            let count = check.diagnostics.filter { $0.severity == .error }.count
            print("It does not build: \(count) error\(count == 1 ? "" : "s") above; the build fails until \(count == 1 ? "it is" : "they are") fixed.")
            throw ExitCode(1)
        }
    }
}
