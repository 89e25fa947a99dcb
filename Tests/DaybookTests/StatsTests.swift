import Testing
@testable import Daybook

/// The numbers page's figures: streaks, word counts, months, ratings and the top lists.
@Suite struct StatsTests {
    private func day(_ text: String) -> LocalDay {
        let parts = text.split(separator: "-").map { Int($0)! }
        return LocalDay(year: parts[0], month: parts[1], day: parts[2])
    }

    @Test func findsTheLongestAndTheCurrentStreak() {
        let days = ["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-05", "2024-01-06"].map(day)
        let (longest, current) = Streak.of(days)!
        #expect(longest == Streak(start: day("2024-01-01"), end: day("2024-01-03"), days: 3))
        #expect(current == Streak(start: day("2024-01-05"), end: day("2024-01-06"), days: 2))
    }

    @Test func endsTheCurrentStreakOnTheNewestDayWrittenWhateverOrder() {
        let days = ["2024-03-01", "2023-12-31", "2024-02-29", "2024-01-01", "2024-02-28"].map(day)
        let (longest, current) = Streak.of(days)!
        // Across a year's end and a leap day; the latest of two equal runs is the longest.
        #expect(longest == Streak(start: day("2024-02-28"), end: day("2024-03-01"), days: 3))
        #expect(current.end == day("2024-03-01") && current.days == 3)
    }

    @Test func countsADayWithSeveralEntriesOnce() {
        let days = ["2024-05-01", "2024-05-01", "2024-05-02", "2024-05-02", "2024-05-02"].map(day)
        let (longest, current) = Streak.of(days)!
        #expect(longest.days == 2 && current.days == 2)
    }

    @Test func givesAOneDayStreakAfterAGapAndNoneWithoutDays() {
        let (longest, current) = Streak.of(["2020-01-01", "2020-01-02", "2024-07-09"].map(day))!
        #expect(longest.days == 2)
        #expect(current == Streak(start: day("2024-07-09"), end: day("2024-07-09"), days: 1))
        #expect(Streak.of([LocalDay]()) == nil)
    }

    @Test func countsWordsOfThePlainText() {
        #expect(Entry.wordCount(of: "") == 0)
        #expect(Entry.wordCount(of: "One two  three.") == 3)
        #expect(Entry.wordCount(of: "Salt, vinegar — and 3 gulls 🐦") == 5)
        #expect(Entry.wordCount(of: "밤이 깊었다.") == 2)
        let (entry, _) = loadEntry("---\ndate: 2024-05-01\n---\nA *short* [entry](x), with `code`.\n\n- and a list\n")
        #expect(entry?.wordCount == 8)
        #expect(entry?.bodyless.wordCount == 8, "kept when the body goes to the body store")
    }

    @Test func keepsTheWordCountInTheCachedParse() throws {
        let (entry, _) = loadEntry("---\ndate: 2024-05-01\n---\nFour words right here.\n")
        var writer = ByteWriter(capacity: 64)
        entry!.bodyless.encode(into: &writer)
        var reader = ByteReader(writer.bytes)
        #expect(try Entry(from: &reader).wordCount == 4)
    }

