import Foundation
import Testing
@testable import Daybook

/// The pure pieces of the feeds: absolute links, entry ids, dates, escaping.
@Suite struct FeedsTests {
    static let page = "https://example.org/journal/2024/05/01/ferry/"

    @Test(arguments: [
        ("<a href=\"../../../../2023/04/08/gauge/\">x</a>", "<a href=\"https://example.org/journal/2023/04/08/gauge/\">x</a>"),
        ("<img src=\"photo.jpg\" alt=\"\">", "<img src=\"https://example.org/journal/2024/05/01/ferry/photo.jpg\" alt=\"\">"),
        ("<a href=\"/elsewhere/\">x</a>", "<a href=\"https://example.org/elsewhere/\">x</a>"),
        ("<a href=\"2024/x/\">x</a>", "<a href=\"https://example.org/journal/2024/05/01/ferry/2024/x/\">x</a>"),
        ("<a href=\"#note\">x</a>", "<a href=\"https://example.org/journal/2024/05/01/ferry/#note\">x</a>"),
        ("<a href=\"//other.example/x\">x</a>", "<a href=\"https://other.example/x\">x</a>"),
        ("<a href='photo.jpg'>x</a>", "<a href='https://example.org/journal/2024/05/01/ferry/photo.jpg'>x</a>"),
        ("<a href=\"?a=1&amp;b=2\">x</a>", "<a href=\"https://example.org/journal/2024/05/01/ferry/?a=1&amp;b=2\">x</a>"),
        ("<source srcset=\"../../../../photos/a-480.webp 480w, ../../../../photos/a-960.webp 960w\">",
         "<source srcset=\"https://example.org/journal/photos/a-480.webp 480w, https://example.org/journal/photos/a-960.webp 960w\">"),
    ])
    func makesLinksAndSourcesAbsolute(_ html: String, _ expected: String) {
        #expect(AbsoluteLinks.resolve(html, against: Self.page) == expected)
    }

    @Test(arguments: [
        "<a href=\"https://other.example/x\">x</a>", "<a href=\"mailto:me@example.org\">x</a>",
        "<img src=\"data:image/png;base64,AAAA\">",
        // Markdown text that reads like an attribute comes out of cmark with its quotes escaped.
        "<p>Text that says href=&quot;x&quot; in a paragraph</p>", "<a href=\"\">x</a>",
    ])
    func leavesAbsoluteValuesAndTextAlone(_ html: String) {
        #expect(AbsoluteLinks.resolve(html, against: Self.page) == html)
    }

    @Test func idComesFromTheHostPathYearAndAddressNotTheFile() {
        let entry = Entry(sourcePath: "entries/2024/05-01 ferry.md", title: "Ferry", date: LocalDateTime(year: 2024, month: 5, day: 1))
        let item = FeedItem(entry: entry, path: "2024/05/01/ferry/", title: "Ferry", html: "", baseURL: "https://Example.org/journal/")
        #expect(item.id == "tag:example.org,2024:journal/2024/05/01/ferry/")
        var moved = entry
        moved.sourcePath = "entries/tidied/ferry.md"
        #expect(FeedItem.id(entry: moved, path: "2024/05/01/ferry/", baseURL: "https://Example.org/journal/") == item.id)
        let old = Entry(sourcePath: "entries/a.md", title: nil, date: LocalDateTime(year: 987, month: 5, day: 1))
        #expect(FeedItem.id(entry: old, path: "0987/05/01/entry/", baseURL: "https://example.org/") == "tag:example.org,0987:0987/05/01/entry/")
    }

