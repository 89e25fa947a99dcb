import Foundation
import Testing
@testable import Daybook

/// Several journals in one site (`Features/Journals`): which journal an entry belongs to, the
/// errors of a name no journal has, the journals' pages, and what a site of one journal keeps.
@Suite struct JournalsTests {
    static let settings = "title: Two\nhome_entries: 2\njournals:\n  diary: {title: Diary}\n  travel: {title: Travels, description: Trips away}\n"
    static let fixture: [String: String] = [
        "daybook.yml": settings,
        "entries/2024/2024-03-01.md": "---\ntitle: Home day\ndate: 2024-03-01\ntags: [sea]\n---\nAt home.\n",
        "entries/travel/2024-03-02.md": "---\ntitle: Ferry\ndate: 2024-03-02\ntags: [sea]\n---\nOn the boat.\n",
        "entries/2024/2024-03-03.md": "---\ntitle: Train\ndate: 2024-03-03\njournal: travel\n---\nNorth by train.\n",
        "entries/travel/2024-02-10.md": "---\ntitle: Hills\ndate: 2024-02-10\n---\nWalking.\n",
        "entries/travel/2024-03-04.md": "---\ntitle: Back\ndate: 2024-03-04\njournal: diary\n---\nHome again.\n",
    ]

    static func build(_ files: [String: String], secrets: [String: String]? = nil) async throws -> TemporaryJournal {
        let journal = try TemporaryJournal(files)
        var options = BuildOptions(journal: journal.root)
        if let secrets { options.secrets = Secrets(secrets) }
        _ = try await Builder.run(options)
        return journal
    }

    static func errors(_ files: [String: String]) async throws -> [String] {
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        let failure = await #expect(throws: BuildFailure.self) { try await Builder.run(BuildOptions(journal: journal.root)) }
        return failure?.diagnostics.filter { $0.severity == .error }.map(\.headline) ?? []
    }

    @Test func rendersTheTwoJournalsPagesAsRecorded() async throws {
        try await FeatureGolden.check(JournalPlacesTests.placed, pages: ["index.html", "travel/index.html", "diary/index.html", "tags/sea/index.html",
                                                                     "travel/tags/index.html", "travel/archives/index.html", "travel/stats/index.html",
                                                                     "travel/places/index.html", "diary/places/index.html",
                                                                     "travel/on-this-day/index.html"],
                                      folder: "journals")
    }

    /// Two journals and two writers together (issue 29's golden pages): rows name both, the
    /// travel journal's entries are Ben's unless they say otherwise, and each has its pages.
    @Test func rendersATwoJournalTwoWriterJournalAsRecorded() async throws {
        var files = JournalPlacesTests.placed
        files["daybook.yml"] = "title: Two\nhome_entries: 2\nwriters:\n  anna: {name: Anna}\n  ben: {name: Ben}\ndefault_writer: anna\n"
            + "journals:\n  diary: {title: Diary}\n  travel: {title: Travels, description: Trips away, author: ben}\n"
        files["entries/travel/2024-02-10.md"] = JournalPlacesTests.located("---\ntitle: Hills\ndate: 2024-02-10\nauthor: anna\n---\nWalking.\n", JournalPlacesTests.texas)
        try await FeatureGolden.check(files, pages: ["index.html", "travel/index.html", "writers/index.html", "writers/ben/index.html",
                                                     "2024/03/02/ferry/index.html", "travel/stats/index.html", "travel/places/index.html"],
                                      folder: "journals-writers")
    }

