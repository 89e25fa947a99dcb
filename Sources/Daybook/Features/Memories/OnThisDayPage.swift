/// The page of its own, `on-this-day/`: the default day's list grouped by years ago (the reader's
/// day with JavaScript), from the feature's `on_this_day` block. There only when the journal has
/// entries.
enum OnThisDayPage: SinglePageKind {
    static let template = "on-this-day"
    static let path = "on-this-day/"

    static func indices(in journal: Journal) -> Range<Int> { journal.entries.isEmpty ? 0..<0 : 0..<1 }

    static func sitePath(_ index: Int, in journal: Journal) -> String { path }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        (page.words.text("on_this_day"), [:])
    }
}
