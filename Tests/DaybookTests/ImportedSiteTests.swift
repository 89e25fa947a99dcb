import Foundation
import Testing
@testable import Daybook

/// Sites written for Hugo, Jekyll and Zola, built where they lie: page bundles with photos in
/// any entries folder, remote images, missing photos, and `--keep-going` with photo errors.
@Suite struct ImportedSiteTests {
    static let bundle = "content/posts/2024-10-12-lake-district"

    @Test func aPageBundleOutsideEntriesPublishesItsPhoto() async throws {
        let journal = try TemporaryJournal(["\(Self.bundle)/index.md": "+++\ntitle = \"Lake District\"\ndate = 2024-10-12\n+++\n![Fell](fell.jpg)\n"])
        defer { journal.remove() }
        try PhotoSupport.make(journal, "\(Self.bundle)/fell.jpg", ["--size", "640x480"])
        var options = BuildOptions(journal: journal.root)
        options.entriesFolder = "content/posts"
        let report = try await Builder.run(options)
        #expect(report.warnings.filter { $0.message.contains("fell.jpg") }.isEmpty)
        #expect(try journal.read("_site/2024/10/12/lake-district/index.html").contains("<picture"))
        #expect(PhotoSupport.copies(journal.site).contains { $0.hasSuffix("-480.webp") })
    }

    @Test func aPhotoStillCannotLeaveTheEntriesFolder() {
        let entry = "content/posts/a/index.md"
        #expect(PhotoReferences.resolve("b.jpg", from: entry, inside: "content/posts") == "content/posts/a/b.jpg")
        #expect(PhotoReferences.resolve("../../b.jpg", from: entry, inside: "content/posts") == nil)
        #expect(PhotoReferences.resolve("../../../b.jpg", from: entry, inside: "content/posts") == nil)
    }

    @Test func aRemoteImageIsShownAsWrittenWithOneWarningPerJournal() async throws {
        let journal = try TemporaryJournal([
            "entries/2024/05/2024-05-01-charts/index.md": "---\ntitle: Charts\n---\n![chart](https://example.org/chart.png)\n\n![b](https://example.org/b.jpg)\n",
            "entries/2024/05/2024-05-02.md": "---\ndate: 2024-05-02\nprivate: true\n---\n![c](https://cdn.example.net/c.jpg)\n",
        ])
        defer { journal.remove() }
        var options = BuildOptions(journal: journal.root)
        options.secrets = Secrets(PrivateBuildTests.secrets)
        let report = try await Builder.run(options)
        let remote = report.warnings.map(\.headline).filter { $0.contains("another host") || $0.contains("private entry") }
        #expect(remote == [
            "entries/2024/05/2024-05-01-charts/index.md:4:1: warning: 3 images in 2 entries load from another host (example.org, cdn.example.net): every reader's browser asks that host for them; put a copy beside the entry to keep the site to itself",
            "entries/2024/05/2024-05-02.md:5:1: warning: a private entry shows 1 image from cdn.example.net: each reader who unlocks it tells that host the entry was read, from which address and when; put a copy beside the entry or take the image out",
        ])
        #expect(try journal.read("_site/2024/05/01/charts/index.html").contains("src=\"https://example.org/chart.png\""))
    }

    @Test(arguments: [
        ("---\ntitle: Ferry\ndate: 2024-05-01\nphotos: [missing.jpg]\n---\nText.\n", "missing.jpg"),
        ("---\ntitle: Ferry\ndate: 2024-05-01\n---\n![x](gone.jpg)\n", "gone.jpg"),
    ])
    func aMissingPhotoIsAnErrorInASingleFileEntryToo(text: String, name: String) async throws {
        let journal = try TemporaryJournal(["entries/2024/05/2024-05-01-ferry.md": text])
        defer { journal.remove() }
        let failure = await #expect(throws: BuildFailure.self) { try await Builder.run(BuildOptions(journal: journal.root)) }
        #expect(failure?.diagnostics.filter { $0.severity == .error }.map(\.message)
            == ["photo '\(name)' not found beside the entry (looked for entries/2024/05/\(name))"])
    }

    @Test func keepGoingLeavesOutAnEntryWithAPhotoErrorAndPublishesTheRest() throws {
        let journal = try TemporaryJournal([
            "content/posts/good.md": "---\ntitle: Good\ndate: 2024-05-01\n---\nFine.\n",
            "content/posts/broken/index.md": "---\ntitle: Broken\ndate: 2024-05-02\n---\n![gone](gone.jpg)\n",
            "content/posts/toml.md": "+++\ntitle = \"Bad\n+++\nx\n",
        ])
        defer { journal.remove() }
        let result = try CLI.run(["build", journal.root.path, "--entries", "content/posts", "--keep-going"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("content/posts/broken/index.md:5:1: error: photo 'gone.jpg' not found beside the entry"))
        #expect(result.stderr.hasSuffix("build: 2 errors; the entries with errors were left out (--keep-going)\n"))
        #expect(journal.exists("_site/2024/05/01/good/index.html"))
        #expect(!journal.exists("_site/2024/05/02/broken/index.html"))
    }

    @Test func aRedirectPageInAnArabicJournalReadsRightToLeft() async throws {
        let journal = try TemporaryJournal([
            "daybook.yml": "locale: ar\n",
            "entries/2022-08-08.md": "---\ntitle: طوكيو\ndate: 2022-08-08\naliases: [/posts/tokyo/]\n---\nNeon.\n",
        ])
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let page = try journal.read("_site/posts/tokyo/index.html")
        #expect(page.contains("<html lang=\"ar\" dir=\"rtl\">"))
        #expect(page.contains("<p>نُقلت هذه التدوينة: <a href="))
    }
}
