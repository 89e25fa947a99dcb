import Foundation
import Testing
@testable import Daybook

/// `daybook init`'s files, without the binary: dated in the journal's zone, CI files per choice.
@Suite struct JournalStarterTests {
    func options(ci: JournalStarter.CI, zone: String = "Asia/Tokyo") -> JournalStarter.Options {
        var options = JournalStarter.Options(folder: URL(fileURLWithPath: "/nonexistent"), timeZone: zone)
        options.ci = ci
        options.now = Date(timeIntervalSince1970: 1_714_606_200)  // 2024-05-01 23:30 UTC
        return options
    }

    @Test func theFirstEntryIsDatedInTheJournalsZoneAndBuilds() throws {
        let files = JournalStarter.files(options(ci: .none))
        #expect(files.map(\.path) == ["daybook.yml", "entries/2024/05/2024-05-02-first-entry.md", "static/.gitkeep",
                                      "templates/.gitkeep", ".gitignore", "README.md"])
        let (entry, problems) = loadEntry(files[1].text, path: files[1].path, timeZone: "Asia/Tokyo")
        #expect(problems.isEmpty && entry?.title == "The first entry")
        let (settings, settingProblems) = SettingsLoader.load(text: files[0].text)
        #expect(settingProblems.isEmpty && settings.timeZone == "Asia/Tokyo")
        #expect(JournalStarter.files(options(ci: .none, zone: "America/New_York"))[1].path == "entries/2024/05/2024-05-01-first-entry.md")
    }

    @Test func eachCIChoiceWritesItsFileWithThePinsAndTheZone() {
        let github = JournalStarter.files(options(ci: .github)).last!
        #expect(github.path == ".github/workflows/publish.yml")
        let gitlab = JournalStarter.files(options(ci: .gitlab)).last!
        #expect(gitlab.path == ".gitlab-ci.yml")
        for file in [github, gitlab] {
            #expect(file.text.contains("DAYBOOK_VERSION: \"\(DaybookVersion.string)\""))
            #expect(file.text.contains(DaybookVersion.swiftImage))
            #expect(file.text.contains("TZ: \"Asia/Tokyo\"") || file.text.contains("TZ: Asia/Tokyo"))
            #expect(file.text.contains("--base-url"))
        }
        // The secrets reach the build step only, and are there to uncomment.
        #expect(github.text.contains("# DAYBOOK_PASSWORD: ${{ secrets.DAYBOOK_PASSWORD }}"))
        #expect(github.text.contains("# DAYBOOK_SITE_KEY: ${{ secrets.DAYBOOK_SITE_KEY }}"))
    }

    @Test func aFolderWithFilesIsRefusedAndNothingIsOverwritten() throws {
        let journal = try TemporaryJournal(["daybook.yml": "title: Mine\n"])
        defer { journal.remove() }
        var options = options(ci: .none)
        options.folder = journal.root
        #expect(throws: BuildFailure.self) { try JournalStarter.create(options) }
        #expect(!journal.exists("README.md"))
        options.force = true
        let result = try JournalStarter.create(options)
        #expect(result.kept == ["daybook.yml"] && result.created.count == 5)
        #expect(try journal.read("daybook.yml") == "title: Mine\n")
    }
}
