import Foundation
import Testing
@testable import Daybook

/// `entries_dir` and `--entries`: an existing Hugo or Jekyll folder read where it is.
@Suite struct EntriesFolderTests {
    static let hugo: [String: String] = [
        "config.toml": "title = \"Hugo site\"\n",
        "content/posts/_index.md": "+++\ntitle = \"Posts\"\n+++\n",
        "content/posts/tokyo.md": "+++\ntitle = \"Tokyo\"\ndate = 2022-08-08T09:30:00+09:00\n+++\nNeon.\n",
        "content/about.md": "+++\ntitle = \"About\"\n+++\nNot an entry.\n",
        "_posts/2021-01-02-jekyll.md": "---\ntitle: Jekyll day\nlayout: post\n---\nFrom Jekyll.\n",
    ]

    @Test func readsTheFolderNamedInTheSettings() async throws {
        var files = Self.hugo
        files["daybook.yml"] = "entries_dir: ./content/posts/\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        let scanned = try JournalFiles.scan(journal.root)
        #expect(scanned.entries == ["content/posts/tokyo.md"] && scanned.entriesFolder == "content/posts")
        let report = try await Builder.run(BuildOptions(journal: journal.root))
        #expect(report.entries == 1 && report.sectionFilesSkipped == 1)
        #expect(journal.exists("_site/2022/08/08/tokyo/index.html"))
    }

    @Test func theCommandLineWins() throws {
        var files = Self.hugo
        files["daybook.yml"] = "entries_dir: content/posts\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        let result = try CLI.run(["build", journal.root.path, "--entries", "_posts"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Built 1 entry into "))
        #expect(journal.exists("_site/2021/01/02/jekyll-day/index.html"))
        #expect(!journal.exists("_site/2022"))
        let check = try CLI.run(["check", journal.root.path, "--entries", "content/posts"])
        #expect(check.stdout.hasPrefix("No problems found in 1 entry"))
    }

    @Test(arguments: ["/etc", "../elsewhere", "static/posts", "."])
    func refusesAFolderOutsideTheJournalOrInUse(folder: String) throws {
        #expect(JournalFiles.entriesFolderProblem(folder) != nil)
        let (_, problems) = SettingsLoader.load(text: "entries_dir: \"\(folder)\"\n")
        #expect(problems.first?.location == SourceLocation(file: "daybook.yml", line: 1, column: 14))
    }
}
