import Foundation

/// The date words of the journal's language, folded like search terms, so the search script reads
/// dates the way a reader types them there: `May 2024`, `mai 2024`, `2024년 5월`, `5/1/24`.
struct SearchLocale: Sendable, Equatable {
    /// For each month, January first: its full names (format and stand-alone forms).
    var months: [[String]]
    /// For each month: abbreviations that differ from the full names, without a final `.`.
    var monthAbbreviations: [[String]]
    /// For each weekday, Sunday first: full names.
    var weekdays: [[String]]
    var weekdayAbbreviations: [[String]]
    /// The order of day, month and year in the locale's short date: `mdy` for `5/1/24` (en_US),
    /// `dmy` for `01/05/2024` (en_GB, fr_FR), `ymd` for `2024. 5. 1.` (ko_KR).
    var order: String
    /// What follows the number of a year or a day: `년` and `일` in Korean, `年` and `日` in Japanese.
    var yearSuffix: String
    var daySuffix: String

    init(locale identifier: String) {
        let locale = Locale(identifier: identifier)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        let tokenizer = SearchTokenizer()
        func names(_ lists: [[String]?]) -> [[String]] {
            let lists = lists.compactMap { $0 }
            let count = lists.first?.count ?? 0
            return (0..<count).map { index in
                var seen: [String] = []
                for list in lists where index < list.count {
                    let name = Self.trimmed(tokenizer.folded(list[index]))
                    if !name.isEmpty && !seen.contains(name) { seen.append(name) }
                }
                return seen
            }
        }
        func without(_ abbreviations: [[String]], _ full: [[String]]) -> [[String]] {
            zip(abbreviations, full).map { short, long in short.filter { !long.contains($0) } }
        }
        months = names([formatter.monthSymbols, formatter.standaloneMonthSymbols])
        monthAbbreviations = without(names([formatter.shortMonthSymbols, formatter.shortStandaloneMonthSymbols]), months)
        weekdays = names([formatter.weekdaySymbols, formatter.standaloneWeekdaySymbols])
        weekdayAbbreviations = without(names([formatter.shortWeekdaySymbols, formatter.shortStandaloneWeekdaySymbols]), weekdays)

        formatter.dateStyle = .short
        let pattern = formatter.dateFormat ?? "y-M-d"
        let positions: [(Character, String.Index)] = ["d", "M", "y"].compactMap { field in
            pattern.firstIndex(of: field).map { (field, $0) }
        }
        order = String(positions.sorted { $0.1 < $1.1 }.map { $0.0 == "M" ? "m" : $0.0 })
        if order.count != 3 { order = "ymd" }

        let sample = Date(timeIntervalSince1970: 1_714_564_800)  // 2024-05-01 12:00 UTC
        formatter.setLocalizedDateFormatFromTemplate("y")
        yearSuffix = Self.trimmed(tokenizer.folded(formatter.string(from: sample).filter { !$0.isNumber }))
        formatter.setLocalizedDateFormatFromTemplate("d")
        daySuffix = Self.trimmed(tokenizer.folded(formatter.string(from: sample).filter { !$0.isNumber }))
    }

    /// Without surrounding spaces and dots: `janv.` -> `janv`.
    static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: ".")))
    }

    func write(to json: inout JSONWriter) {
        json.object { object in
            object.field("months") { $0.array(months) { $0.stringArray($1) } }
            object.field("month_abbreviations") { $0.array(monthAbbreviations) { $0.stringArray($1) } }
            object.field("weekdays") { $0.array(weekdays) { $0.stringArray($1) } }
            object.field("weekday_abbreviations") { $0.array(weekdayAbbreviations) { $0.stringArray($1) } }
            object.field("order") { $0.string(order) }
            object.field("year_suffix") { $0.string(yearSuffix) }
            object.field("day_suffix") { $0.string(daySuffix) }
        }
    }
}
