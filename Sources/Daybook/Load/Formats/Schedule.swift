/// Hugo's `publishDate` and `expiryDate`: an entry is published from the first and no longer
/// from the second. Daybook never reads the clock (same input, same bytes), so "now" is the
/// newest entry's date: an entry scheduled after it, or expired by then, is left out unless
/// `--drafts`.
enum Schedule {
    /// Whether `entry` is outside its publishing window on `today`.
    static func leftOut(_ entry: Entry, today: LocalDateTime, dates: DateParser) -> Bool {
        if case .text(let raw)? = entry.extra["publishDate"], let from = try? dates.parse(raw), today < from { return true }
        if case .text(let raw)? = entry.extra["expiryDate"], let until = try? dates.parse(raw), !(today < until) { return true }
        return false
    }
}
