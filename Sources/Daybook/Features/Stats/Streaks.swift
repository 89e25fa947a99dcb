/// A run of consecutive days with at least one entry.
struct Streak: Sendable, Equatable {
    var start: LocalDay
    var end: LocalDay
    var days: Int

    /// The longest run (the latest of equal ones) and the run that ends on the newest day written,
    /// which is "today" for a journal: never the build's day. Nil without days.
    static func of(_ days: some Sequence<LocalDay>) -> (longest: Streak, current: Streak)? {
        let sorted = Set(days).sorted()
        guard let first = sorted.first else { return nil }
        var longest = Streak(start: first, end: first, days: 1)
        var current = longest
        for day in sorted.dropFirst() {
            if day.daysSince1970 == current.end.daysSince1970 + 1 {
                current.end = day
                current.days += 1
            } else {
                current = Streak(start: day, end: day, days: 1)
            }
            if current.days >= longest.days { longest = current }
        }
        return (longest, current)
    }
}
