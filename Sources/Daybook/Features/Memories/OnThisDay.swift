/// Which entries "on this day" shows for a day: those written on the same month and day in
/// earlier years, grouped by how many years ago, nearest first. A pure function of the day and
/// the journal; `on-this-day.js` does the same in the reader's browser with the data file.
///
/// 29 February: on 28 February of a year that has no 29th, the entries of 29 February of
/// earlier (leap) years show too, so they come back every year; on a 29 February, only those.
enum OnThisDay {
    /// The entries of one year, `yearsAgo` before the day shown, in journal order.
    struct Group: Sendable, Hashable {
        var yearsAgo: Int
        var year: Int
        var entries: [Int]
    }

    /// `month * 100 + day`: the key of a day of the year.
    static func monthDay(_ day: LocalDay) -> Int { day.month * 100 + day.day }

    /// The days of the year whose entries `day` shows.
    static func monthDays(shownOn day: LocalDay) -> [Int] {
        if day.month == 2, day.day == 28, !LocalDay.isLeap(day.year) { return [228, 229] }
        return [monthDay(day)]
    }

    /// Journal indices of each day of the year's entries, in journal order (newest first): of
    /// the entries at `positions` (one journal of several), else of every entry.
    static func index(_ journal: Journal, positions: [Int]? = nil) -> [Int: [Int]] {
        var days: [Int: [Int]] = [:]
        // By index: an entry taken out whole is a copy of all its fields, for each of thousands.
        for position in positions ?? Array(journal.entries.indices) {
            days[monthDay(journal.entries[position].date.localDay), default: []].append(position)
        }
        return days
    }

    /// The groups `day` shows, nearest year first; empty when there is nothing to show.
    static func groups(on day: LocalDay, days: [Int: [Int]], journal: Journal) -> [Group] {
        let shown = monthDays(shownOn: day).flatMap { days[$0] ?? [] }
            .filter { journal.entries[$0].date.year < day.year }
            .sorted()
        var groups: [Group] = []
        for position in shown {
            let year = journal.entries[position].date.year
            if groups.last?.year == year {
                groups[groups.count - 1].entries.append(position)
            } else {
                groups.append(Group(yearsAgo: day.year - year, year: year, entries: [position]))
            }
        }
        return groups
    }
}
