import Foundation
import Synchronization
import Testing
@testable import Daybook

private let backdated = Mutex(0)

/// A build with nothing changed is answered from `state.cache` alone, and any change sends the
/// build down the usual path.
@Suite struct UpToDateTests {
    /// Dates the entry files written in the last minute back to a time of their own, past the two
    /// seconds in which a file is not trusted; older files keep their time, so they count as unchanged.
    static func backdate(_ journal: TemporaryJournal) throws {
        for path in DirectoryWalker.files(under: journal.root.appendingPathComponent("entries").path) {
            let url = journal.root.appendingPathComponent("entries/" + path)
            let modified = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
            guard let modified, modified.timeIntervalSinceNow > -60 else { continue }
            let stamp = Date(timeIntervalSince1970: 1_600_000_000 + Double(backdated.withLock { $0 += 1; return $0 }))
            try FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: url.path)
        }
    }

    static func build(_ journal: TemporaryJournal, drafts: Bool = false, output: URL? = nil) async throws -> BuildReport {
        var options = BuildOptions(journal: journal.root)
        options.includeDrafts = drafts
        options.output = output
        return try await Builder.run(options)
    }

    static func answeredFromState(_ report: BuildReport) -> Bool {
        report.stages.map(\.name) == ["nothing changed"]
    }

    @Test func answersANoOpFromTheStateAndNoticesEveryKindOfChange() async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        try Self.backdate(journal)
        let first = try await Self.build(journal)
        let again = try await Self.build(journal)
        #expect(Self.answeredFromState(again))
        #expect((again.entries, again.pages, again.draftsLeftOut) == (first.entries, first.pages, first.draftsLeftOut))

        let changes: [(String, () throws -> Void)] = [
            ("touch an entry", {
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -30)],
                                                      ofItemAtPath: journal.root.appendingPathComponent("entries/2024-03-02-day.md").path)
            }),
            ("remove a search file", { try FileManager.default.removeItem(at: journal.site.appendingPathComponent("search/meta.js")) }),
            ("edit an entry", { try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day 2\ndate: 2024-03-02\n---\nNew.\n") }),
            ("add an entry", { try journal.write("entries/2024-05-01-new.md", "---\ndate: 2024-05-01\n---\nNew.\n") }),
            ("remove an entry", { try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries/2024-05-01-new.md")) }),
            ("delete a page", { try FileManager.default.removeItem(at: journal.site.appendingPathComponent("2024/03/index.html")) }),
            ("change a page", { try journal.write("_site/index.html", "changed") }),
            ("change a setting", { try journal.write("daybook.yml", "title: Renamed\nhome_entries: 4\n") }),
            ("add a template", { try journal.write("templates/entry-row.mustache", "<li>{{title}}</li>\n") }),
            ("change a static file", { try journal.write("static/notes.txt", "static, edited\n") }),
            ("add quotes", { try journal.write("quotes.yml", "- text: Write it down.\n") }),
        ]
        for (name, change) in changes {
            try change()
            try Self.backdate(journal)
            #expect(!Self.answeredFromState(try await Self.build(journal)), "\(name) was not noticed")
            #expect(Self.answeredFromState(try await Self.build(journal)), "\(name): the next build is a no-op again")
            try await IncrementalBuildTests.expectSameAsFullBuild(journal, name)
        }
        #expect(!Self.answeredFromState(try await Self.build(journal, drafts: true)), "another option")
        let elsewhere = journal.root.appendingPathComponent("elsewhere")
        #expect(!Self.answeredFromState(try await Self.build(journal, output: elsewhere)), "another output folder")
    }

    /// A file modified within two seconds before the state was saved could have been edited again
    /// in the same instant without a change of size or time, so it is never taken as unchanged.
    @Test(arguments: [(1.0, false), (3.0, true)])
    func trustsOnlyFilesOlderThanTwoSecondsBeforeTheSave(savedAfter: Double, trusted: Bool) async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        try Self.backdate(journal)
        _ = try await Self.build(journal)
        var state = try #require(UpToDate.load(folder: journal.cache))
        let newest = try #require(state.entries.map(\.stat.modified).max())
        state.savedAt = newest + Int(savedAfter * 1e9)
        state.save(folder: journal.cache)
        #expect(Self.answeredFromState(try await Self.build(journal)) == trusted)
    }

    @Test func keepsTheWarningsOfTheBuildItStandsFor() async throws {
        let journal = try TemporaryJournal(["daybook.yml": "title: Empty\n", "entries/.gitkeep": ""])
        defer { journal.remove() }
        let first = try await Self.build(journal)
        #expect(!first.warnings.isEmpty)
        let again = try await Self.build(journal)
        #expect(Self.answeredFromState(again))
        #expect(again.warnings.map(\.message) == first.warnings.map(\.message))
    }

    @Test func fetchedQuotesAreNeverTakenAsUnchanged() async throws {
        var settings = Settings()
        settings.zenQuotesURL = "http://127.0.0.1:9/"
        let files = try JournalFiles.scan(FileManager.default.temporaryDirectory)
        #expect(UpToDate.fingerprint(files, options: BuildOptions(journal: files.root), settings: settings) == nil)
        settings.quoteOfTheDay = false
        #expect(UpToDate.fingerprint(files, options: BuildOptions(journal: files.root), settings: settings) != nil)
    }
}

extension UpToDateTests {
    /// A private journal's secrets are in no file, so a no-op used to rebuild every edition. The
    /// state keeps a keyed fingerprint of them: the same secrets give a no-op; a changed password
    /// or site key, or missing secrets, send the build down the usual path.
    @Test func aPrivateJournalIsUpToDateOnlyWithTheSameSecrets() async throws {
        var files = IncrementalBuildTests.journalFiles()
        files["daybook.yml"] = "title: Private\nprivate: true\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        try Self.backdate(journal)
        let secrets = ["DAYBOOK_SITE_KEY": "1iVwVN8WjqGyNEZAb284OfG8wekRKgbxwUvJMLMKUTE=", "DAYBOOK_PASSWORD": "correct horse battery"]
        func build(_ environment: [String: String]) async throws -> BuildReport {
            var options = BuildOptions(journal: journal.root)
            options.secrets = Secrets(environment)
            return try await Builder.run(options)
        }
        #expect(!Self.answeredFromState(try await build(secrets)))
        #expect(Self.answeredFromState(try await build(secrets)))
        let keyFile = try String(contentsOf: journal.site.appendingPathComponent("private/keys.js"), encoding: .utf8)
        var changed = secrets
        changed["DAYBOOK_PASSWORD"] = "another passphrase"
        #expect(!Self.answeredFromState(try await build(changed)))
        #expect(try String(contentsOf: journal.site.appendingPathComponent("private/keys.js"), encoding: .utf8) != keyFile)
        #expect(Self.answeredFromState(try await build(changed)))
        await #expect(throws: BuildFailure.self) { try await build([:]) }
        changed["DAYBOOK_SITE_KEY"] = "Q2FuIHlvdSByZWFkIHRoaXM/IE5vdCB0aGUgc2l0ZSBrZXk="
        #expect(!Self.answeredFromState(try await build(changed)))
        // The state file holds no secret, and nothing from which one follows without the site key.
        let state = try Data(contentsOf: UpToDate.url(in: journal.cache))
        for secret in [secrets["DAYBOOK_PASSWORD"]!, changed["DAYBOOK_PASSWORD"]!, secrets["DAYBOOK_SITE_KEY"]!] {
            #expect(state.range(of: Data(secret.utf8)) == nil)
        }
    }
}
