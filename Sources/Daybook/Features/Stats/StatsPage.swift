/// The journal's numbers, at `stats/`: totals, streaks, entries per month, ratings over the
/// years, the most frequent tags and places. It counts every entry but shows none: its key is
/// the figures (`Stats.key(for:)`).
enum StatsPage: PageKind {
    static let template = "stats"

    static func indices(in journal: Journal) -> Range<Int> { journal.entries.isEmpty ? 0..<0 : 0..<1 }

    static func sitePath(_ index: Int, in journal: Journal) -> String { "stats/" }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let journal = page.journal
        let stats = journal.derived[JournalStats.derivedKey] as? JournalStats ?? JournalStats(journal)
        let dates = LocalizedDates(locale: journal.settings.locale)
        func streak(_ streak: Streak?) -> Any {
            guard let streak else { return false }
            let to = page.words.text("stats_current_to").components(separatedBy: "{date}")
            return ["days": streak.days, "days_text": page.words.count("days_count", streak.days),
                    "to_before": to.first ?? "", "to_after": to.count > 1 ? to[1] : "",
                    "start": dates.day(streak.start).long, "end": dates.day(streak.end).long,
                    "start_iso": streak.start.iso8601, "end_iso": streak.end.iso8601, "single": streak.days == 1]
        }
        let values: [String: Any] = [
            "entries": grouped(stats.entries), "word_count": grouped(stats.words),
            "days": grouped(stats.daysWritten),
            "words_per_entry": grouped(stats.entries == 0 ? 0 : (stats.words + stats.entries / 2) / stats.entries),
            "longest": streak(stats.longest), "current": streak(stats.current),
            "chart": MonthChart(months: stats.months).make(monthYear: dates.monthYear, words: page.words),
            "years": yearRows(stats, page.view.monthAbbreviations),
            "month_names": page.view.monthAbbreviations.enumerated().map { ["abbr": $1, "name": page.view.monthNames[$0]] },
            "ratings": stats.ratings.map { ["year": String($0.year), "average": "\($0.averageTenths / 10).\($0.averageTenths % 10)",
                                            "rated": $0.rated, "percent": $0.averageTenths * 2] },
            "has_ratings": !stats.ratings.isEmpty,
            "tags": stats.tags.map { tag in ["name": tag.name, "count": tag.count,
                                             "url": page.linker.href(tag.path ?? "tags/")] },
            "has_tags": !stats.tags.isEmpty,
            "places": stats.places.map { place in ["name": place.name, "count": place.count,
                                                 "url": place.path.map { page.linker.href($0) } ?? false] },
            "has_places": !stats.places.isEmpty,
        ]
        return (page.words.text("numbers"), values)
    }

    /// The chart's numbers as a table: a row per year, a cell per month, the year's total. Two
    /// or more years in a row without an entry are one row (`1999–2014`, empty cells, total 0): one
    /// entry with a placeholder date (`0001-01-01`, as some exports write a missing one) made a
    /// table of 2,000 empty years.
    static func yearRows(_ stats: JournalStats, _ abbreviations: [String]) -> [[String: Any]] {
        let byYear = Dictionary(grouping: stats.months, by: \.key.year)
        var rows: [[String: Any]] = [], empty: [(year: Int, row: [String: Any])] = []
        func closeGap() {
            if let newest = empty.first?.year, let oldest = empty.last?.year, empty.count > 1 {
                rows.append(["year": "\(oldest)–\(newest)", "months": Array(repeating: ["count": ""] as [String: Any], count: 12), "total": 0])
            } else {
                rows += empty.map(\.row)
            }
            empty = []
        }
        for year in byYear.keys.sorted(by: >) {
            let counts = Dictionary(uniqueKeysWithValues: byYear[year]!.map { ($0.key.month, $0.count) })
            let cells: [[String: Any]] = (1...12).map { ["count": counts[$0].map(String.init) ?? ""] }
            let total = counts.values.reduce(0, +)
            let row: [String: Any] = ["year": String(year), "months": cells, "total": total]
            if total == 0 {
                empty.append((year, row))
            } else {
                closeGap()
                rows.append(row)
            }
        }
        closeGap()
        return rows
    }
}
