import Foundation

/// Every word "on this day" shows, taken from the journal's translation table, for the pages and
/// (through the block's script element) for `on-this-day.js`.
struct OnThisDayWords: Sendable {
    var words: Words

    var heading: String { words.text("on_this_day") }
    /// Shown on the page of its own when the day has nothing.
    var nothing: String { words.text("on_this_day_nothing") }
    var untitled: String { words.text("untitled_entry") }

    static let english = OnThisDayWords(words: .english)

    /// "1 year ago", "3 years ago".
    func ago(_ years: Int) -> String {
        words.count("years_ago", years)
    }

    /// "28 June", with the month names of the site's locale.
    func day(_ day: Int, month: Int, monthNames: [String]) -> String {
        words.text("on_this_day_date", ["day": String(day), "month": monthNames[month - 1]])
    }

    /// The words for the template, which also hands them to the script: `one` and `many` are
    /// the English-shaped pair older scripts read, `ago` every plural form as JSON, chosen in
    /// the browser with `Intl.PluralRules`.
    var templateValues: [String: Any] {
        let forms = words.forms("years_ago")
        let agoJSON = (try? JSONSerialization.data(withJSONObject: forms, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return ["heading": heading, "one": ago(1), "many": forms["other"] ?? "", "ago": agoJSON,
                "nothing": nothing, "untitled": untitled, "date": words.text("on_this_day_date"),
                "previous": words.text("previous_day"), "next": words.text("next_day"), "days": words.text("days")]
    }
}
