import Testing
@testable import Daybook

/// The year calendar's pieces: the grid, the locale's first weekday, the days' tallies,
/// the shading and the cells' labels.
@Suite struct CalendarTests {
    @Test func takesTheFirstWeekdayFromTheLocale() {
        #expect(CalendarGrid.firstWeekday(locale: "en_US") == 1)
        #expect(CalendarGrid.firstWeekday(locale: "en_GB") == 2)
        #expect(CalendarGrid.firstWeekday(locale: "fr_FR") == 2)
    }

    @Test func knowsTheWeekdayOfAnyDay() {
        #expect(CalendarGrid.weekday(of: LocalDay(year: 1970, month: 1, day: 1)) == 5)  // Thursday
        #expect(CalendarGrid.weekday(of: LocalDay(year: 2024, month: 5, day: 1)) == 4)  // Wednesday
        #expect(CalendarGrid.weekday(of: LocalDay(year: 1969, month: 12, day: 28)) == 1)  // Sunday
        #expect(CalendarGrid.weekday(of: LocalDay(year: 2000, month: 2, day: 29)) == 3)  // Tuesday
    }

    /// 2023 started on a Sunday: the top row in en_US, the bottom row in en_GB.
    @Test func putsTheFirstDayInTheLocalesRow() {
        let sunday = CalendarGrid(year: 2023, firstWeekday: 1)
        #expect(sunday.weeks[0][0] == LocalDay(year: 2023, month: 1, day: 1))
        #expect(sunday.rowWeekdays == [1, 2, 3, 4, 5, 6, 7])
        let monday = CalendarGrid(year: 2023, firstWeekday: 2)
        #expect(monday.weeks[0].prefix(6).allSatisfy { $0 == nil })
        #expect(monday.weeks[0][6] == LocalDay(year: 2023, month: 1, day: 1))
        #expect(monday.weeks[1][0] == LocalDay(year: 2023, month: 1, day: 2))
        #expect(monday.rowWeekdays == [2, 3, 4, 5, 6, 7, 1])
    }

    @Test func holdsEveryDayOnceInOrderForAYearStartingOnAnyWeekday() {
        // 2017 … 2023 start on each of the seven weekdays; 2020 is a leap year.
        for year in 2017...2023 {
            for first in 1...7 {
                let grid = CalendarGrid(year: year, firstWeekday: first)
                let days = grid.weeks.flatMap { $0 }.compactMap { $0 }
                #expect(days.count == (LocalDay.isLeap(year) ? 366 : 365))
                #expect(days == days.sorted() && Set(days).count == days.count)
                #expect(days.first == LocalDay(year: year, month: 1, day: 1))
                for (column, week) in grid.weeks.enumerated() {
                    for (row, day) in week.enumerated() {
                        guard let day else { continue }
                        #expect(grid.rowWeekdays[row] == CalendarGrid.weekday(of: day), "\(day) in column \(column)")
                    }
                }
                #expect(grid.weeks.first!.contains { $0 != nil } && grid.weeks.last!.contains { $0 != nil })
                #expect(grid.monthSpans.map(\.span).reduce(0, +) == grid.weeks.count)
            }
        }
    }

    @Test func countsLeapDays() {
        let grid = CalendarGrid(year: 2024, firstWeekday: 2)
        #expect(grid.weeks.flatMap { $0 }.contains(LocalDay(year: 2024, month: 2, day: 29)))
        #expect(!CalendarGrid(year: 2100, firstWeekday: 2).weeks.flatMap { $0 }.contains(LocalDay(year: 2100, month: 2, day: 29)))
        // 2000 is a leap year starting on a Saturday: 54 weeks from Sunday.
        #expect(CalendarGrid(year: 2000, firstWeekday: 1).weeks.count == 54)
        #expect(CalendarGrid(year: 2021, firstWeekday: 2).weeks.count == 53)
    }

    @Test func spansEachMonthFromTheWeekOfItsFirstDay() {
        // 2024 in en_GB: 1 January is a Monday, 1 February in week 4 (from 0), 1 March in week 8.
        let spans = CalendarGrid(year: 2024, firstWeekday: 2).monthSpans
        #expect(spans.prefix(2).map(\.span) == [4, 4])
        #expect(spans.map(\.month) == Array(1...12))
    }

