/// The journal's numbers, all worked out from the assembled journal (drafts are not in it unless
/// built with `--drafts`): the same journal gives the same figures on any day and machine.
struct JournalStats: Sendable, Equatable {
    struct Count: Sendable, Equatable {
        var name: String
        var count: Int
        /// The tag's or place's page.
        var path: String?
    }

    struct YearRating: Sendable, Equatable {
        var year: Int
        /// Tenths of a star, rounded half up: 37 is 3.7.
        var averageTenths: Int
        var rated: Int
    }

    var entries: Int
    var words: Int
    var daysWritten: Int
    var longest: Streak?
    var current: Streak?
    /// Every month from the first written to the newest, empty ones included, oldest first.
    var months: [(key: MonthKey, count: Int)]
    /// Years with a rated entry, oldest first.
    var ratings: [YearRating]
    var tags: [Count]
    var places: [Count]

    static let topCount = 10
    static let derivedKey = "stats"

    init(_ journal: Journal) {
        let entries = journal.entries
        self.entries = entries.count
        // By index throughout: an entry taken out whole is a copy of all its fields.
        words = entries.indices.reduce(0) { $0 + entries[$1].wordCount }
        let days = Set(entries.indices.map { entries[$0].date.localDay })
        daysWritten = days.count
        let streaks = Streak.of(days)
        longest = streaks?.longest
        current = streaks?.current
        months = Self.months(journal)
        ratings = Self.ratings(entries)
        tags = Self.top(journal.tags.map { Count(name: $0.name, count: $0.entries.count, path: $0.path) })
        // The places as their pages group them, so each one links to its page as a tag does.
        places = Self.top(PlaceIndex.of(journal).places.map { Count(name: $0.name, count: $0.entries.count, path: $0.path) })
    }

    static func == (a: JournalStats, b: JournalStats) -> Bool {
        (a.entries, a.words, a.daysWritten, a.longest, a.current) == (b.entries, b.words, b.daysWritten, b.longest, b.current)
            && a.months.map(\.key) == b.months.map(\.key) && a.months.map(\.count) == b.months.map(\.count)
            && a.ratings == b.ratings && a.tags == b.tags && a.places == b.places
    }

    /// Every figure the page shows, as text: the page's key (`Stats.key(for:)`). Written out
    /// field by field: `String(describing:)` of the whole value walks it by reflection, which took
    /// about 1% of a private preview's save at 10,000 entries (bench/README.md).
    var key: String {
        func day(_ day: LocalDay) -> String { "\(day.year)-\(day.month)-\(day.day)" }
        func streak(_ streak: Streak?) -> String { streak.map { "\(day($0.start)) \(day($0.end)) \($0.days)" } ?? "-" }
        func counts(_ counts: [Count]) -> String { counts.map { "\($0.name)\u{0}\($0.count)\u{0}\($0.path ?? "-")" }.joined(separator: "\u{1}") }
        return ["\(entries) \(words) \(daysWritten)", streak(longest), streak(current),
                months.map { "\($0.key.year)-\($0.key.month) \($0.count)" }.joined(separator: ","),
                ratings.map { "\($0.year) \($0.averageTenths) \($0.rated)" }.joined(separator: ","),
                counts(tags), counts(places)].joined(separator: "\n")
    }

    private static func months(_ journal: Journal) -> [(key: MonthKey, count: Int)] {
        guard let first = journal.months.last?.key, let last = journal.months.first?.key else { return [] }
        let counts = Dictionary(journal.months.map { ($0.key, $0.entries.count) }, uniquingKeysWith: +)
        var result: [(key: MonthKey, count: Int)] = []
        var key = first
        while key <= last {
            result.append((key, counts[key] ?? 0))
            key = key.month == 12 ? MonthKey(year: key.year + 1, month: 1) : MonthKey(year: key.year, month: key.month + 1)
        }
        return result
    }

    private static func ratings(_ entries: [Entry]) -> [YearRating] {
        var sums: [Int: (total: Int, count: Int)] = [:]
        for index in entries.indices {
            guard let rating = entries[index].rating else { continue }
            let year = entries[index].date.year
            sums[year, default: (0, 0)].total += rating
            sums[year]!.count += 1
        }
        return sums.keys.sorted().map { year in
            let (total, count) = sums[year]!
            return YearRating(year: year, averageTenths: (total * 20 + count) / (count * 2), rated: count)
        }
    }

    /// The most frequent first; equal counts by name, so the order never depends on hashing.
    private static func top(_ counts: [Count]) -> [Count] {
        Array(counts.sorted { ($1.count, $0.name) < ($0.count, $1.name) }.prefix(topCount))
    }
}