    @Test func anEntryBelongsToItsFolderUnlessItsFrontMatterSaysOtherwise() async throws {
        let journal = try await Self.build(Self.fixture)
        defer { journal.remove() }
        let travel = try journal.read("_site/travel/index.html"), diary = try journal.read("_site/diary/index.html")
        for title in ["Ferry", "Train"] { #expect(travel.contains(">\(title)</a>") && !diary.contains(">\(title)</a>"), "\(title)") }
        for title in ["Home day", "Back"] { #expect(diary.contains(">\(title)</a>") && !travel.contains(">\(title)</a>"), "\(title)") }
        // home_entries: 2 takes whole months: March's two travel entries, not February's.
        #expect(!travel.contains(">Hills</a>") && travel.contains("<p class=\"more\"><a href=\"../travel/archives/index.html\">"))
        #expect(travel.contains("<p class=\"journal-description\">Trips away</p>"))
        let home = try journal.read("_site/index.html")
        #expect(home.contains("<a class=\"journal-link\" href=\"travel/index.html\">Travels</a>"))
        #expect(home.contains("<span class=\"journal-badge\"><a href=\"travel/index.html\">Travels</a></span>"))
        // On a journal's own home every row is of that journal: no row names it.
        #expect(!travel.contains("journal-badge") && !diary.contains("journal-badge"))
    }

    @Test func defaultJournalTakesTheEntriesThatNameNone() async throws {
        var files = Self.fixture
        files["daybook.yml"] = Self.settings + "default_journal: travel\n"
        let journal = try await Self.build(files)
        defer { journal.remove() }
        #expect(try journal.read("_site/travel/index.html").contains(">Home day</a>"))
    }

    @Test func aJournalNameNoJournalHasIsAnErrorWithTheNearestNames() async throws {
        var files = Self.fixture
        files["entries/2024/2024-03-05.md"] = "---\ntitle: Typo\ndate: 2024-03-05\njournal: travle\n---\nOops.\n"
        files["entries/2024/2024-03-06.md"] = "---\ntitle: Far off\ndate: 2024-03-06\njournal: zzz\n---\nOops.\n"
        #expect(try await Self.errors(files) == [
            "entries/2024/2024-03-05.md:4:10: error: unknown journal 'travle'; did you mean 'travel'? (journals in daybook.yml: diary, travel)",
            "entries/2024/2024-03-06.md:4:10: error: unknown journal 'zzz' (journals in daybook.yml: diary, travel)",
        ])
    }

    @Test(arguments: [
        ("journals: []\n", "daybook.yml:1:11: error: journals must name each journal, such as {travel: {title: Travels}}"),
        ("journals: {Travel Log: {}}\n", "daybook.yml:1:12: error: journal name 'Travel Log' must be lower-case letters, digits and dashes, such as travel"),
        ("journals: {tags: {}}\n", "daybook.yml:1:12: error: journal name 'tags' is the address of one of the site's own pages"),
        ("journals: {a: {colour: red}}\n", "daybook.yml:1:16: error: unknown journal setting 'colour'; a journal takes title, description, readers and author"),
        ("journals: {diary: , travel: }\ndefault_journal: travl\n",
         "daybook.yml:2:18: error: default_journal: unknown journal 'travl'; did you mean 'travel'? (journals in daybook.yml: diary, travel)"),
    ])
    func badJournalSettingsAreErrorsWhereTheyStand(settings: String, message: String) async throws {
        #expect(try await Self.errors(["daybook.yml": settings, "entries/a.md": "---\ndate: 2024-01-01\n---\nA.\n"]) == [message])
    }

    /// The entry page names its journal as its row does: with two or more journals shown, and
    /// linked to the journal's home; a site with one journal shown names none.
    @Test func theEntryPageNamesItsJournalAsItsRowDoes() async throws {
        let journal = try await Self.build(Self.fixture)
        defer { journal.remove() }
        let badge = { (name: String, title: String) in "<span class=\"journal-badge\"><a href=\"../../../../\(name)/index.html\">\(title)</a></span>" }
        #expect(try journal.read("_site/2024/03/03/train/index.html").contains(badge("travel", "Travels")))
        #expect(try journal.read("_site/2024/03/04/back/index.html").contains(badge("diary", "Diary")))
        var files = Self.fixture
        for path in files.keys where path.hasPrefix("entries/travel/") || files[path]!.contains("journal: travel") { files[path] = nil }
        let one = try await Self.build(files)
        defer { one.remove() }
        #expect(try !one.read("_site/2024/03/01/home-day/index.html").contains("journal-badge"))
    }

    /// A journal's archives show the calendar of its own days, linking each day to the entry's
    /// address in the whole site, where entries of one day and title in two journals are told apart.
    @Test func aJournalsArchivesShowTheCalendarOfItsOwnDays() async throws {
        var files = Self.fixture
        // The travel one is `walk-2/` in the whole site, `walk/` in its journal alone.
        files["entries/2024/2024-03-05.md"] = "---\ntitle: Walk\ndate: 2024-03-05\njournal: travel\n---\nFar away.\n"
        files["entries/travel/2024-03-05.md"] = "---\ntitle: Walk\ndate: 2024-03-05\njournal: diary\n---\nNear home.\n"
        let journal = try await Self.build(files)
        defer { journal.remove() }
        let archives = try journal.read("_site/travel/archives/index.html")
        #expect(archives.contains("<caption id=\"calendar-2024\">2024: 4 days with entries<"))
        #expect(archives.contains("href=\"../../2024/03/02/ferry/index.html\"") && !archives.contains("home-day"))
        #expect(archives.contains("href=\"../../2024/03/05/walk-2/index.html\""))
        #expect(try journal.read("_site/2024/03/05/walk-2/index.html").contains("<p>Far away.</p>"))
        #expect(try journal.read("_site/archives/index.html").contains("<caption id=\"calendar-2024\">2024: 6 days with entries<"))
    }