    @Test func talliesEachDayAndLinksItsEarliestEntry() {
        let (journal, _) = journal([
            ("entries/a.md", "date: 2024-05-01 08:00"), ("entries/b.md", "date: 2024-05-01 20:00"),
            ("entries/c.md", "date: 2024-05-03"), ("entries/d.md", "date: 2023-12-31"),
        ])
        let days = DayTally.tally(journal, DayTally.entries(of: 2024, in: journal))
        #expect(days.count == 2)
        let first = days[LocalDay(year: 2024, month: 5, day: 1)]!
        #expect(first.entries == 2 && first.words == 2)
        #expect(journal.entries[first.first].sourcePath == "entries/a.md")
        #expect(days[LocalDay(year: 2023, month: 12, day: 31)] == nil)
    }

    @Test func shadesByEntriesOrByTheYearsQuartilesOfWords() {
        func day(_ n: Int) -> LocalDay { LocalDay(year: 2024, month: 1, day: n) }
        let days = [day(1): DayTally(entries: 1, words: 10, first: 0), day(2): DayTally(entries: 2, words: 20, first: 1),
                    day(3): DayTally(entries: 3, words: 30, first: 2), day(4): DayTally(entries: 6, words: 400, first: 3)]
        #expect(CalendarShading.entries.levels(days) == [day(1): 1, day(2): 2, day(3): 3, day(4): 4])
        #expect(CalendarShading.words.levels(days) == [day(1): 1, day(2): 2, day(3): 3, day(4): 4])
        #expect(CalendarShading.words.levels([day(1): DayTally(entries: 1, words: 5, first: 0)]) == [day(1): 1])
    }

    @Test func labelsEveryCell() {
        #expect(CalendarBlock.label(DayTally(entries: 3, words: 1204, first: 0), on: "Wednesday, 1 May 2024")
                == "3 entries, 1,204 words on Wednesday, 1 May 2024")
        #expect(CalendarBlock.label(DayTally(entries: 1, words: 1, first: 0), on: "Monday") == "1 entry, 1 word on Monday")
        #expect(CalendarBlock.label(nil, on: "Tuesday, 30 April 2024") == "No entries on Tuesday, 30 April 2024")
    }

    /// Rows are kept for the process by all that they show: a day's new count, another first
    /// entry's address, another page's place or another locale makes them again; the same
    /// inputs give the very same rows.
    @Test func rowsAreKeptOnlyForWhatTheyShow() {
        let (journal, _) = journal([("entries/a.md", "title: A\ndate: 2024-05-01"), ("entries/b.md", "title: B\ndate: 2024-05-02")])
        let grid = CalendarGrid(year: 2024, firstWeekday: 1)
        let day = LocalDay(year: 2024, month: 5, day: 1)
        func rows(_ tally: DayTally, locale: String = "en_US", root: String = "../") -> String {
            let block = CalendarBlock(grid: grid, days: [day: tally], shading: .words)
                .make(journal, dates: LocalizedDates(locale: locale), href: { root + $0 })
            return block["rows_html"] as! String
        }
        let first = rows(DayTally(entries: 1, words: 10, first: 1))
        #expect(first.contains("1 entry, 10 words on Wednesday, May 1, 2024"))
        #expect(rows(DayTally(entries: 1, words: 10, first: 1)) == first)
        let more = rows(DayTally(entries: 1, words: 20, first: 1))
        #expect(more.contains("1 entry, 20 words on") && !more.contains("10 words"))
        #expect(rows(DayTally(entries: 2, words: 10, first: 1)).contains("2 entries, 10 words"))
        let other = rows(DayTally(entries: 1, words: 10, first: 0))
        #expect(other != first && other.contains(journal.paths[0]) && first.contains(journal.paths[1]))
        #expect(rows(DayTally(entries: 1, words: 10, first: 1), root: "../../").contains("../../" + journal.paths[1]))
        #expect(rows(DayTally(entries: 1, words: 10, first: 1), locale: "fr_FR").contains("mercredi"))
    }

    @Test func groupsThousands() {
        #expect(grouped(0) == "0")
        #expect(grouped(999) == "999")
        #expect(grouped(1000) == "1,000")
        #expect(grouped(1_234_567) == "1,234,567")
        #expect(grouped(-12345) == "-12,345")
    }

    @Test func readsTheCalendarSetting() {
        #expect(SettingsLoader.load(text: "title: Mine\n").0.calendar == "words")
        for (line, value) in [("calendar: entries", "entries"), ("calendar: false", "off"), ("calendar: on", "words")] {
            let (settings, problems) = SettingsLoader.load(text: line)
            #expect(problems.isEmpty && settings.calendar == value, "\(line)")
        }
        let (_, problems) = SettingsLoader.load(text: "title: Mine\ncalendar: colours\n")
        #expect(problems.map(\.message) == ["calendar must be words, entries or false, got colours"])
        #expect(problems.first?.location?.line == 2)
    }
}
