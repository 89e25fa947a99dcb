import Foundation
import Testing
@testable import Daybook

/// The choice of "on this day": same month and day in earlier years, 29 February on 28 February
/// of other years, several entries a day, year boundaries, the data file and drafts.
@Suite struct OnThisDayTests {
    /// Entries by date; titles are the dates, so a choice reads as a list of dates.
    static func make(_ dates: [String], drafts: [String] = []) -> Journal {
        let entries = dates.map { ("entries/\($0).md", "title: \($0)\ndate: \($0)") }
            + drafts.map { ("entries/draft-\($0).md", "title: draft \($0)\ndate: \($0)\ndraft: true") }
        let (journal, problems) = journal(entries)
        #expect(problems.isEmpty)
        return journal
    }

    static let dates = [
        "2020-02-28", "2020-02-29", "2021-02-28", "2023-02-28", "2024-02-28", "2024-02-29 09:00", "2024-02-29 21:00",
        "2022-12-31", "2023-01-01", "2023-12-31", "2024-01-01", "2024-06-15", "2024-06-15 08:00", "2025-06-15",
    ]

    /// What `day` shows, as `yearsAgo: titles` lines.
    func shown(_ day: String, in journal: Journal = make(dates)) -> [String] {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        let groups = OnThisDay.groups(on: LocalDay(year: parts[0], month: parts[1], day: parts[2]),
                                      days: OnThisDay.index(journal), journal: journal)
        return groups.map { group in
            #expect(group.year + group.yearsAgo == parts[0])
            return "\(group.yearsAgo): " + group.entries.map { journal.entries[$0].title ?? "?" }.joined(separator: ", ")
        }
    }

    @Test func sameMonthAndDayInEarlierYearsNearestFirst() {
        #expect(shown("2026-06-15") == ["1: 2025-06-15", "2: 2024-06-15 08:00, 2024-06-15"])
        // The entry's own year and later years never show.
        #expect(shown("2025-06-15") == ["1: 2024-06-15 08:00, 2024-06-15"])
        #expect(shown("2024-06-15") == [])
        #expect(shown("2026-06-16") == [])
    }

    @Test func twentyNinthOfFebruaryShowsOnTheTwentyEighthInOtherYears() {
        // 2025 has no 29th: the 28th shows both days, the 29th first within a year (newest first).
        #expect(shown("2025-02-28") == [
            "1: 2024-02-29 21:00, 2024-02-29 09:00, 2024-02-28", "2: 2023-02-28", "4: 2021-02-28", "5: 2020-02-29, 2020-02-28",
        ])
        // A leap year's 28th is only the 28th, and its 29th only the 29th.
        #expect(shown("2028-02-28") == ["4: 2024-02-28", "5: 2023-02-28", "7: 2021-02-28", "8: 2020-02-28"])
        #expect(shown("2028-02-29") == ["4: 2024-02-29 21:00, 2024-02-29 09:00", "8: 2020-02-29"])
        #expect(shown("2025-03-01") == [])
        // 2100 is not a leap year, 2000 is.
        #expect(OnThisDay.monthDays(shownOn: LocalDay(year: 2100, month: 2, day: 28)) == [228, 229])
        #expect(OnThisDay.monthDays(shownOn: LocalDay(year: 2000, month: 2, day: 28)) == [228])
    }

    @Test func yearBoundaries() {
        #expect(shown("2025-01-01") == ["1: 2024-01-01", "2: 2023-01-01"])
        #expect(shown("2024-12-31") == ["1: 2023-12-31", "2: 2022-12-31"])
        #expect(shown("2024-01-01") == ["1: 2023-01-01"])
    }

    @Test func draftsNeverShowNorReachTheDataFile() {
        let journal = Self.make(["2024-05-01"], drafts: ["2023-05-01"])
        #expect(shown("2025-05-01", in: journal) == ["1: 2024-05-01"])
        let files = OnThisDayDataFiles(journal, days: OnThisDay.index(journal), untitled: "U").files
        #expect(files.count == 1 && !files.contains { String(decoding: $0.bytes, as: UTF8.self).contains("draft") })
    }

    @Test func eachDayWithEntriesHasASmallFileOfItsOwnInAscii() throws {
        let (journal, problems) = DaybookTests.journal([
            ("entries/a.md", "title: Reykjavík \"wind\"\ndate: 2024-02-10"),
            ("entries/b.md", "date: 2023-02-10"),
            ("entries/c.md", "title: Ferry\ndate: 2022-01-05 10:00"),
            ("entries/d.md", "title: Leap\ndate: 2020-02-29"),
            ("entries/e.md", "title: Last\ndate: 2021-12-31"),
        ])
        #expect(problems.isEmpty)
        let data = OnThisDayDataFiles(journal, days: OnThisDay.index(journal), untitled: "Untitled")
        #expect(data.folder.hasPrefix("on-this-day/days.") && data.folder.hasSuffix("/"))
        #expect(data.files.map(\.path) == ["0105", "0210", "0229", "1231"].map { data.folder + $0 + ".js" })
        let february = try #require(data.files.first { $0.path.hasSuffix("0210.js") })
        let text = String(decoding: february.bytes, as: UTF8.self)
        #expect(text.utf8.allSatisfy { $0 < 0x80 })
        let call = try #require(ScriptData.decodeCall("daybookOnThisDayDay", february.bytes))
        #expect(call.name == "0210")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(call.json)) as? [[Any]])
        #expect(entries.map { $0[0] as? Int } == [2024, 2023])
        #expect(entries.map { $0[1] as? String } == ["Reykjavík \"wind\"", "Untitled"])
        #expect(entries[0][2] as? String == "2024/02/10/reykjav%C3%ADk-wind/index.html")
        // One bit per day of a leap year: 5 January is day 4, 10 February day 40, 29 February day
        // 59, 31 December day 365.
        #expect(data.mask.count == 92)
        let bits = data.mask.flatMap { digit in (0..<4).map { (Int(String(digit), radix: 16)! >> (3 - $0)) & 1 } }
        #expect(bits.indices.filter { bits[$0] == 1 } == [4, 40, 59, 365])
    }

    @Test func wordsSayOneYearAndManyYears() {
        let words = OnThisDayWords.english
        #expect(words.ago(1) == "1 year ago")
        #expect(words.ago(3) == "3 years ago")
        #expect(words.day(28, month: 6, monthNames: (1...12).map { "M\($0)" }) == "28 M6")
    }

    @Test func theDefaultIsTheNewestEntrysDayAndAnEmptyJournalHasNone() throws {
        let shown = try #require(OnThisDayShown(journal: Self.make(Self.dates), words: .english))
        #expect(shown.day == LocalDay(year: 2025, month: 6, day: 15))
        #expect(shown.groups.map(\.yearsAgo) == [1])
        #expect(OnThisDayShown(journal: Self.make([]), words: .english) == nil)
    }
}
