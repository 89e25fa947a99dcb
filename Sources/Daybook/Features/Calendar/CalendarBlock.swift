/// The `calendar` block of one year, for `calendar.mustache`: a table with a row per weekday
/// and a column per week, each day a cell with its shading level and an accessible label.
struct CalendarBlock {
    let grid: CalendarGrid
    let days: [LocalDay: DayTally]
    let shading: CalendarShading

    /// - Parameters:
    ///   - dates: the journal's locale's names of days and months.
    ///   - href: a link to the journal page at a site path.
    func make(_ journal: Journal, dates: LocalizedDates, href: (String) -> String) -> [String: Any] {
        let levels = shading.levels(days)
        let rows: [[String: Any]] = grid.rowWeekdays.enumerated().map { row, weekday in
            // 1 January 2006 was a Sunday: its week names every weekday.
            let names = dates.day(LocalDay(year: 2006, month: 1, day: weekday))
            let cells: [[String: Any]] = grid.weeks.map { week in
                guard let day = week[row] else { return ["out": true] }
                let tally = days[day]
                return ["out": false, "level": levels[day] ?? 0, "date": day.iso8601,
                        "label": Self.label(tally, on: dates.fullDate(day)),
                        "url": tally.map { href(journal.paths[$0.first]) } ?? false]
            }
            return ["weekday": names.weekdayShort, "weekday_full": names.weekday, "cells": cells]
        }
        let months: [[String: Any]] = grid.monthSpans.map { ["abbr": dates.monthAbbreviation($0.month), "span": $0.span] }
        let written = days.count
        return [
            "year": String(grid.year), "id": "calendar-\(grid.year)",
            "caption": "\(grid.year): \(written == 1 ? "1 day" : "\(written) days") with entries",
            "months": months, "rows": rows, "shading": shading.rawValue,
            "shading_text": shading == .words ? "words written" : "entries",
        ]
    }

    /// `3 entries, 1,204 words on Wednesday, 1 May 2024`, or `No entries on …`.
    static func label(_ tally: DayTally?, on date: String) -> String {
        guard let tally else { return "No entries on \(date)" }
        let entries = tally.entries == 1 ? "1 entry" : "\(tally.entries) entries"
        let words = tally.words == 1 ? "1 word" : "\(grouped(tally.words)) words"
        return "\(entries), \(words) on \(date)"
    }

}
