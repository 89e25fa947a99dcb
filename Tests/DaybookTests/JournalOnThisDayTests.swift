import Foundation
import Testing
@testable import Daybook

/// "On this day" of one journal of several (`Memories+Journals.swift`): each shown journal's
/// default day, groups and data files come from its entries alone, link the entries' site
/// addresses, and its home and `<name>/on-this-day/` show them; an edit in one journal makes its
/// page and data again as a full build would.
@Suite struct JournalOnThisDayTests {
    /// Diary and travel both wrote on 2 March; each journal's newest day is its own.
    static let entries = [
        ("entries/a.md", "title: Ferry again\ndate: 2025-03-02\njournal: travel"),
        ("entries/b.md", "title: Ferry\ndate: 2024-03-02\njournal: travel"),
        ("entries/c.md", "title: Old trip\ndate: 2023-03-02\njournal: travel"),
        ("entries/d.md", "title: Home\ndate: 2025-03-05\njournal: diary"),
        ("entries/e.md", "title: Home on ferry day\ndate: 2024-03-02\njournal: diary"),
        ("entries/f.md", "title: Last year home\ndate: 2024-03-05\njournal: diary"),
    ]

    static func twoJournals() -> Journal {
        var settings = Settings()
        settings.journals.list = [.init(name: "diary", title: "Diary"), .init(name: "travel", title: "Travels")]
        let (journal, problems) = DaybookTests.journal(entries, settings: settings)
        #expect(problems.isEmpty)
        return journal
    }

    /// `yearsAgo: titles` lines of one journal's built default.
    static func lines(_ shown: OnThisDayShown, _ journal: Journal) -> [String] {
        shown.groups.map { "\($0.yearsAgo): " + $0.entries.map { journal.entries[$0].title ?? "?" }.joined(separator: ", ") }
    }

