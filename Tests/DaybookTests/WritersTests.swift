import Foundation
import Testing
@testable import Daybook

/// Several writers (`writers:`, `author:`, `default_writer:`): the settings, the errors, who is
/// shown where, and what a journal without writers keeps.
@Suite struct WritersTests {
    static let settings = """
        title: Two of us
        writers:
          anna: {name: "Anna Lindqvist"}
          ben: {name: "Ben Okafor"}
        default_writer: anna

        """

    static let fixture: [String: String] = [
        "daybook.yml": settings,
        "entries/2024/05/01.md": "---\ntitle: Ferry\ndate: 2024-05-01\n---\nGrey morning on the water.\n",
        "entries/2024/05/02.md": "---\ntitle: Harbour\ndate: 2024-05-02\nauthor: ben\n---\nBoats and more boats.\n",
        "entries/2024/06/01.md": "---\ntitle: Garden\ndate: 2024-06-01\nauthor: anna\n---\nBeans.\n",
    ]

    static func build(_ files: [String: String]) async throws -> (TemporaryJournal, [String: String]) {
        let journal = try TemporaryJournal(files)
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        return (journal, try tree(journal.site).mapValues { String(decoding: $0, as: UTF8.self) })
    }

    static func problems(_ files: [String: String]) async throws -> [String] {
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        do {
            _ = try await Builder.run(BuildOptions(journal: journal.root))
            return []
        } catch {
            return error.diagnostics.filter { $0.severity == .error }.map(\.headline)
        }
    }

    @Test func readsWritersAndTheDefaultWriter() {
        let (settings, problems) = SettingsLoader.load(text: Self.settings + "  \n")
        #expect(problems.isEmpty)
        #expect(settings.writers.writers.map(\.key) == ["anna", "ben"])
        #expect(settings.writers.writers.map(\.name) == ["Anna Lindqvist", "Ben Okafor"])
        #expect(settings.writers.defaultWriter == "anna")
        let (bad, badProblems) = SettingsLoader.load(text: "writers:\n  Anna B: {name: Anna, portrait: }\n")
        #expect(bad.writers.writers.isEmpty)
        #expect(badProblems.map(\.headline) == ["daybook.yml:2:3: error: a writer's key must be lowercase letters, digits, - or _, such as anna, got 'Anna B'"])
    }

    @Test func anUnknownWriterIsAnErrorAtItsLineAndColumnWithTheNearestKey() async throws {
        var files = Self.fixture
        files["entries/2024/05/02.md"] = "---\ntitle: Harbour\ndate: 2024-05-02\nauthor:  bne\n---\nBoats.\n"
        files["entries/2024/06/01.md"] = "---\ntitle: Garden\ndate: 2024-06-01\nauthor: Anna Lindqvist\n---\nBeans.\n"
        files["entries/2024/06/02.md"] = "---\ntitle: Visit\ndate: 2024-06-02\nauthor: grandma\n---\nTea.\n"
        let problems = try await Self.problems(files)
        #expect(problems.contains("entries/2024/05/02.md:4:10: error: unknown writer 'bne' (not under writers: in daybook.yml); did you mean ben?"))
        #expect(problems.contains("entries/2024/06/01.md:4:9: error: unknown writer 'Anna Lindqvist' (not under writers: in daybook.yml); did you mean anna?"))
        #expect(problems.contains("entries/2024/06/02.md:4:9: error: unknown writer 'grandma' (not under writers: in daybook.yml); the writers are anna, ben"))
        #expect(problems.count == 3)
    }

    @Test func anUnknownDefaultWriterIsAnErrorInTheSettings() async throws {
        var files = Self.fixture
        files["daybook.yml"] = Self.settings.replacingOccurrences(of: "default_writer: anna", with: "default_writer: anne")
        #expect(try await Self.problems(files) == ["daybook.yml:5:17: error: unknown writer 'anne' (not under writers: in daybook.yml); did you mean anna?"])
        files["daybook.yml"] = "title: One\ndefault_writer: anna\n"
        #expect(try await Self.problems(files) == ["daybook.yml:2:17: error: default_writer needs the writers listed under writers:"])
    }

    /// As `default_writer:`: a journal's `author:` without `writers:` would name nobody, silently.
    @Test func aJournalsAuthorWithoutWritersIsAnErrorInTheSettings() async throws {
        var files = Self.fixture
        files["daybook.yml"] = "title: Two of us\njournals:\n  diary: {title: Diary}\n  travel: {title: Travels, author: ben}\n"
        #expect(try await Self.problems(files) == ["daybook.yml:4:36: error: the author of journal 'travel' needs the writers listed under writers:"])
    }

    /// Without `writers:`, `author:` is a key Daybook does not read, as before: no error, no writer.
    @Test func withoutWritersAuthorMeansNothing() async throws {
        var files = Self.fixture
        files["daybook.yml"] = "title: Two of us\n"
        let (journal, site) = try await Self.build(files)
        defer { journal.remove() }
        #expect(site["writers/index.html"] == nil)
        #expect(!site.values.contains { $0.contains("class=\"writer\"") || $0.contains(">ben<") })
    }