    @Test func aSiteWithoutJournalsIgnoresAJournalKeyAndShowsNoJournal() async throws {
        let journal = try await Self.build(["entries/a.md": "---\ntitle: A\ndate: 2024-01-01\njournal: travel\n---\nA.\n"])
        defer { journal.remove() }
        #expect(!journal.exists("_site/travel"))
        let home = try journal.read("_site/index.html")
        #expect(!home.contains("journal-badge") && !home.contains("journal-link"))
    }

    @Test func aSecondJournalWithOnlyPrivateEntriesLeavesNoTraceOnThePublicSite() async throws {
        var files = Self.fixture
        for path in files.keys where path.hasPrefix("entries/travel/") || files[path]!.contains("journal: travel") { files[path] = nil }
        let onePublic = try await Self.build(files, secrets: PrivateBuildTests.secrets)
        defer { onePublic.remove() }
        files["entries/travel/2024-03-09.md"] = "---\ntitle: Hidden trip\ndate: 2024-03-09\nprivate: true\n---\nSecret.\n"
        let withPrivate = try await Self.build(files, secrets: PrivateBuildTests.secrets)
        defer { withPrivate.remove() }
        #expect(!withPrivate.exists("_site/travel"))
        for page in ["index.html", "tags/sea/index.html", "archives/index.html"] {
            let text = try withPrivate.read("_site/\(page)")
            #expect(!text.contains("Travels") && !text.contains("journal-badge") && !text.contains("journal-link"), "\(page)")
        }
        // Nor "on this day" of its own: the data files are the public entries' alone, as without it.
        let days = { (site: URL) in try tree(site).filter { $0.key.contains("on-this-day/days.") } }
        #expect(try days(withPrivate.site) == days(onePublic.site))
    }

    /// An edition is the site as its readers see it, journals included: it assembles its journal
    /// from the entries as read, and each must still find its journal.
    @Test func anEditionShowsEachEntryInItsJournal() async throws {
        var files = Self.fixture
        files["daybook.yml"] = Self.settings + "private: true\n"
        let journal = try await Self.build(files, secrets: PrivateBuildTests.secrets)
        defer { journal.remove() }
        let edition = try PrivateBuildTests.manifest(PrivateBuildTests.text(try tree(journal.site)), siteKey: PrivateBuildTests.secrets["DAYBOOK_SITE_KEY"]!)
        let page = { (path: String) in String(decoding: edition[path] ?? [], as: UTF8.self) }
        let travel = page("travel/index.html"), diary = page("diary/index.html")
        for title in ["Ferry", "Train"] { #expect(travel.contains(">\(title)</a>") && !diary.contains(">\(title)</a>"), "\(title)") }
        for title in ["Home day", "Back"] { #expect(diary.contains(">\(title)</a>") && !travel.contains(">\(title)</a>"), "\(title)") }
        #expect(page("index.html").contains("<span class=\"journal-badge\"><a href=\"travel/index.html\">Travels</a></span>"))
    }

    @Test func aJournalsReadersLabelItsPrivateEntriesThatNameNone() throws {
        var settings = Settings()
        settings.journals.list = [.init(name: "diary", title: "Diary"), .init(name: "dreams", title: "Dreams", readers: ["me"])]
        settings.privacy.journalReaders = ["dreams": ["me"]]
        settings.privacy.readers = [.init(name: "Me", labels: ["me"]), .init(name: "Ann", labels: ["family"])]
        var entries = [
            Entry(sourcePath: "entries/dreams/a.md", title: "A", date: LocalDateTime(year: 2024, month: 1, day: 1), extra: ["private": .text("true")]),
            Entry(sourcePath: "entries/dreams/b.md", title: "B", date: LocalDateTime(year: 2024, month: 1, day: 2),
                  extra: ["private": .text("true"), "readers": .list([.text("family")])]),
        ]
        _ = JournalNames.assign(&entries, settings: settings)
        let env = Secrets(["DAYBOOK_SITE_KEY": PrivateBuildTests.secrets["DAYBOOK_SITE_KEY"]!, "DAYBOOK_PASSWORD_ME": "my own passphrase", "DAYBOOK_PASSWORD_ANN": "ann's passphrase"])
        let (plan, problems) = PrivatePlan.make(entries, settings: settings.privacy, environment: env)
        #expect(problems.isEmpty)
        let plan2 = try #require(plan)
        let me = try #require(plan2.editions.first { $0.labels == ["me"] }), ann = try #require(plan2.editions.first { $0.labels == ["family"] })
        #expect(plan2.shows(entries[0], in: me) && !plan2.shows(entries[0], in: ann))
        #expect(plan2.shows(entries[1], in: ann) && !plan2.shows(entries[1], in: me))
    }

    @Test func newPutsAnEntryInItsJournalsFolderAndRefusesAnUnknownJournal() throws {
        let journal = try TemporaryJournal(["daybook.yml": Self.settings])
        defer { journal.remove() }
        #expect(try EntryCreator.create(journal: journal.root, title: "Ferry", date: "2024-05-01", into: "travel")
            == "entries/travel/2024/05/2024-05-01-ferry.md")
        let failure = #expect(throws: BuildFailure.self) { try EntryCreator.create(journal: journal.root, title: nil, date: "2024-05-01", into: "travle") }
        #expect(failure?.diagnostics.map(\.headline)
            == ["daybook.yml:1:1: error: unknown journal 'travle'; did you mean 'travel'? (journals in daybook.yml: diary, travel)"])
    }