    @Test func countsTheJournal() {
        let (journal, _) = journal([
            ("entries/a.md", "date: 2023-11-30\nrating: 4\ntags: [sea, food]\nlocation: Brighton"),
            ("entries/b.md", "date: 2024-01-01\nrating: 3\ntags: [sea]\nlocation: { name: Brighton, lat: 1, lon: 2 }"),
            ("entries/c.md", "date: 2024-01-01\nrating: 4\ntags: [walks]"),
            ("entries/d.md", "date: 2024-01-02\nlocation: Lewes"),
            ("entries/e.md", "date: 2024-01-03\ndraft: true"),
        ])
        let stats = JournalStats(journal)
        #expect(stats.entries == 4 && stats.words == 4 && stats.daysWritten == 3)
        #expect(stats.longest?.days == 2 && stats.current?.end == LocalDay(year: 2024, month: 1, day: 2))
        #expect(stats.months.map(\.count) == [1, 0, 3])
        #expect(stats.months.map(\.key) == [MonthKey(year: 2023, month: 11), MonthKey(year: 2023, month: 12), MonthKey(year: 2024, month: 1)])
        #expect(stats.ratings == [JournalStats.YearRating(year: 2023, averageTenths: 40, rated: 1),
                                  JournalStats.YearRating(year: 2024, averageTenths: 35, rated: 2)])
        #expect(stats.tags.map(\.name) == ["sea", "food", "walks"])
        #expect(stats.places.map(\.name) == ["Brighton", "Lewes"] && stats.places.map(\.count) == [2, 1])
    }

    /// The stats page is rendered again only when its key changes: each figure it shows is in it.
    @Test func keysThePageByEveryFigure() {
        let (journal, _) = journal([
            ("entries/a.md", "date: 2023-11-30\nrating: 4\ntags: [sea]\nlocation: Brighton"),
            ("entries/b.md", "date: 2024-01-01\nrating: 3\ntags: [sea]"),
        ])
        let stats = JournalStats(journal)
        let day = LocalDay(year: 2020, month: 2, day: 3)
        let changes: [(String, (inout JournalStats) -> Void)] = [
            ("entries", { $0.entries += 1 }), ("words", { $0.words += 1 }), ("days", { $0.daysWritten += 1 }),
            ("longest", { $0.longest?.days += 1 }), ("longest start", { $0.longest?.start = day }),
            ("current end", { $0.current?.end = day }), ("no current", { $0.current = nil }),
            ("a month's count", { $0.months[0].count += 1 }), ("a month", { $0.months[0].key = MonthKey(year: 2020, month: 1) }),
            ("a rating", { $0.ratings[0].averageTenths += 1 }), ("rated", { $0.ratings[0].rated += 1 }),
            ("a tag's count", { $0.tags[0].count += 1 }), ("a tag's name", { $0.tags[0].name = "lake" }),
            ("a tag's page", { $0.tags[0].path = "tags/lake/" }), ("a place", { $0.places[0].name = "Hove" }),
            ("no places", { $0.places = [] }),
        ]
        #expect(JournalStats(journal).key == stats.key)
        var keys = [stats.key]
        for (name, change) in changes {
            var changed = stats
            change(&changed)
            #expect(changed != stats, "\(name)")
            #expect(!keys.contains(changed.key), "\(name)")
            keys.append(changed.key)
        }
    }

    /// One entry with a placeholder date (`0001-01-01`) beside this decade's made a table of
    /// 2,000 empty years and bars too narrow to draw.
    @Test func showsARunOfEmptyYearsAsOneRowAndEveryBar() {
        let (journal, _) = journal([
            ("entries/a.md", "date: 0001-01-01"), ("entries/b.md", "date: 1990-05-01"), ("entries/c.md", "date: 1992-03-01"),
            ("entries/d.md", "date: 2000-01-01"), ("entries/e.md", "date: 2024-12-31"), ("entries/f.md", "date: 2024-12-30"),
        ])
        let stats = JournalStats(journal)
        let rows = StatsPage.yearRows(stats, [])
        #expect(rows.map { $0["year"] as! String } == ["2024", "2001–2023", "2000", "1993–1999", "1992", "1991", "1990", "2–1989", "1"])
        #expect(rows.map { $0["total"] as! Int } == [2, 0, 1, 0, 1, 0, 1, 0, 1])
        let cells = rows.map { ($0["months"] as! [[String: Any]]).map { $0["count"] as! String } }
        #expect(cells.allSatisfy { $0.count == 12 }, "every row as wide as the table's head")
        #expect(cells[0].suffix(1) == ["2"] && cells[1] == Array(repeating: "", count: 12))
        #expect(cells[5] == Array(repeating: "0", count: 12), "one empty year keeps its row")
        let bars = MonthChart(months: stats.months).make(monthYear: { "\($0.year)" })["bars"] as! [[String: Any]]
        #expect(bars.count == 5 && bars.allSatisfy { Double($0["width"] as! String)! >= 1 })
    }

    /// The year labels under the chart were laid out for 720 pixels: on a phone they ran into
    /// each other, and the last one, moved in from the right edge, into the one before it.
    @Test func laysTheYearLabelsOutSoNoneMeetAtAnyWidth() {
        func months(from first: MonthKey, count: Int) -> [(key: MonthKey, count: Int)] {
            (0..<count).map { offset in
                let total = first.year * 12 + first.month - 1 + offset
                return (key: MonthKey(year: total / 12, month: total % 12 + 1), count: 1)
            }
        }
        let spans = [months(from: MonthKey(year: 2024, month: 1), count: 1), months(from: MonthKey(year: 2023, month: 11), count: 3),
                     months(from: MonthKey(year: 2019, month: 6), count: 76), months(from: MonthKey(year: 2010, month: 1), count: 169),
                     months(from: MonthKey(year: 1, month: 1), count: 24_288)]
        for span in spans {
            let labels = MonthChart(months: span).yearLabels()
            for (tier, width) in MonthChart.tierWidths.enumerated() {
                let shown = labels.filter { !$0.hiddenIn.contains(tier) }
                #expect(!shown.isEmpty, "\(span.count) months, \(width) px")
                for label in shown { #expect(label.at * width + MonthChart.labelWidth <= width, "\(label.year) at \(width) px") }
                for (left, right) in zip(shown, shown.dropFirst()) {
                    #expect((right.at - left.at) * width >= MonthChart.labelPitch, "\(left.year), \(right.year) at \(width) px")
                }
            }
        }
        // June 2019 to September 2025: on a phone not the start's year, 26 pixels before 2020's,
        // nor 2025's, too near the edge; from 40rem all of them.
        #expect(MonthChart.tierWidths.last == 696, "the column of style.css: 46rem less 2.5rem of margins")
        let labels = MonthChart(months: spans[2]).yearLabels()
        #expect(labels.filter { !$0.hiddenIn.contains(0) }.map(\.year) == [2020, 2021, 2022, 2023, 2024])
        #expect(labels.filter { !$0.hiddenIn.contains(2) }.map(\.year) == [2019, 2020, 2021, 2022, 2023, 2024, 2025])
        // Fifteen years of Januaries: each in the page's full column but the last, at its edge;
        // every other one from 40rem, every fourth on a phone.
        let long = MonthChart(months: spans[3]).yearLabels()
        #expect(long.filter { !$0.hiddenIn.contains(0) }.map(\.year) == [2010, 2014, 2018, 2022])
        #expect(long.filter { !$0.hiddenIn.contains(2) }.map(\.year) == [2010, 2012, 2014, 2016, 2018, 2020, 2022])
        #expect(long.filter { !$0.hiddenIn.contains(3) }.map(\.year) == Array(2010...2023))
    }

    @Test func drawsTheChartWithFixedNumbers() {
        #expect(MonthChart.fixed(12.5) == "12.5")
        #expect(MonthChart.fixed(3) == "3")
        #expect(MonthChart.fixed(0.333) == "0.33")
        let months = [(key: MonthKey(year: 2023, month: 12), count: 2), (key: MonthKey(year: 2024, month: 1), count: 0),
                      (key: MonthKey(year: 2024, month: 2), count: 4)]
        let chart = MonthChart(months: months).make(monthYear: { "M\($0.month) \($0.year)" })
        let bars = chart["bars"] as! [[String: Any]]
        #expect(bars.count == 2)
        #expect(bars.map { $0["height"] as! Int } == [70, 140])
        #expect(bars.last?["label"] as? String == "M2 2024: 4 entries")
        #expect((chart["years"] as! [[String: Any]]).map { $0["year"] as! String } == ["2023", "2024"])
    }
}
