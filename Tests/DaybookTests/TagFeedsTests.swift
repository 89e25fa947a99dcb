import Foundation
import Testing
@testable import Daybook

/// `tag_feeds: true`: an Atom feed per tag, named from the tag's page, made again only when one
/// of its newest entries changes.
@Suite struct TagFeedsTests {
    static func fixture(_ settings: String = "base_url: https://example.org/journal/\ntag_feeds: true\n") -> [String: String] {
        [
            "daybook.yml": "title: Notes\n" + settings,
            "entries/2024/06-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-06-01 08:30\ntags: [sea]\n---\nSee ![a gull](gull.svg).\n",
            "entries/2024/06-02-cliff.md": "---\ntitle: Cliff\ndate: 2024-06-02\ntags: [sea, walks]\n---\nHigh up.\n",
            "entries/2024/01-02-gauge.md": "---\ntitle: Gauge\ndate: 2024-01-02\ntags: [walks]\n---\nA cold morning.\n",
            "entries/2024/01-04-draft.md": "---\ntitle: Secret\ndate: 2024-01-04\ntags: [sea]\ndraft: true\n---\nNever in a feed.\n",
        ]
    }

    @Test func eachTagHasAFeedOfItsEntriesNamedFromItsPage() async throws {
        let journal = try TemporaryJournal(Self.fixture())
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let sea = try journal.read("_site/tags/sea/feed.xml")
        #expect(sea.contains("<id>https://example.org/journal/tags/sea/</id>"))
        #expect(sea.contains("<title>Notes: sea</title>"))
        #expect(sea.contains("<link rel=\"self\" type=\"application/atom+xml\" href=\"https://example.org/journal/tags/sea/feed.xml\"/>"))
        #expect(sea.contains("<link rel=\"alternate\" type=\"text/html\" href=\"https://example.org/journal/tags/sea/\"/>"))
        #expect(sea.contains("Ferry") && sea.contains("Cliff") && !sea.contains("Gauge") && !sea.contains("Secret"))
        #expect(sea.contains("https://example.org/journal/2024/06/01/ferry/gull.svg"), "links made absolute as in feed.xml")
        let walks = try journal.read("_site/tags/walks/feed.xml")
        #expect(walks.contains("Gauge") && walks.contains("Cliff") && !walks.contains("Ferry"))
        let page = try journal.read("_site/tags/sea/index.html")
        #expect(page.contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Notes: sea\" href=\"../../tags/sea/feed.xml\">"))
        #expect(!(try journal.read("_site/tags/index.html")).contains("title=\"Notes: sea\""), "only the tag's own page names it")
        #expect(!(try journal.read("_site/sitemap.xml")).contains("feed.xml"))
        #expect(try journal.read("_site/feed.xml").contains("<id>https://example.org/journal/</id>"), "the journal's feed is as it was")
    }

    @Test func noneWithoutTheSettingOrWithoutABaseURL() async throws {
        for settings in ["base_url: https://example.org/journal/\n", "tag_feeds: true\n"] {
            let journal = try TemporaryJournal(Self.fixture(settings))
            defer { journal.remove() }
            _ = try await Builder.run(BuildOptions(journal: journal.root))
            #expect(!journal.exists("_site/tags/sea/feed.xml"), "\(settings)")
            #expect(!(try journal.read("_site/tags/sea/index.html")).contains("tags/sea/feed.xml"), "\(settings)")
        }
        let journal = try TemporaryJournal(Self.fixture("tag_feeds: sometimes\n"))
        defer { journal.remove() }
        await #expect(throws: BuildFailure.self) { _ = try await Builder.run(BuildOptions(journal: journal.root)) }
    }

    /// An edit makes again the feeds of its entry's tags alone; each step equals a full build.
    @Test func anEditMakesAgainOnlyItsTagsFeeds() async throws {
        let journal = try TemporaryJournal(Self.fixture())
        defer { journal.remove() }
        _ = try await IncrementalBuildTests.build(journal.root)
        let sea = journal.site.appendingPathComponent("tags/sea/feed.xml").path
        let walks = journal.site.appendingPathComponent("tags/walks/feed.xml").path
        let (seaBefore, walksBefore) = (try #require(FileStat(path: sea)), try #require(FileStat(path: walks)))
        try await Task.sleep(for: .milliseconds(20))
        try journal.write("entries/2024/01-02-gauge.md", "---\ntitle: Gauge\ndate: 2024-01-02\ntags: [walks]\n---\nA colder morning.\n")
        _ = try await IncrementalBuildTests.build(journal.root)
        #expect(FileStat(path: sea) == seaBefore && FileStat(path: walks) != walksBefore)
        #expect(try journal.read("_site/tags/walks/feed.xml").contains("A colder morning."))
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "an edit")
        try journal.write("entries/2024/01-02-gauge.md", "---\ntitle: Gauge\ndate: 2024-01-02\ntags: [sea]\n---\nA colder morning.\n")
        _ = try await IncrementalBuildTests.build(journal.root)
        #expect(try journal.read("_site/tags/sea/feed.xml").contains("Gauge"))
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "a tag moved")
    }
}
