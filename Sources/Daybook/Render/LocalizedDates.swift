import Foundation

/// Dates, weekdays and month names in the journal's locale. Every string is made from the
/// wall-clock date alone, with a fixed Gregorian calendar in UTC, so the build machine's zone
/// and calendar never show through.
final class LocalizedDates {
    struct Day {
        /// `May 1, 2024`
        var long: String
        /// `Wednesday, May 1, 2024`
        var full: String
        /// `Wednesday`
        var weekday: String
        /// `Wed`
        var weekdayShort: String
        /// `5/1/24`
        var short: String
    }

    private let long: DateFormatter
    private let full: DateFormatter
    private let weekday: DateFormatter
    private let weekdayShort: DateFormatter
    private let short: DateFormatter
    private let monthYear: DateFormatter
    private let monthName: DateFormatter
    private let monthAbbreviation: DateFormatter
    private var days: [LocalDay: Day] = [:]
    private var months: [MonthKey: String] = [:]

    init(locale identifier: String) {
        let locale = Locale(identifier: identifier)
        func formatter(_ configure: (DateFormatter) -> Void) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            configure(formatter)
            return formatter
        }
        long = formatter { $0.dateStyle = .long }
        full = formatter { $0.dateStyle = .full }
        short = formatter { $0.dateStyle = .short }
        weekday = formatter { $0.setLocalizedDateFormatFromTemplate("EEEE") }
        weekdayShort = formatter { $0.setLocalizedDateFormatFromTemplate("EEE") }
        monthYear = formatter { $0.setLocalizedDateFormatFromTemplate("MMMMy") }
        monthName = formatter { $0.setLocalizedDateFormatFromTemplate("LLLL") }
        monthAbbreviation = formatter { $0.setLocalizedDateFormatFromTemplate("LLL") }
    }

    func day(_ day: LocalDay) -> Day {
        if let cached = days[day] { return cached }
        let date = Self.date(day)
        let value = Day(long: long.string(from: date), full: full.string(from: date),
                        weekday: weekday.string(from: date), weekdayShort: weekdayShort.string(from: date), short: short.string(from: date))
        days[day] = value
        return value
    }

    /// `Wednesday, 1 May 2024` alone: a fifth of `day(_:)`'s work, for the calendars' 366 days a year.
    func fullDate(_ day: LocalDay) -> String {
        days[day]?.full ?? full.string(from: Self.date(day))
    }

    /// `May 2024`
    func monthYear(_ key: MonthKey) -> String {
        if let cached = months[key] { return cached }
        let value = monthYear.string(from: Self.date(LocalDay(year: key.year, month: key.month, day: 1)))
        months[key] = value
        return value
    }

    /// `May`, standing alone.
    func monthName(_ month: Int) -> String {
        monthName.string(from: Self.date(LocalDay(year: 2001, month: month, day: 1)))
    }

    /// `May`, abbreviated where the locale abbreviates.
    func monthAbbreviation(_ month: Int) -> String {
        monthAbbreviation.string(from: Self.date(LocalDay(year: 2001, month: month, day: 1)))
    }

    private static func date(_ day: LocalDay) -> Date {
        Date(timeIntervalSince1970: TimeInterval(day.daysSince1970 * 86_400 + 12 * 3600))
    }
}
