import Foundation
import Testing
@testable import Daybook

/// `daybook build --keep-going`, run as a CI would: every good entry built, every error listed,
/// the site written, exit status 1. Without it a build stays all or nothing.
@Suite struct KeepGoingTests {
    static let files = [
        "daybook.yml": "base_url: https://example.org/\n",
        "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01 08:30\n---\nGrey morning.\n",
        "entries/2024/05/2024-05-02.md": "+++\ntitle = \"Hugo day\"\ndate = 2024-05-02\n+++\nFrom Hugo.\n",
        "entries/2024/05/bad-rating.md": "---\ndate: 2024-05-03\nrating: 7\n---\nx\n",
        "entries/2024/05/bad-toml.md": "+++\ntitle = \"Broken\n+++\nx\n",
        "entries/posts/_index.md": "+++\ntitle = \"Posts\"\n+++\n",
        "static/robots.txt": "User-agent: *\n",
    ]

    static let errors = """
        entries/2024/05/bad-rating.md:3:9: error: rating must be a whole number from 0 to 5, got 7
        rating: 7
                ^
        entries/2024/05/bad-toml.md:2:9: error: malformed TOML in front-matter: text opened here is never closed with "
        title = "Broken
                ^

        """

    @Test func buildsTheGoodEntriesListsEveryErrorAndExitsWithOne() throws {
        let journal = try TemporaryJournal(Self.files)
        defer { journal.remove() }
        let result = try CLI.run(["build", journal.root.path, "--keep-going"])
        #expect(result.status == 1)
        #expect(result.stderr == Self.errors + "build: 2 errors; the entries with errors were left out (--keep-going)\n")
        #expect(result.stdout.hasPrefix("Built 2 entries into "))
        #expect(result.stdout.contains("(1 section file _index.md skipped)"))
        #expect(journal.exists("_site/2024/05/01/ferry/index.html"))
        #expect(journal.exists("_site/2024/05/02/hugo-day/index.html"))
        #expect(!(try journal.read("_site/index.html")).contains("Broken"))

        // Nothing changed: the up-to-date build reports the same errors and the same status.
        let again = try CLI.run(["build", journal.root.path, "--keep-going"])
        #expect(again.status == 1 && again.stderr == result.stderr)
    }

    /// A private journal's editions leave out what the public pass left out: they were made from
    /// the entries as read, and showed one whose error (an unknown journal) --keep-going had left out.
    @Test func theEditionsLeaveOutTheEntriesWithErrorsToo() throws {
        let journal = try TemporaryJournal([
            "daybook.yml": "title: Whole\nprivate: true\njournals:\n  diary: {title: Diary}\n",
            "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01\n---\nGrey morning.\n",
            "entries/2024/05/2024-05-02-lost.md": "---\ntitle: Lost\ndate: 2024-05-02\njournal: nowhere\n---\nNo such journal.\n",
        ])
        defer { journal.remove() }
        let result = try CLI.run(["build", journal.root.path, "--keep-going"], environment: PrivateBuildTests.secrets)
        #expect(result.status == 1)
        #expect(result.stderr.contains("entries/2024/05/2024-05-02-lost.md:4:10: error: unknown journal 'nowhere'"))
        let site = PrivateBuildTests.text(try tree(journal.site))
        let edition = try PrivateBuildTests.manifest(site, siteKey: PrivateBuildTests.secrets["DAYBOOK_SITE_KEY"]!)
        #expect(edition.keys.contains("2024/05/01/ferry/index.html"))
        #expect(!edition.keys.contains("2024/05/02/lost/index.html"))
        #expect(!String(decoding: edition["index.html"] ?? [], as: UTF8.self).contains("Lost"))
    }

    @Test func withoutItTheBuildWritesNothing() throws {
        let journal = try TemporaryJournal(Self.files)
        defer { journal.remove() }
        let result = try CLI.run(["build", journal.root.path])
        #expect(result.status == 1)
        #expect(result.stderr == Self.errors + "build failed: 2 errors\n")
        #expect(!journal.exists("_site"))
    }

    @Test func aGoodJournalExitsWithZero() throws {
        var files = Self.files
        files["entries/2024/05/bad-rating.md"] = nil
        files["entries/2024/05/bad-toml.md"] = nil
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        let result = try CLI.run(["build", journal.root.path, "--keep-going"])
        #expect(result.status == 0 && result.stderr == "")
    }

    /// An unknown journal or writer is an entry's error like any other: the entry is left out.
    @Test func anEntryNamingAnUnknownJournalOrWriterIsLeftOut() throws {
        var files = Self.files
        files["entries/2024/05/bad-rating.md"] = nil
        files["entries/2024/05/bad-toml.md"] = nil
        files["daybook.yml"] = "journals:\n  diary: {title: Diary}\n  travel: {title: Travels}\nwriters:\n  anna: {name: Anna}\n"
        files["entries/2024/05/journal.md"] = "---\ndate: 2024-05-03\ntitle: Lost\njournal: travle\n---\nx\n"
        files["entries/2024/05/writer.md"] = "---\ndate: 2024-05-04\ntitle: Nobody\nauthor: ana\n---\nx\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        let result = try CLI.run(["build", journal.root.path, "--keep-going"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("entries/2024/05/journal.md:4:10: error: unknown journal 'travle'"))
        #expect(result.stderr.contains("entries/2024/05/writer.md:4:9: error: unknown writer 'ana'"))
        #expect(result.stderr.hasSuffix("build: 2 errors; the entries with errors were left out (--keep-going)\n"))
        #expect(journal.exists("_site/2024/05/01/ferry/index.html"))
        #expect(!journal.exists("_site/2024/05/03/lost/index.html") && !journal.exists("_site/2024/05/04/nobody/index.html"))
    }
}
