/// A date and time as the writer wrote it: their own wall-clock reading, with the UTC offset
/// that applied there. Ordering and grouping use the wall-clock fields, never the instant, so an
/// entry written late on 31 July at -05:00 stays in July.
public struct LocalDateTime: Sendable, Hashable, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Seconds east of UTC.
    public var utcOffset: Int
    /// False when only a date was written; the time fields are then zero.
    public var hasTime: Bool

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                utcOffset: Int = 0, hasTime: Bool = false) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.utcOffset = utcOffset
        self.hasTime = hasTime
    }

    public var localDay: LocalDay { LocalDay(year: year, month: month, day: day) }
    public var monthKey: MonthKey { MonthKey(year: year, month: month) }

    /// Wall-clock order; the offset does not take part.
    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        (a.year, a.month, a.day, a.hour, a.minute, a.second) < (b.year, b.month, b.day, b.hour, b.minute, b.second)
    }

    /// `2024-05-01T08:30:00+02:00`, or `2024-05-01` for a date without a time.
    public var iso8601: String {
        let date = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        guard hasTime else { return date }
        let sign = utcOffset < 0 ? "-" : "+"
        let minutes = abs(utcOffset) / 60
        return "\(date)T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))\(sign)\(pad(minutes / 60, 2)):\(pad(minutes % 60, 2))"
    }

    /// `08:30`, or nil without a time.
    public var clockTime: String? {
        hasTime ? "\(pad(hour, 2)):\(pad(minute, 2))" : nil
    }

    /// Seconds since 1970 of this wall-clock reading taken as if it were UTC (offset ignored).
    var wallClockSeconds: Int {
        LocalDay(year: year, month: month, day: day).daysSince1970 * 86_400 + hour * 3600 + minute * 60 + second
    }
}

/// A calendar day, with no time or zone.
public struct LocalDay: Sendable, Hashable, Comparable {
    public var year: Int
    public var month: Int
    public var day: Int

    public static func < (a: LocalDay, b: LocalDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// Days in a month of the proleptic Gregorian calendar.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// Days since 1970-01-01 (negative before), by the civil-from-days algorithm.
    public var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthIndex = (month + 9) % 12
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `2024-05-01`
    public var iso8601: String { "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }
}

/// A month of a year: the key of month sections and month archives.
public struct MonthKey: Sendable, Hashable, Comparable {
    public var year: Int
    public var month: Int

    public static func < (a: MonthKey, b: MonthKey) -> Bool {
        (a.year, a.month) < (b.year, b.month)
    }

    /// Site path of the month archive, `2024/05/`.
    public var path: String { "\(pad(year, 4))/\(pad(month, 2))/" }
}
