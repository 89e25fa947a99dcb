import Foundation

/// A year laid out as the heatmap draws it: one column per week, seven rows starting from the
/// locale's first day of the week. Pure arithmetic on wall-clock days, so no zone shows through.
struct CalendarGrid: Sendable, Equatable {
    let year: Int
    /// 1 = Sunday … 7 = Saturday, as Foundation's `Calendar.firstWeekday`.
    let firstWeekday: Int
    /// Columns of seven cells, top row first; nil before 1 January and after 31 December.
    let weeks: [[LocalDay?]]

    init(year: Int, firstWeekday: Int) {
        self.year = year
        self.firstWeekday = firstWeekday
        let lead = Self.row(of: LocalDay(year: year, month: 1, day: 1), firstWeekday: firstWeekday)
        let days = LocalDay.isLeap(year) ? 366 : 365
        var weeks = Array(repeating: [LocalDay?](repeating: nil, count: 7), count: (lead + days + 6) / 7)
        var position = lead
        for month in 1...12 {
            for day in 1...LocalDay.daysIn(month: month, year: year) {
                weeks[position / 7][position % 7] = LocalDay(year: year, month: month, day: day)
                position += 1
            }
        }
        self.weeks = weeks
    }

    /// 1 = Sunday … 7 = Saturday; 1 January 1970 was a Thursday.
    static func weekday(of day: LocalDay) -> Int {
        ((day.daysSince1970 % 7 + 7 + 4) % 7) + 1
    }

    /// The row of `day` in a week starting on `firstWeekday`.
    static func row(of day: LocalDay, firstWeekday: Int) -> Int {
        (weekday(of: day) - firstWeekday + 7) % 7
    }

    /// The weekdays of the rows, top first.
    var rowWeekdays: [Int] { (0..<7).map { (firstWeekday - 1 + $0) % 7 + 1 } }

    /// Each month with the columns its label spans: from the week of its first day to the week
    /// before the next month's first day (the last month to the end).
    var monthSpans: [(month: Int, span: Int)] {
        let lead = Self.row(of: LocalDay(year: year, month: 1, day: 1), firstWeekday: firstWeekday)
        var starts: [Int] = []
        var dayOfYear = 0
        for month in 1...12 {
            starts.append((lead + dayOfYear) / 7)
            dayOfYear += LocalDay.daysIn(month: month, year: year)
        }
        return (1...12).map { month in (month, (month < 12 ? starts[month] : weeks.count) - starts[month - 1]) }
    }

    /// The first day of the week in `locale` (an ICU identifier), as Foundation has it.
    static func firstWeekday(locale: String) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: locale)
        return calendar.firstWeekday
    }
}