    @Test func twoWritersGetPagesRowsAndNumbers() async throws {
        let (journal, site) = try await Self.build(Self.fixture)
        defer { journal.remove() }
        let writers = try #require(site["writers/index.html"])
        #expect(writers.contains("<span class=\"writer-name\">Anna Lindqvist</span></a> <span class=\"count\">2 entries · 6 words</span>"))
        #expect(writers.contains("Ben Okafor"))
        let ben = try #require(site["writers/ben/index.html"])
        #expect(ben.contains("<h1>Ben Okafor</h1>") && ben.contains("Harbour") && !ben.contains("Garden"))
        #expect(site["writers/anna/index.html"]?.contains("Garden") == true)
        // The entry without `author:` is the default writer's.
        #expect(site["2024/05/01/ferry/index.html"]?.contains("<a href=\"../../../../writers/anna/index.html\">Anna Lindqvist</a>") == true)
        #expect(site["index.html"]?.contains("<a href=\"writers/ben/index.html\">Ben Okafor</a>") == true)
        #expect(site["index.html"]?.contains("<a href=\"writers/index.html\">Writers</a>") == true)
        let stats = try #require(site["stats/index.html"])
        #expect(stats.contains("<tr><th scope=\"row\"><a href=\"../writers/ben/index.html\">Ben Okafor</a></th><td>1</td><td>4</td></tr>"))
    }