    @Test func importGivesEveryEntryTheJournalNamed() throws {
        let folder = try TemporaryJournal(["export.json": ImportTests.jrnlExport, "journal/daybook.yml": Self.settings])
        defer { folder.remove() }
        let export = folder.root.appendingPathComponent("export.json").path, journal = folder.root.appendingPathComponent("journal").path
        let refused = try CLI.run(["import", "jrnl", export, "--journal", journal, "--journal-name", "trips"])
        #expect(refused.status == 1 && refused.stderr.contains("error: unknown journal 'trips'"))
        #expect(!folder.exists("journal/entries"))
        #expect(try CLI.run(["import", "jrnl", export, "--journal", journal, "--journal-name", "travel"]).status == 0)
        #expect(try folder.read("journal/entries/2023/05/2023-05-02.md").contains("\njournal: \"travel\"\n"))
        #expect(try CLI.run(["build", journal, "--quiet"]).status == 0)
        #expect(try folder.read("journal/_site/index.html").contains("journal-badge") == false, "one journal with entries: no badges")
    }

    /// The two-journal site with feeds.
    static func buildWithBaseURL() async throws -> TemporaryJournal {
        var files = fixture
        files["daybook.yml"] = settings + "base_url: https://example.org/\n"
        return try await build(files)
    }

    @Test func withABaseURLEachJournalHasItsFeedNamedInItsHome() async throws {
        let journal = try await Self.buildWithBaseURL()
        defer { journal.remove() }
        let feed = try journal.read("_site/travel/feed.xml")
        #expect(feed.contains("<title>Two: Travels</title>") && feed.contains("Ferry") && feed.contains("Train") && !feed.contains("Home day"))
        #expect(feed.contains("<id>https://example.org/travel/</id>"))
        #expect(try journal.read("_site/travel/index.html").contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Two: Travels\" href=\"../travel/feed.xml\">"))
        #expect(try journal.read("_site/sitemap.xml").contains("<loc>https://example.org/travel/</loc>"))
    }

    /// Beside its Atom feed, each journal has a JSON Feed of the same entries, named in its home's
    /// `<head>`; the site's `feed.json` keeps every journal's.
    @Test func withABaseURLEachJournalHasAJSONFeedToo() async throws {
        let journal = try await Self.buildWithBaseURL()
        defer { journal.remove() }
        let feed = try journal.read("_site/travel/feed.json")
        #expect(feed.contains("\"title\" : \"Two: Travels\"") && feed.contains("Ferry") && feed.contains("Train") && !feed.contains("Home day"))
        #expect(feed.contains("\"feed_url\" : \"https://example.org/travel/feed.json\"") && feed.contains("\"home_page_url\" : \"https://example.org/travel/\""))
        #expect(try journal.read("_site/feed.json").contains("Home day"))
        #expect(try journal.read("_site/travel/index.html")
            .contains("<link rel=\"alternate\" type=\"application/feed+json\" title=\"Two: Travels\" href=\"../travel/feed.json\">"))
        #expect(try !journal.read("_site/tags/sea/index.html").contains("type=\"application/feed+json\" title=\"Two: sea\""))
    }
}