    @Test func anIdInTheFrontMatterWins() {
        var entry = Entry(sourcePath: "entries/a.md", title: "Ferry", date: LocalDateTime(year: 2024, month: 5, day: 1))
        let base = "https://example.org/journal/"
        entry.extra["id"] = .text("tag:example.org,2024:journal/entries/a.md")
        #expect(FeedItem.id(entry: entry, path: "2024/05/01/ferry/", baseURL: base) == "tag:example.org,2024:journal/entries/a.md")
        entry.extra["id"] = .text("urn:uuid:0c2f3a4e-6d1b-4c8e-9a57-2b4f0e1d9c3a")
        #expect(FeedItem.id(entry: entry, path: "2024/05/01/other/", baseURL: base) == "urn:uuid:0c2f3a4e-6d1b-4c8e-9a57-2b4f0e1d9c3a")
        // Not a URI: it stands in for the address.
        entry.extra["id"] = .text(" the ferry ")
        #expect(FeedItem.id(entry: entry, path: "2024/05/01/ferry/", baseURL: base) == "tag:example.org,2024:journal/the%20ferry")
        for text in ["", ":x", "1a:b", "a b:c", "mailto:"] { #expect(!FeedItem.isAbsoluteURI(text), "\(text)") }
        for text in ["tag:x", "urn:uuid:1", "h+t-t.p:x"] { #expect(FeedItem.isAbsoluteURI(text), "\(text)") }
    }

    @Test func datesKeepTheirOffsetAndADayIsMidnight() {
        let timed = LocalDateTime(year: 2024, month: 7, day: 31, hour: 23, minute: 5, second: 9, utcOffset: -5 * 3600, hasTime: true)
        #expect(FeedItem.timestamp(timed) == "2024-07-31T23:05:09-05:00")
        let day = LocalDateTime(year: 2024, month: 1, day: 2, utcOffset: 3600 + 1800)
        #expect(FeedItem.timestamp(day) == "2024-01-02T00:00:00+01:30")
        #expect(FeedItem.timestamp(LocalDateTime(year: 2024, month: 1, day: 2)) == "2024-01-02T00:00:00+00:00")
    }

    @Test func escapesXMLAndDropsForbiddenCharacters() {
        #expect(AtomFeed.escape("a<b>&\"c'\u{1}\u{7}\td") == "a&lt;b&gt;&amp;&quot;c&apos;\td")
    }

    @Test func theSitemapNamesEveryPathAbsoluteAndRobotsPointsToIt() {
        let xml = String(decoding: Sitemap.make(baseURL: "https://example.org/j/", sitePaths: ["", "tags/café/"]), as: UTF8.self)
        #expect(xml.contains("<loc>https://example.org/j/</loc>"))
        #expect(xml.contains("<loc>https://example.org/j/tags/caf%C3%A9/</loc>"))
        #expect(String(decoding: Sitemap.robots(baseURL: "https://example.org/j/"), as: UTF8.self).contains("Sitemap: https://example.org/j/sitemap.xml\n"))
    }

    /// Kept feeds need no entry's body; made again, the newest 20 entries' bodies and no other.
    @Test func asksForTheNewestEntriesBodiesOnlyWhenTheFeedsAreMadeAgain() async throws {
        var settings = Settings()
        settings.baseURL = "https://example.org/"
        let (journal, _) = journal((1...25).map { ("entries/\($0).md", "title: Day \($0)\ndate: 2024-03-\(pad($0, 2))") }, settings: settings)
        let keys = try await PageKeys(journal: journal, files: [:], siteKey: [1])
        let files = JournalFiles(root: URL(fileURLWithPath: "/nonexistent"))
        var feeds = await Feeds.load(FeatureInput(options: BuildOptions(journal: files.root), files: files, settings: settings)).feature
        #expect(await feeds.planData(DataPlanning(journal: journal, keys: keys, kept: nil)) == Set(0..<20))
        #expect(await feeds.planData(DataPlanning(journal: journal, keys: keys, kept: { _, _ in false })) == Set(0..<20))
        #expect(await feeds.planData(DataPlanning(journal: journal, keys: keys, kept: { _, _ in true })).isEmpty)
        settings.feed = false
        var off = await Feeds.load(FeatureInput(options: BuildOptions(journal: files.root), files: files, settings: settings)).feature
        #expect(await off.planData(DataPlanning(journal: journal, keys: keys, kept: nil)).isEmpty)
    }

    @Test func feedSettingMustBeAFlag() async throws {
        let journal = try TemporaryJournal(["daybook.yml": "title: T\nfeed: sometimes\n", "entries/a.md": "---\ndate: 2024-01-01\n---\nx\n"])
        defer { journal.remove() }
        await #expect(throws: BuildFailure.self) { _ = try await Builder.run(BuildOptions(journal: journal.root)) }
    }
}