    /// A feed reader names each entry's writer as the rows do: Atom's `<author>` and JSON Feed's
    /// `authors` per entry, once two write; with one, only the feed's own author.
    @Test func theFeedsNameEachEntrysWriterOnceTwoWrite() async throws {
        var files = Self.fixture
        files["daybook.yml"] = Self.settings + "base_url: https://example.org/\n"
        let (journal, site) = try await Self.build(files)
        defer { journal.remove() }
        let atom = try #require(site["feed.xml"])
        #expect(atom.contains("<title>Harbour</title>\n    <link rel=\"alternate\" type=\"text/html\" href=\"https://example.org/2024/05/02/harbour/\"/>\n"
            + "    <published>2024-05-02T00:00:00+00:00</published>\n    <updated>2024-05-02T00:00:00+00:00</updated>\n"
            + "    <author><name>Ben Okafor</name></author>\n"))
        let json = try #require(site["feed.json"])
        let feed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let items = try #require(feed["items"] as? [[String: Any]])
        #expect(items.map { ($0["authors"] as? [[String: String]])?.first?["name"] } == ["Anna Lindqvist", "Ben Okafor", "Anna Lindqvist"])

        files["entries/2024/05/02.md"] = "---\ntitle: Harbour\ndate: 2024-05-02\n---\nBoats.\n"
        let (alone, aloneSite) = try await Self.build(files)
        defer { alone.remove() }
        #expect(aloneSite["feed.xml"]?.components(separatedBy: "<author>").count == 2)
        #expect(aloneSite["feed.json"]?.components(separatedBy: "\"authors\"").count == 2)
    }

    /// One writer with published entries: nothing names a writer, as in a journal of one.
    @Test func oneWriterWithEntriesShowsNoWriter() async throws {
        var files = Self.fixture
        files["entries/2024/05/02.md"] = "---\ntitle: Harbour\ndate: 2024-05-02\n---\nBoats.\n"
        files["entries/2024/06/01.md"] = "---\ntitle: Garden\ndate: 2024-06-01\nauthor: ben\ndraft: true\n---\nBeans.\n"
        let (journal, site) = try await Self.build(files)
        defer { journal.remove() }
        #expect(site["writers/index.html"] == nil && site["writers/anna/index.html"] == nil)
        #expect(!site.values.contains { $0.contains("Lindqvist") || $0.contains("Okafor") || $0.contains("Writers") })
    }

    /// `author:` wins over the default, which a lead's per-journal default goes through too.
    @Test func theWriterOfAnEntryGivenADefault() {
        let (settings, _) = SettingsLoader.load(text: Self.settings)
        let plain = Entry(sourcePath: "a.md", title: nil, date: LocalDateTime(year: 2024, month: 5, day: 1))
        var authored = plain
        authored.extra["author"] = .text("ben")
        #expect(Writers.writer(of: plain, default: "anna", settings: settings.writers) == "anna")
        #expect(Writers.writer(of: plain, default: "ben", settings: settings.writers) == "ben")
        #expect(Writers.writer(of: plain, default: nil, settings: settings.writers) == nil)
        #expect(Writers.writer(of: authored, default: "anna", settings: settings.writers) == "ben")
        #expect(Writers.writer(of: authored, default: "anna", settings: WriterSettings()) == nil)
    }

    /// A journal's `author:` is the writer of its entries that name none, before `default_writer:`;
    /// an unknown one is an error at its line in the settings.
    @Test func aJournalsAuthorIsItsEntriesDefaultWriter() async throws {
        var files = Self.fixture
        files["daybook.yml"] = Self.settings + "journals:\n  diary: {title: Diary}\n  travel: {title: Travels, author: ben}\n"
        files["entries/travel/2024/07/01.md"] = "---\ntitle: Lisbon\ndate: 2024-07-01\n---\nTrams.\n"
        let (journal, site) = try await Self.build(files)
        defer { journal.remove() }
        #expect(site["2024/07/01/lisbon/index.html"]?.contains(">Ben Okafor</a>") == true)
        #expect(site["2024/05/01/ferry/index.html"]?.contains(">Anna Lindqvist</a>") == true)
        files["daybook.yml"] = Self.settings + "journals:\n  diary: {title: Diary}\n  travel: {title: Travels, author: bne}\n"
        let problems = try await Self.problems(files)
        #expect(problems == ["daybook.yml:8:36: error: unknown writer 'bne' (not under writers: in daybook.yml); did you mean ben?"], "\(problems)")
    }

    /// An entry moved out of a journal with its own `author:` changes writer with no change to
    /// its file: the feeds that hold it name the new writer after an update as after a full build
    /// (found by the random edits once they had writers).
    @Test func anEntryMovedOutOfAJournalWithItsOwnAuthorChangesWriterInTheFeeds() async throws {
        var files = Self.fixture
        files["daybook.yml"] = Self.settings + "base_url: https://example.org/\ntag_feeds: true\n"
            + "journals:\n  diary: {title: Diary}\n  travel: {title: Travels, author: ben}\n"
        let lisbon = "---\ntitle: Lisbon\ndate: 2024-07-01\ntags: [trams]\n---\nTrams.\n"
        files["entries/travel/2024/07/01.md"] = lisbon
        // Travels keeps an entry, so the journals shown stay the same.
        files["entries/travel/2024/04/01.md"] = "---\ntitle: Porto\ndate: 2024-04-01\n---\nBridges.\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        _ = try await IncrementalBuildTests.build(journal.root)
        #expect(try journal.read("_site/feed.xml").contains("<author><name>Ben Okafor</name></author>"))
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries/travel/2024/07/01.md"))
        try journal.write("entries/2024/07/01.md", lisbon)
        _ = try await IncrementalBuildTests.build(journal.root)
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "an entry moved out of a journal with its own author")
    }

    @Test func suggestsTheNearestKeys() {
        #expect(Spelling.nearest("bne", among: ["anna", "ben"]) == ["ben"])
        #expect(Spelling.nearest("zz", among: ["anna", "ben"]) == [])
        #expect(Spelling.distance("kitten", "sitting") == 3)
        #expect(Spelling.distance("", "abc") == 3)
    }

    /// `by:anna` and `by:"Anna Lindqvist"` look up these filter terms (`search.js`).
    @Test func searchDocumentsCarryTheWritersKeyAndName() {
        var tokenizer = SearchTokenizer()
        var counter = SearchTermCounter()
        var entry = Entry(sourcePath: "a.md", title: "Ferry", date: LocalDateTime(year: 2024, month: 5, day: 1), tags: ["sea"])
        entry.writer = "anna"
        let document = SearchDocument(entry, writerName: "Anna Lindqvist", tokenizer: &tokenizer, counter: &counter)
        #expect(document.filters == ["#sea", "~anna", "~anna-lindqvist"])
        entry.writer = nil
        #expect(SearchDocument(entry, writerName: nil, tokenizer: &tokenizer, counter: &counter).filters == ["#sea"])
    }

    @Test func aPortraitIsMadeIntoSquaresAndAMissingOneIsAnErrorAtItsWriter() async throws {
        var files = Self.fixture
        files["daybook.yml"] = Self.settings.replacingOccurrences(of: "{name: \"Ben Okafor\"}", with: "{name: \"Ben Okafor\", portrait: people/ben.png}")
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        try PhotoSupport.make(journal, "people/ben.png", ["--format", "png", "--size", "300x500"])
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let site = try tree(journal.site)
        let copies = site.filter { $0.key.hasPrefix("portraits/") }
        #expect(copies.count == 4)
        for (path, bytes) in copies {
            let header = try PhotoCodec.header(Array(bytes))
            let side = path.contains("-96.") ? 96 : 192
            #expect(header.width == side && header.height == side, "\(path)")
        }
        #expect(String(decoding: site["writers/index.html"] ?? Data(), as: UTF8.self).contains("<img class=\"portrait\""))
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("people/ben.png"))
        files["daybook.yml"] = files["daybook.yml"]!
        #expect(try await Self.problems(files).contains(
            "daybook.yml:4:3: error: portrait people/ben.png of writer ben could not be read (a path inside the journal, such as people/anna.jpg)"))
        files["people/ben.png"] = "not an image"
        #expect(try await Self.problems(files).contains("daybook.yml:4:3: error: portrait people/ben.png of writer ben is not an image Daybook can read"))
    }
}
