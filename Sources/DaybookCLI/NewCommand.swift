import ArgumentParser
import Daybook

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new", abstract: "Create today's entry and print its path. Never overwrites a file.")

    @OptionGroup var journal: JournalArgument

    @Option(help: "The entry's title; it also names the file.")
    var title: String?

    @Option(help: "Date the entry instead of now, e.g. '2024-05-01 08:30'.")
    var date: String?

    func run() throws {
        do {
            let path = try EntryCreator.create(journal: journal.url, title: title, date: date)
            print(journal.url.appendingPathComponent(path).path)
        } catch {
            throw ExitCode(Console.report(error, what: "new"))
        }
    }
}
