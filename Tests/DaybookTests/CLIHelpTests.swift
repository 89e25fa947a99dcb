import Foundation
import Testing
@testable import Daybook

/// The command line helps where it used to shrug: a folder that is no journal, `daybook new`
/// off a terminal, `-j`, and the dates people write.
@Suite struct CLIHelpTests {
    @Test func aHugoSiteWithoutEntriesSaysWhatToRunAndFails() throws {
        let site = try TemporaryJournal(["hugo.toml": "title = \"Blog\"\n", "content/posts/hello.md": "+++\ntitle = \"Hello\"\n+++\nHi.\n"])
        defer { site.remove() }
        let result = try CLI.run(["build", site.root.path])
        #expect(result.status == 1)
        #expect(result.stderr == """
            error: no entries/ folder in \(site.root.path): Daybook reads a journal's entries from entries/ (or the folder entries_dir in daybook.yml or --entries names)
            hint: this looks like a Hugo site; build its posts where they are: daybook build \(site.root.path) --entries content/posts

            """)
        #expect(!site.exists("_site"))
    }

    @Test func anEmptyFolderIsNoJournal() throws {
        let folder = try TemporaryJournal()
        defer { folder.remove() }
        let result = try CLI.run(["build", folder.root.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("hint: to start a journal here: daybook init \(folder.root.path)\n"))
        #expect(try CLI.run(["check", folder.root.path]).status == 1)
    }

    /// A journal with an empty entries folder builds; without the folder it is an error (issue 23).
    @Test func aJournalWithNoEntriesYetStillBuilds() throws {
        let journal = try TemporaryJournal(["daybook.yml": "title: New\n", "entries/.keep": ""])
        defer { journal.remove() }
        #expect(try CLI.run(["build", journal.root.path]).status == 0)
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries"))
        let missing = try CLI.run(["build", journal.root.path])
        #expect(missing.status == 1 && missing.stderr.contains("no entries/ folder"))
    }

    @Test func newOffATerminalWritesNothingAndSaysWhatToDo() throws {
        let journal = try TemporaryJournal(["daybook.yml": "title: J\n"])
        defer { journal.remove() }
        let result = try CLI.run(["new", journal.root.path, "--date", "2024-05-01"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--no-edit") && result.stderr.contains("echo 'Calm sea.' | daybook new --no-edit"))
        #expect(!journal.exists("entries"))
    }

    @Test func newWithNoEditTakesTheTextFromStandardInput() throws {
        let journal = try TemporaryJournal(["daybook.yml": "title: J\n"])
        defer { journal.remove() }
        let result = try CLI.run(["new", journal.root.path, "--no-edit", "--date", "2024-05-01 08:30"], input: "Calm sea.\n")
        #expect(result.status == 0)
        #expect(try journal.read("entries/2024/05/2024-05-01.md") == "---\ndate: 2024-05-01 08:30\n---\n\nCalm sea.\n")
    }

    @Test func dashJIsJobsAndNeverTheJournal() throws {
        let help = try CLI.run(["import", "dayone", "--help"])
        #expect(help.stdout.contains("--journal <journal>") && !help.stdout.contains("-j,"))
        #expect(try CLI.run(["build", "--help"]).stdout.contains("-j, --jobs <jobs>"))
    }

    /// Thursday 2024-05-02, 10:00 in Seoul (01:00 UTC).
    static let now = Date(timeIntervalSince1970: 1_714_611_600)

    @Test(arguments: [
        ("yesterday", "2024-05-01"), ("today", "2024-05-02 10:00"), ("14:30", "2024-05-02 14:30"), ("friday", "2024-04-26"),
        ("Thursday", "2024-05-02"), ("last thursday", "2024-04-25"), ("last friday", "2024-04-26"), ("yesterday 21:05", "2024-05-01 21:05"),
    ])
    func readsTheDatesPeopleWriteInTheJournalsZone(written: String, expected: String) throws {
        let journal = try TemporaryJournal(["daybook.yml": "timezone: Asia/Seoul\n"])
        defer { journal.remove() }
        let path = try EntryCreator.create(journal: journal.root, title: nil, date: written, now: Self.now)
        #expect(try journal.read(path).contains("date: \(expected)\n"))
    }

    @Test func anUnreadableDateSaysWhatWorks() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let failure = #expect(throws: BuildFailure.self) { try EntryCreator.create(journal: journal.root, title: nil, date: "soonish") }
        #expect(failure?.diagnostics.first?.message.hasSuffix("today, yesterday, a weekday (friday, last friday) or a time (14:30) also work") == true)
    }
}