    /// The titles and links of one data file.
    static func day(_ file: OutputFile) throws -> [[String]] {
        let call = try #require(ScriptData.decodeCall(OnThisDayDataFiles.function, file.bytes))
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(call.json)) as? [[Any]])
        return rows.map { [$0[1] as? String ?? "", $0[2] as? String ?? ""] }
    }

    @Test func eachJournalShowsItsOwnNewestDayAndItsOwnEntries() throws {
        let journal = Self.twoJournals()
        let journals = Memories.ofJournals(journal, words: .english)
        #expect(journals.count == 2)
        let (diary, travel) = (journals[0], journals[1])
        #expect(diary.day == LocalDay(year: 2025, month: 3, day: 5))
        #expect(Self.lines(diary, journal) == ["1: Last year home"])
        #expect(travel.day == LocalDay(year: 2025, month: 3, day: 2))
        // Not the diary's entry of 2 March 2024, which the whole site's list shows.
        #expect(Self.lines(travel, journal) == ["1: Ferry", "2: Old trip"])
        let site = try #require(OnThisDayShown(journal: journal, words: .english))
        #expect(Self.lines(site, journal) == ["1: Last year home"])
    }

    @Test func eachJournalHasDataFilesOfItsOwnDaysUnderItsFolder() throws {
        let journal = Self.twoJournals()
        let journals = Memories.ofJournals(journal, words: .english)
        let (diary, travel) = (journals[0].data, journals[1].data)
        #expect(diary.folder.hasPrefix("diary/on-this-day/days.") && travel.folder.hasPrefix("travel/on-this-day/days."))
        #expect(diary.files.map(\.path) == ["0302", "0305"].map { diary.folder + $0 + ".js" })
        #expect(travel.files.map(\.path) == [travel.folder + "0302.js"])
        #expect(travel.mask == OnThisDayDataFiles.mask([302]) && diary.mask == OnThisDayDataFiles.mask([302, 305]))
        // The links are the entries' addresses in the whole site.
        let address = { (title: String) in journal.paths[journal.entries.firstIndex { $0.title == title }!] + "index.html" }
        #expect(try Self.day(travel.files[0]) == ["Ferry again", "Ferry", "Old trip"].map { [$0, address($0)] })
        #expect(try Self.day(diary.files[0]) == [["Home on ferry day", address("Home on ferry day")]])
    }

    @Test func aSiteOfOneJournalHasNoneOfItsOwn() {
        var settings = Settings()
        settings.journals.list = [.init(name: "diary", title: "Diary"), .init(name: "travel", title: "Travels")]
        let (journal, _) = DaybookTests.journal(Self.entries.filter { $0.1.contains("journal: diary") }, settings: settings)
        #expect(Memories.ofJournals(journal, words: .english).isEmpty)
        #expect(Memories.ofJournals(Self.twoJournals(), words: .english).count == 2)
        // No entries of its own is no "on this day", not the whole journal's.
        #expect(OnThisDayShown(journal: Self.twoJournals(), words: .english, positions: []) == nil)
    }

    static let files: [String: String] = [
        "daybook.yml": "title: Two\njournals:\n  diary: {title: Diary}\n  travel: {title: Travels}\n",
        "entries/travel/2025-03-02.md": "---\ntitle: Ferry again\ndate: 2025-03-02\n---\nBoat.\n",
        "entries/travel/2024-03-02.md": "---\ntitle: Ferry\ndate: 2024-03-02\n---\nBoat.\n",
        "entries/2025-03-05.md": "---\ntitle: Home\ndate: 2025-03-05\n---\nHome.\n",
        "entries/2024-03-02.md": "---\ntitle: Home on ferry day\ndate: 2024-03-02\n---\nHome.\n",
    ]

    @Test func aJournalsHomeAndPageShowItsOwnBlockAndLinkItsOwnDataFiles() async throws {
        let journal = try await JournalsTests.build(Self.files)
        defer { journal.remove() }
        let page = try journal.read("_site/travel/on-this-day/index.html")
        #expect(page.contains("<title>On this day · Travels") && page.contains("<h2>2 March</h2>"))
        #expect(page.contains(">Ferry</a>") && !page.contains("Home on ferry day"))
        #expect(page.contains("data-files=\"../../travel/on-this-day/days.") && page.contains("data-page=\"page\""))
        let home = try journal.read("_site/travel/index.html")
        #expect(home.contains("<a href=\"../travel/on-this-day/index.html\">On this day</a>"))
        #expect(home.contains("data-files=\"../travel/on-this-day/days.") && home.contains("data-page=\"home\""))
        #expect(home.contains("<h2>On this day: 2 March</h2>"))
        let diary = try journal.read("_site/diary/index.html")
        #expect(!diary.contains("<section class=\"on-this-day"), "the diary's newest day, 5 March, has nothing before")
        let files = try tree(journal.site).keys.filter { $0.hasPrefix("travel/on-this-day/days.") }
        #expect(files.count == 1 && files[0].hasSuffix("/0302.js"))
        let day = try journal.read("_site/" + files[0])
        #expect(day.contains("\"2024/03/02/ferry/index.html\"") && !day.contains("home-on-ferry-day"))
        // The site's own data still has every journal's entries of the day.
        let site = try #require(try tree(journal.site).first { $0.key.hasPrefix("on-this-day/days.") && $0.key.hasSuffix("/0302.js") })
        #expect(String(decoding: site.value, as: UTF8.self).contains("Home on ferry day"))
    }

    @Test func anEditInOneJournalMakesItsPageAndDataAgainAsAFullBuildDoes() async throws {
        let journal = try TemporaryJournal(Self.files)
        defer { journal.remove() }
        _ = try await IncrementalBuildTests.build(journal.root)
        try journal.write("entries/travel/2024-03-02.md", "---\ntitle: Ferry, a year before\ndate: 2024-03-02\n---\nBoat.\n")
        _ = try await IncrementalBuildTests.build(journal.root)
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "retitle a journal's entry on this day")
        #expect(try journal.read("_site/travel/on-this-day/index.html").contains(">Ferry, a year before</a>"))
        let files = try tree(journal.site).filter { $0.key.hasPrefix("travel/on-this-day/days.") }
        #expect(files.count == 1 && files.values.allSatisfy { String(decoding: $0, as: UTF8.self).contains("Ferry, a year before") })
    }
}
