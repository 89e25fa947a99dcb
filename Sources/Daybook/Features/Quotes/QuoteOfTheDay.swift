/// Which quote a day shows: a pure function of the day and the list, so every reader sees the same
/// quote on the same day. Day after day the choice steps through the list by a fixed stride that
/// shares no factor with the list's length: every quote comes once before any comes again, and two
/// days in a row never show the same one (given two or more). A stride near 0.618 of the length
/// keeps neighbours in the list, often by one author, apart. `quote.js` does the same arithmetic in
/// the reader's browser, with the stride this type writes into the data file.
enum QuoteOfTheDay {
    /// The step through a list of `count` quotes from one day to the next.
    static func stride(count: Int) -> Int {
        guard count > 1 else { return 1 }
        var stride = max(1, (count * 618 + 500) / 1000)
        while gcd(stride, count) != 1 { stride += 1 }
        return stride
    }

    /// The index shown on day `day` (days since 1970-01-01); nil for an empty list.
    static func index(day: Int, count: Int) -> Int? {
        guard count > 0 else { return nil }
        let index = (day * stride(count: count)) % count
        return index < 0 ? index + count : index
    }

    static func quote(for day: LocalDay, in quotes: [Quote]) -> Quote? {
        index(day: day.daysSince1970, count: quotes.count).map { quotes[$0] }
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int {
        b == 0 ? a : gcd(b, a % b)
    }
}
