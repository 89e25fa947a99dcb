/// What the calendar shows of one day: its entries, their words, and the day's first entry
/// (the earliest, which a cell links to).
struct DayTally: Sendable, Equatable {
    var entries: Int
    var words: Int
    /// Journal index of the day's earliest entry.
    var first: Int

    /// The days of `indices` (journal indices, newest first, as the journal orders them).
    static func tally(_ journal: Journal, _ indices: some Sequence<Int>) -> [LocalDay: DayTally] {
        var days: [LocalDay: DayTally] = [:]
        for index in indices {
            // Fields read in place: the entry taken out whole would be a copy of all of them.
            let day = journal.entries[index].date.localDay
            days[day, default: DayTally(entries: 0, words: 0, first: index)].entries += 1
            days[day]!.words += journal.entries[index].wordCount
            days[day]!.first = index
        }
        return days
    }

    /// The journal indices of the entries of `year`, newest first.
    static func entries(of year: Int, in journal: Journal) -> [Int] {
        journal.months.filter { $0.key.year == year }.flatMap(\.entries)
    }
}

/// How dark a day's cell is: 0 for no entry, 1–4 by what the setting counts.
enum CalendarShading: String, Sendable {
    case words, entries

    /// Entries count straight (4 and more are darkest); words by quartile among the year's
    /// written days, so one long day does not pale the rest and no other year takes part.
    func levels(_ days: [LocalDay: DayTally]) -> [LocalDay: Int] {
        switch self {
        case .entries:
            return days.mapValues { min($0.entries, 4) }
        case .words:
            let sorted = days.values.map(\.words).sorted()
            guard !sorted.isEmpty else { return [:] }
            let cuts = [1, 2, 3].map { sorted[((sorted.count - 1) * $0) / 4] }
            return days.mapValues { tally in 1 + cuts.count { tally.words > $0 } }
        }
    }
}
