/// The `calendar` block of one year, for `calendar.mustache`: a table with a row per weekday
/// and a column per week, each day a cell with its shading level and an accessible label. The
/// rows come as HTML made here, not through the template: the archives show every year's 371
/// cells, and filling that many through Mustache made a one-entry edit of a long journal wait on
/// its archives page.
struct CalendarBlock {
    let grid: CalendarGrid
    let days: [LocalDay: DayTally]
    let shading: CalendarShading

    /// - Parameters:
    ///   - dates: the journal's locale's names of days and months.
    ///   - href: a link to the journal page at a site path.
    func make(_ journal: Journal, dates: LocalizedDates, href: (String) -> String) -> [String: Any] {
        let months: [[String: Any]] = grid.monthSpans.map { ["abbr": dates.monthAbbreviation($0.month), "span": $0.span] }
        let words = journal.words
        return [
            "year": String(grid.year), "id": "calendar-\(grid.year)",
            "caption": words.count("calendar_caption", days.count, ["year": String(grid.year)]),
            "months": months, "rows_html": rowsHTML(journal, dates: dates, href: href), "shading": shading.rawValue,
            "shading_text": words.text(shading == .words ? "calendar_shaded_words" : "calendar_shaded_entries"),
        ]
    }

    /// One `<tr>` per weekday, each ending in a line break: its name, then a cell per week, shaded
    /// and labelled, linking to the day's first entry when it has one. Taken from the rows made
    /// before (`CalendarRows`) when everything they show is the same, as it is for all but one
    /// year of the archives after an edit.
    private func rowsHTML(_ journal: Journal, dates: LocalizedDates, href: (String) -> String) -> String {
        // A link is a function of the page's place and the target's path: one sample link stands
        // for the first, so the key names paths and no link is made unless the rows are.
        // Numbers as bytes, not text: the archives key every day of every year on each rebuild.
        var hasher = ContentHash.Hasher()
        hasher.add(journal.words.digest)
        hasher.add("\(grid.year) \(grid.firstWeekday) \(shading.rawValue) \(dates.locale) \(href("a/"))")
        for (day, tally) in days.sorted(by: { $0.key < $1.key }) {
            for number in [day.year, day.month, day.day, tally.entries, tally.words] { hasher.add(number: number) }
            hasher.add(journal.paths[tally.first])
        }
        let key = hasher.finish()
        return CalendarRows.rows(key) { makeRows(journal, dates: dates, links: days.mapValues { href(journal.paths[$0.first]) }) }
    }

    private func makeRows(_ journal: Journal, dates: LocalizedDates, links: [LocalDay: String]) -> String {
        let levels = shading.levels(days)
        var html = ""
        for (row, weekday) in grid.rowWeekdays.enumerated() {
            // 1 January 2006 was a Sunday: its week names every weekday.
            let names = dates.day(LocalDay(year: 2006, month: 1, day: weekday))
            html += "<tr><th><abbr title=\"\(HTMLEscaper.escape(names.weekday))\">\(HTMLEscaper.escape(names.weekdayShort))</abbr></th>"
            for week in grid.weeks {
                guard let day = week[row] else { html += "<td class=\"out\"></td>"; continue }
                let tally = days[day]
                let label = HTMLEscaper.escape(Self.label(tally, on: dates.fullDate(day), journal.words))
                if tally != nil {
                    html += "<td class=\"l\(levels[day] ?? 0)\" title=\"\(label)\"><a href=\"\(HTMLEscaper.escape(links[day]!))\">"
                        + "<span class=\"visually-hidden\">\(label)</span></a></td>"
                } else {
                    html += "<td class=\"l0\"><span class=\"visually-hidden\">\(label)</span></td>"
                }
            }
            html += "</tr>\n"
        }
        return html
    }

    /// `3 entries, 1,204 words on Wednesday, 1 May 2024`, or `No entries on …`.
    static func label(_ tally: DayTally?, on date: String, _ words: Words = .english) -> String {
        guard let tally else { return words.text("calendar_day_empty", ["date": date]) }
        return words.text("calendar_day", ["entries": words.count("entries_count", tally.entries),
                                           "words": words.count("words_count", tally.words, digits: grouped(tally.words)),
                                           "date": date])
    }

}
