import Foundation
import Synchronization

/// Dates, weekdays and month names in the journal's locale. Every string is made from the
/// wall-clock date alone, with a fixed Gregorian calendar in UTC, so the build machine's zone
/// and calendar never show through.
///
/// Formatting is the costly part (five formatter calls per day), and the strings depend on the
/// locale and the day alone, so the days formatted are kept for the process (`Known`): a
/// preview's rebuilds, and the pages of one build, format each day once.
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
    private let yearAlone: DateFormatter
    private var days: [LocalDay: Day]
    private var fullDates: [LocalDay: String]
    /// Days formatted by this instance, handed to `known` when it goes.
    private var newDays: [LocalDay: Day] = [:]
    private var newFullDates: [LocalDay: String] = [:]
    private var months: [MonthKey: String] = [:]
    /// The locale's identifier, as given.
    let locale: String

    /// The days every instance formatted so far, by locale. Taken whole when an instance starts
    /// (a copy of a dictionary costs nothing until it is changed) and added to when one ends,
    /// so no lookup takes a lock. Bounded: a table of more days than 400 years have starts over.
    private struct Known {
        var days: [String: [LocalDay: Day]] = [:]
        var fullDates: [String: [LocalDay: String]] = [:]
    }
    private static let known = Mutex(Known())
    private static let limit = 146_000

    deinit {
        guard !newDays.isEmpty || !newFullDates.isEmpty else { return }
        Self.known.withLock { known in
            if known.days[locale, default: [:]].count + newDays.count > Self.limit { known.days[locale] = [:] }
            if known.fullDates[locale, default: [:]].count + newFullDates.count > Self.limit { known.fullDates[locale] = [:] }
            known.days[locale, default: [:]].merge(newDays) { old, _ in old }
            known.fullDates[locale, default: [:]].merge(newFullDates) { old, _ in old }
        }
    }

    init(locale identifier: String) {
        self.locale = identifier
        (days, fullDates) = Self.known.withLock { ($0.days[identifier] ?? [:], $0.fullDates[identifier] ?? [:]) }
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
        yearAlone = formatter { $0.dateFormat = "y" }
    }

    func day(_ day: LocalDay) -> Day {
        if let cached = days[day] { return cached }
        let value = Day(long: string(long, day), full: string(full, day),
                        weekday: string(weekday, day), weekdayShort: string(weekdayShort, day), short: string(short, day))
        days[day] = value
        newDays[day] = value
        return value
    }

    /// `Wednesday, 1 May 2024` alone: a fifth of `day(_:)`'s work, for the calendars' 366 days a year.
    func fullDate(_ day: LocalDay) -> String {
        if let known = days[day]?.full ?? fullDates[day] { return known }
        let value = string(full, day)
        fullDates[day] = value
        newFullDates[day] = value
        return value
    }

    /// `May 2024`
    func monthYear(_ key: MonthKey) -> String {
        if let cached = months[key] { return cached }
        let value = string(monthYear, LocalDay(year: key.year, month: key.month, day: 1))
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

    /// `day` as `formatter` writes it, in the proleptic Gregorian calendar that Daybook's dates
    /// are in. ICU's Gregorian calendar turns Julian before October 1582, so an earlier day is
    /// written as the same day a whole number of 400-year cycles later (the same weekday: a cycle
    /// is exactly 20,871 weeks), with that year's number put back.
    private func string(_ formatter: DateFormatter, _ day: LocalDay) -> String {
        guard day.year < 1600 else { return formatter.string(from: Self.date(day)) }
        let later = LocalDay(year: day.year + (1600 - day.year + 399) / 400 * 400, month: day.month, day: day.day)
        let text = formatter.string(from: Self.date(later))
        // Mid-year, the Julian and Gregorian years have the same number.
        func year(_ number: Int) -> String { yearAlone.string(from: Self.date(LocalDay(year: number, month: 6, day: 15))) }
        return text.replacingOccurrences(of: year(later.year), with: year(day.year))
    }

    private static func date(_ day: LocalDay) -> Date {
        Date(timeIntervalSince1970: TimeInterval(day.daysSince1970 * 86_400 + 12 * 3600))
    }
}
