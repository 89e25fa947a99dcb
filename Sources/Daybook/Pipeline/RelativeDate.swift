import Foundation

/// The dates people write for `daybook new --date` besides ISO ones: `today`, `yesterday`,
/// a weekday (`friday`, the latest one, today included), `last friday` (the one before today),
/// a time alone (`14:30`, today), and a day followed by a time (`yesterday 21:00`). Read in the
/// journal's time zone, in English, case ignored.
enum RelativeDate {
    static let hint = "today, yesterday, a weekday (friday, last friday) or a time (14:30) also work"

    private static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    static func parse(_ text: String, now: Date, in zone: TimeZone) -> LocalDateTime? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        var clock: (hour: Int, minute: Int)?
        if let last = words.last, let time = time(last) {
            clock = time
            words.removeLast()
        }
        guard let day = day(words, now: now, calendar: calendar) ?? (words.isEmpty && clock != nil ? now : nil) else { return nil }
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: day)
        // `today` alone is now, as `daybook new` without --date; another day alone has no time.
        let time = clock ?? (words == ["today"] ? (parts.hour!, parts.minute!) : nil)
        let instant = calendar.date(bySettingHour: time?.0 ?? 12, minute: time?.1 ?? 0, second: 0, of: day) ?? day
        return LocalDateTime(year: parts.year!, month: parts.month!, day: parts.day!, hour: time?.0 ?? 0, minute: time?.1 ?? 0,
                             utcOffset: zone.secondsFromGMT(for: instant), hasTime: time != nil)
    }

    /// The day `words` name, as an instant within it.
    private static func day(_ words: [String], now: Date, calendar: Calendar) -> Date? {
        switch words.count {
        case 1 where words[0] == "today": return now
        case 1 where words[0] == "yesterday": return calendar.date(byAdding: .day, value: -1, to: now)
        case 1, 2:
            guard words.count == 1 || words[0] == "last", let target = weekdays.firstIndex(of: words.last!) else { return nil }
            let today = calendar.component(.weekday, from: now) - 1
            var back = (today - target + 7) % 7
            if words.count == 2 && back == 0 { back = 7 }
            return calendar.date(byAdding: .day, value: -back, to: now)
        default: return nil
        }
    }

    /// `14:30` or `9:05`.
    private static func time(_ word: String) -> (hour: Int, minute: Int)? {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, (1...2).contains(parts[0].count),
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        return (hour, minute)
    }
}
