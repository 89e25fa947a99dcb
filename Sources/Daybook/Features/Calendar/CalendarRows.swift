import Synchronization

/// The calendars' rows this process made, by a digest of all they show (`CalendarBlock`). The
/// archives draw every year of the journal, some sixteen thousand labelled days for a long one,
/// and `daybook serve` rebuilds them after every edit although one year at most changed.
/// Bounded, so a preview left running for hours keeps a flat memory: when full, it starts over.
enum CalendarRows {
    private static let made = Mutex<[[UInt8]: String]>([:])
    /// Two pages (a year's and the archives) for 256 years.
    static let limit = 512

    static func rows(_ key: [UInt8], make: () -> String) -> String {
        if let rows = made.withLock({ $0[key] }) { return rows }
        let rows = make()
        made.withLock { made in
            if made.count >= limit { made.removeAll() }
            made[key] = rows
        }
        return rows
    }
}
