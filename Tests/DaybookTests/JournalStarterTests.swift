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

    @Test func everyCIFileInstallsTheOneListOfPackages() {
        let listed = StarterResources.debianPackages
        #expect(listed == ["libcmark-dev", "libvips-dev", "pkg-config", "libcurl4-openssl-dev"])
        for ci in [JournalStarter.CI.github, .gitlab] {
            for isPrivate in [false, true] {
                var options = options(ci: ci)
                options.isPrivate = isPrivate
                let text = JournalStarter.files(options).last!.text
                let line = text.split(separator: "\n").first { $0.contains("apt-get install") }.map(String.init) ?? ""
                let installed = Set(line.split(separator: " ").map(String.init))
                #expect(installed.isSuperset(of: listed + StarterCI.ciExtras), "\(ci) private: \(isPrivate)")
            }
        }
    }

    @Test func aPrivateJournalIsPrivateAndItsWorkflowPushesTheSiteElsewhere() {
        var options = options(ci: .github)
        options.isPrivate = true
        let files = JournalStarter.files(options)
        let (settings, problems) = SettingsLoader.load(text: files[0].text)
        #expect(problems.isEmpty && settings.privacy.wholeJournal)
        let workflow = files.last!.text
        #expect(workflow.contains("DAYBOOK_SITE_KEY: ${{ secrets.DAYBOOK_SITE_KEY }}"))
        #expect(workflow.contains("PAGES_REMOTE: git@github.com:${{ vars.PAGES_REPOSITORY }}.git"))
        #expect(!workflow.contains("deploy-pages") && !workflow.contains("pages: write"))
        #expect(files.first { $0.path == "README.md" }!.text.contains("Keep this repository private"))
        #expect(!JournalStarter.files(self.options(ci: .github))[0].text.contains("private: true"))
    }

    @Test(arguments: [
        ("0123456789abcdef0123456789abcdef01234567\trefs/tags/v1\n", "0123456789abcdef0123456789abcdef01234567"),
        ("1111111111111111111111111111111111111111\trefs/tags/v1\n2222222222222222222222222222222222222222\trefs/tags/v1^{}\n",
         "2222222222222222222222222222222222222222"),
        ("", nil), ("0123abc\trefs/tags/v1\n", nil),
    ] as [(String, String?)])
    func theTagsCommitIsReadFromLsRemote(output: String, commit: String?) {
        #expect(DaybookSource.commit(inLsRemote: output) == commit)
    }

    @Test func aPinIsAFullCommitAndAnUnknownOneSaysWhatToSet() throws {
        #expect(throws: BuildFailure.self) { try DaybookSource.resolve(repository: nil, commit: "0123abc") }
        let given = try DaybookSource.resolve(repository: "/some/mirror.git", commit: String(repeating: "a", count: 40))
        #expect(given == DaybookSource(repository: "/some/mirror.git", commit: String(repeating: "a", count: 40)))
        do {
            _ = try DaybookSource.resolve(repository: "/nonexistent/daybook.git", commit: nil)
            Issue.record("resolved a pin from nowhere")
        } catch {
            let message = error.diagnostics.first?.message ?? ""
            #expect(message.contains("daybook init --daybook-commit <the 40-digit commit of \(DaybookSource.tag)>"))
            #expect(message.contains("Nothing was written."))
        }
    }

    @Test func aWorkflowThatDeploysItsOwnPagesIsFoundAtItsLine() {
        #expect(PublicSource.deployLine(in: "jobs:\n  # uses: actions/deploy-pages@v4\n      - uses: actions/deploy-pages@v4\n") == 3)
        #expect(PublicSource.deployLine(in: "steps:\n  - run: git push\n") == nil)
    }
}
