import ArgumentParser
import Daybook
import Foundation

/// `daybook import dayone|jrnl EXPORT`: entries from a journal app, written as entry files.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Bring entries in from a journal app's export.",
        subcommands: [DayOneImport.self, JrnlImport.self])
}

/// What both importers take besides the export.
struct ImportOptions: ParsableArguments {
    // Long name only: `-j` is `--jobs`, as for build and serve.
    @Option(help: "The journal folder to write entries into.", completion: .directory)
    var journal: String = "."

    @Flag(help: "Show what would be written and skipped, and write nothing.")
    var dryRun = false

    @Option(help: "The tag given to starred entries.")
    var starredTag = "starred"

    @Option(help: "Put every entry in this journal of daybook.yml's journals (journal: NAME in its front-matter).")
    var journalName: String?

    var journalURL: URL { URL(fileURLWithPath: journal, isDirectory: true).standardizedFileURL }

    /// Writes the entries and prints each path written and each entry skipped.
    func write(_ entries: [ImportedEntry]) throws {
        var entries = entries
        if let journalName {
            if let problem = JournalNames.problem(writingTo: journalName, journal: journalURL) {
                Console.print([problem])
                throw ExitCode(1)
            }
            for index in entries.indices { entries[index].extra.append((key: "journal", value: .text(journalName))) }
        }
        let report = try ImportWriter.write(entries, journal: journalURL, dryRun: dryRun)
        let verb = dryRun ? "would write" : "wrote"
        for path in report.written { print("\(verb) \(path)") }
        for reason in report.skipped { print("skipped \(reason)") }
        print("\(dryRun ? "Would import" : "Imported") \(Summary.count(report.written.count, "entry", "entries")), skipped \(report.skipped.count) already there")
    }
}

struct DayOneImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dayone", abstract: "Import a Day One JSON export (the .zip, or the folder with Journal.json and photos/).")

    @Argument(help: "The export: a .zip or an unpacked folder.", completion: .file())
    var export: String

    @OptionGroup var options: ImportOptions

    func run() throws {
        let opened: DayOneExport
        do { opened = try DayOneExport.open(URL(fileURLWithPath: export)) } catch { throw ExitCode(Console.report(error)) }
        defer { opened.cleanUp() }
        var entries: [ImportedEntry] = []
        do {
            for file in try opened.journalFiles() {
                var reader = DayOneReader(photosFolder: opened.folder.appendingPathComponent("photos"))
                reader.starredTag = options.starredTag
                entries += try reader.read(file)
            }
        } catch {
            throw ExitCode(Console.report(error))
        }
        try options.write(entries)
    }
}

struct JrnlImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jrnl", abstract: "Import jrnl's JSON export (jrnl --export json > export.json).")

    @Argument(help: "The JSON file jrnl wrote.", completion: .file())
    var export: String

    @OptionGroup var options: ImportOptions

    func run() throws {
        var reader = JrnlReader()
        reader.starredTag = options.starredTag
        let entries: [ImportedEntry]
        do { entries = try reader.read(URL(fileURLWithPath: export)) } catch { throw ExitCode(Console.report(error)) }
        try options.write(entries)
    }
}

extension Console {
    /// Prints the problems of an export and returns the exit code.
    static func report(_ failure: ImportFailure) -> Int32 {
        print(failure.diagnostics)
        error("import failed: \(Summary.count(failure.diagnostics.count, "problem", "problems")) in the export; nothing was written")
        return 1
    }
}
