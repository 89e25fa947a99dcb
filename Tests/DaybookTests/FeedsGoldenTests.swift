import Foundation
import Testing
@testable import Daybook

/// The feeds, sitemap and robots.txt of a small public journal, compared with `Goldens/feeds/`,
/// and how they behave without a base URL, beside a static robots.txt, across machines and
/// across incremental builds.
@Suite struct FeedsGoldenTests {
    static let files = ["feed.xml", "feed.json", "sitemap.xml", "robots.txt"]
    static let fixture: [String: String] = [
        "daybook.yml": "title: Notes & <Days>\nauthor: Ada\nbase_url: https://example.org/journal/\ntimezone: Europe/Berlin\nlocale: en_GB\n",
        // Summer time and a date alone: the zone's offset at each.
        "entries/2024/06-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-06-01 08:30\ntags: [sea, \"a&b\"]\n---\nSee [the gauge](/2024/01/02/gauge/) and ![a gull](gull.svg), or [elsewhere](https://other.example/).\n",
        "entries/2024/01-02-gauge.md": "---\ntitle: Gauge\ndate: 2024-01-02\n---\nA <b>cold</b> morning & a note.\n",
        // No title: the feed names it by its date. An offset of its own is kept.
        "entries/2024/01-03.md": "---\ndate: 2024-01-03T23:15:00-05:00\n---\nLate, far away.\n",
        "entries/2024/01-04-draft.md": "---\ntitle: Secret\ndate: 2024-01-04\ndraft: true\n---\nNever in a feed.\n",
    ]

    @Test func writesTheFeedsSitemapAndRobotsAsRecorded() async throws {
        try await FeatureGolden.check(Self.fixture, pages: Self.files, folder: "feeds")
    }

    @Test func linksTheFeedsFromEveryPageAndLeavesDraftsOut() async throws {
        let journal = try TemporaryJournal(Self.fixture)
        defer { journal.remove() }
        let report = try await Builder.run(BuildOptions(journal: journal.root))
        #expect(report.warnings.isEmpty)
        for page in ["index.html", "2024/06/01/ferry/index.html", "tags/index.html", "404.html"] {
            let html = try journal.read("_site/\(page)")
            #expect(html.contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Notes &amp; &lt;Days&gt;\""), "\(page)")
        }
        #expect(try journal.read("_site/2024/06/01/ferry/index.html").contains("href=\"../../../../feed.xml\""))
        for file in Self.files { #expect(!(try journal.read("_site/\(file)")).contains("Secret"), "\(file)") }
        #expect(!(try journal.read("_site/sitemap.xml")).contains("404"))
    }

    @Test func withoutBaseURLWritesNoneOfThemAndWarnsOnce() async throws {
        var fixture = Self.fixture
        fixture["daybook.yml"] = "title: Private\n"
        let journal = try TemporaryJournal(fixture)
        defer { journal.remove() }
        let report = try await Builder.run(BuildOptions(journal: journal.root))
        #expect(report.warnings.map(\.message) == [Feeds.noBaseURL])
        for file in Self.files { #expect(!journal.exists("_site/\(file)"), "\(file)") }
        #expect(!(try journal.read("_site/index.html")).contains("application/atom+xml"))
        // `feed: false` turns them off and the warning with them.
        try journal.write("daybook.yml", "title: Private\nfeed: false\n")
        #expect(try await Builder.run(BuildOptions(journal: journal.root)).warnings.isEmpty)
        var options = BuildOptions(journal: journal.root)
        options.baseURL = "https://example.org/"
        _ = try await Builder.run(options)
        #expect(!journal.exists("_site/feed.xml") && !journal.exists("_site/sitemap.xml"))
    }

    @Test func theJournalsOwnStaticFilesWin() async throws {
        var fixture = Self.fixture
        fixture["static/robots.txt"] = "User-agent: *\nDisallow: /private/\n"
        let journal = try TemporaryJournal(fixture)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        #expect(try journal.read("_site/robots.txt") == "User-agent: *\nDisallow: /private/\n")
        #expect(journal.exists("_site/sitemap.xml") && journal.exists("_site/feed.xml"))
        // Added later, an incremental build copies it over Daybook's; removed, Daybook's returns.
        try journal.write("static/sitemap.xml", "<urlset/>\n")
        _ = try await IncrementalBuildTests.build(journal.root)
        #expect(try journal.read("_site/sitemap.xml") == "<urlset/>\n")
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "static sitemap")
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("static/sitemap.xml"))
        _ = try await IncrementalBuildTests.build(journal.root)
        #expect(try journal.read("_site/sitemap.xml").contains("<loc>https://example.org/journal/</loc>"))
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "static sitemap removed")
    }

    @Test func sameBytesWhateverTheMachine() throws {
        let first = try TemporaryJournal(Self.fixture), second = try TemporaryJournal(Self.fixture)
        defer { first.remove(); second.remove() }
        let a = try CLI.run(["build", first.root.path, "-q", "--jobs", "1"], environment: ["TZ": "Pacific/Kiritimati", "LANG": "C"])
        let b = try CLI.run(["build", second.root.path, "-q", "--jobs", "4"], environment: ["TZ": "America/Adak", "LANG": "ja_JP.UTF-8"])
        #expect(a.status == 0 && b.status == 0 && a.stderr == "" && b.stderr == "")
        for file in Self.files { #expect(try first.bytes("_site/\(file)") == second.bytes("_site/\(file)"), "\(file)") }
        // A second build of the same journal, from scratch, writes the same bytes again.
        let before = try Self.files.map { try first.bytes("_site/\($0)") }
        _ = try CLI.run(["build", first.root.path, "-q", "--no-cache"], environment: ["TZ": "Asia/Kolkata"])
        #expect(try Self.files.map { try first.bytes("_site/\($0)") } == before)
    }
}
