import Foundation
import Testing
@testable import Daybook

@Suite struct JournalAssemblerTests {
    @Test func groupsByTheWrittenMonthWhateverTheOffset() {
        let (journal, _) = journal([
            ("entries/a.md", "date: 2013-07-31T22:15:07-05:00"),   // 1 August in UTC
            ("entries/b.md", "date: 2013-08-01T01:00:00+09:00"),   // 31 July in UTC
            ("entries/c.md", "date: 2013-08-01 10:00"),
            ("entries/d.md", "date: 2013-07-30"),
        ])
        #expect(journal.months.map(\.key) == [MonthKey(year: 2013, month: 8), MonthKey(year: 2013, month: 7)])
        #expect(journal.months.map { $0.entries.map { journal.entries[$0].sourcePath } } == [
            ["entries/c.md", "entries/b.md"], ["entries/a.md", "entries/d.md"],
        ])
    }

    @Test func neverShowsAMonthTwiceAcrossYearEnds() {
        let (journal, _) = journal([
            ("entries/a.md", "date: 2023-12-31T23:30:00-10:00"),
            ("entries/b.md", "date: 2024-01-01T00:30:00+14:00"),
            ("entries/c.md", "date: 2023-12-31 08:00"),
        ])
        #expect(journal.months.map(\.key) == [MonthKey(year: 2024, month: 1), MonthKey(year: 2023, month: 12)])
        #expect(Set(journal.months.map(\.key)).count == journal.months.count)
    }

    @Test func ordersOneDayLaterTimeFirstThenByPath() {
        let (journal, _) = journal([
            ("entries/b.md", "date: 2024-05-01 08:00"),
            ("entries/a.md", "date: 2024-05-01 21:00"),
            ("entries/d.md", "date: 2024-05-01 08:00"),
            ("entries/c.md", "date: 2024-05-01 08:00"),
        ])
        #expect(journal.entries.map(\.sourcePath) == ["entries/a.md", "entries/b.md", "entries/c.md", "entries/d.md"])
    }

    @Test func givesClashingTitlesDistinctAddressesInWritingOrder() {
        let (journal, problems) = journal([
            ("entries/z.md", "title: Walk\ndate: 2024-05-01 08:00"),
            ("entries/a.md", "title: Walk\ndate: 2024-05-01 18:00"),
            ("entries/m.md", "title: walk!\ndate: 2024-05-01 12:00"),
        ])
        #expect(problems.isEmpty)
        let paths = Dictionary(uniqueKeysWithValues: zip(journal.entries.map(\.sourcePath), journal.paths))
        #expect(paths == ["entries/z.md": "2024/05/01/walk/", "entries/m.md": "2024/05/01/walk-2/", "entries/a.md": "2024/05/01/walk-3/"])
    }

    @Test func reportsTwoFilesClaimingOneAddress() {
        let (_, problems) = journal([
            ("entries/a.md", "date: 2024-05-01 08:00\nslug: walk"),
            ("entries/b.md", "date: 2024-05-01 09:00\nslug: Walk"),
        ])
        #expect(problems.map(\.headline) == [
            "entries/b.md:3:1: error: URL /2024/05/01/walk/ is already claimed by entries/a.md; give one of them another slug",
        ])
    }

    @Test func anExplicitSlugWinsOverAnAutomaticOne() {
        let (journal, problems) = journal([
            ("entries/a.md", "title: Walk\ndate: 2024-05-01 08:00"),
            ("entries/b.md", "date: 2024-05-01 09:00\nslug: walk"),
        ])
        #expect(problems.isEmpty)
        #expect(journal.paths == ["2024/05/01/walk/", "2024/05/01/walk-2/"])
    }

    @Test(arguments: [
        ("北京的秋天", "北京的秋天"),
        ("서울에서의 하루", "서울에서의-하루"),
        ("Café au lait, s'il vous plaît", "café-au-lait-sil-vous-plaît"),
        ("Kraków — day 2", "kraków-day-2"),
        ("🎉🎂", ""),
        ("Fish & chips <at last>", "fish-chips-at-last"),
        ("Ｆｕｌｌ width", "ｆｕｌｌ-width"),
    ])
    func makesSlugsFromAnyScript(title: String, slug: String) {
        #expect(Slug.make(title) == slug)
    }

    /// ASCII titles take a path in bytes; it gives what the Unicode path gives, for every ASCII
    /// character alone and between words, and for long titles cut at 60.
    @Test func asciiSlugsAreTheUnicodeOnes() {
        let characters = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        let titles = characters + characters.map { "Day\($0)Two \($0)" } + [
            "It's   the 2nd of May -- again!", "'quoted'", "-lead and trail-", "",
            String(repeating: "Walked along the harbour wall ", count: 4), String(repeating: "x", count: 70),
        ]
        for title in titles { #expect(Slug.ascii(title) == Slug.scalars(title), "\(title.debugDescription)") }
        #expect(Slug.make("It's the 2nd of May") == "its-the-2nd-of-may")
        #expect(Slug.make(String(repeating: "Walked along the harbour wall ", count: 4)) == "walked-along-the-harbour-wall-walked-along-the-harbour-wall")
    }

    @Test func givesUntitledAndEmojiEntriesWorkingAddresses() {
        let (journal, _) = journal([
            ("entries/a.md", "date: 2024-05-01 08:00"),
            ("entries/b.md", "title: 🎉🎂\ndate: 2024-05-01 09:00"),
            ("entries/c.md", "title: 北京的秋天\ndate: 2024-05-02"),
        ])
        #expect(journal.paths == ["2024/05/02/北京的秋天/", "2024/05/01/entry-2/", "2024/05/01/entry/"])
        #expect(Slug.percentEncoded(journal.paths[0]) == "2024/05/02/%E5%8C%97%E4%BA%AC%E7%9A%84%E7%A7%8B%E5%A4%A9/")
    }

    @Test func leavesDraftsOutUnlessAsked() {
        let entries = [("entries/a.md", "date: 2024-05-01"), ("entries/b.md", "date: 2024-05-02\ndraft: true")]
        let (without, _) = journal(entries)
        #expect(without.entries.map(\.sourcePath) == ["entries/a.md"])
        #expect(without.draftsLeftOut == 1)
        var settings = Settings()
        settings.includeDrafts = true
        let (with, _) = journal(entries, settings: settings)
        #expect(with.entries.count == 2)
    }

    @Test func mergesTagsThatDifferOnlyInCase() {
        let (journal, _) = journal([
            ("entries/a.md", "date: 2024-05-01\ntags: [Road trip, sea]"),
            ("entries/b.md", "date: 2024-05-02\ntags: [road trip]"),
            ("entries/c.md", "date: 2024-05-03\ntags: [road trip, 🌊]"),
        ])
        #expect(journal.tags.map(\.name) == ["road trip", "sea", "🌊"])
        #expect(journal.tags.map(\.slug) == ["road-trip", "sea", "1f30a"])
        #expect(journal.tags[0].entries.count == 3)
    }

    @Test func givesTheSameAddressesWhateverOrderTheEntriesComeIn() {
        let sources = [
            ("entries/1.md", "title: Walk\ndate: 2024-05-01 08:00"), ("entries/2.md", "title: Walk\ndate: 2024-05-01 08:00"),
            ("entries/3.md", "title: Walk\ndate: 2024-05-01 21:00"), ("entries/4.md", "title: Walk\ndate: 2024-05-02 07:00"),
            ("entries/5.md", "date: 2024-05-02 09:00"), ("entries/6.md", "date: 2024-05-02 10:00\nslug: entry"),
            ("entries/7.md", "title: Sea\ndate: 2023-12-31 23:00"), ("entries/8.md", "title: Sea\ndate: 2024-01-01T00:30:00+14:00"),
        ]
        let entries = sources.compactMap { loadEntry("---\n\($0.1)\n---\nText.\n", path: $0.0, timeZone: Settings().timeZone).0 }
        #expect(entries.count == sources.count)
        func addresses(_ entries: [Entry]) -> [String: String] {
            let (paths, problems) = Permalinks.assign(entries)
            #expect(problems.isEmpty)
            return Dictionary(uniqueKeysWithValues: zip(entries.map(\.sourcePath), paths))
        }
        let expected = [
            // Same time: the journal lists 1.md first (path order), so 2.md counts as written first.
            "entries/2.md": "2024/05/01/walk/", "entries/1.md": "2024/05/01/walk-2/", "entries/3.md": "2024/05/01/walk-3/",
            "entries/4.md": "2024/05/02/walk/", "entries/5.md": "2024/05/02/entry-2/", "entries/6.md": "2024/05/02/entry/",
            "entries/7.md": "2023/12/31/sea/", "entries/8.md": "2024/01/01/sea/",
        ]
        #expect(addresses(entries) == expected)
        #expect(addresses(entries.reversed()) == expected)
        #expect(addresses(entries.sorted(by: Entry.journalOrder)) == expected)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 { #expect(addresses(entries.shuffled(using: &generator)) == expected) }
    }
}

