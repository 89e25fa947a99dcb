/// Every word "on this day" shows, in one table, for the pages and (through the block's script
/// element) for `on-this-day.js`, so that a translation can take them over in one place.
struct OnThisDayWords: Sendable {
    var heading = "On this day"
    var oneYearAgo = "1 year ago"
    /// `{n}` stands for the number of years.
    var yearsAgo = "{n} years ago"
    /// Shown on the page of its own when the day has nothing.
    var nothing = "Nothing was written on this day in earlier years."
    var untitled = "Untitled entry"
    /// The page's buttons (with JavaScript) and the name of their group.
    var previous = "Previous day"
    var next = "Next day"
    var days = "Days"
    /// `{day}` and `{month}` stand for the day of the month and the month's name.
    var date = "{day} {month}"

    static let english = OnThisDayWords()

    /// "1 year ago", "3 years ago".
    func ago(_ years: Int) -> String {
        years == 1 ? oneYearAgo : yearsAgo.replacingOccurrences(of: "{n}", with: String(years))
    }

    /// "28 June", with the month names of the site's locale.
    func day(_ day: Int, month: Int, monthNames: [String]) -> String {
        date.replacingOccurrences(of: "{day}", with: String(day))
            .replacingOccurrences(of: "{month}", with: monthNames[month - 1])
    }

    /// The words for the template, which also hands them to the script.
    var templateValues: [String: Any] {
        ["heading": heading, "one": oneYearAgo, "many": yearsAgo, "nothing": nothing, "untitled": untitled, "date": date,
         "previous": previous, "next": next, "days": days]
    }
}
