/// Every year with its twelve months, each with its number of entries.
enum ArchivesPage: SinglePageKind {
    static let template = "archives"

    static func sitePath(_ index: Int, in journal: Journal) -> String { "archives/" }

    static func structure(_ index: Int, in journal: Journal) -> [String] {
        journal.months.map { "\($0.key.path)\($0.entries.count)" }
    }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        (page.words.text("archives"), ["years": page.view.journal.years.map { summary(of: $0, page) }])
    }

    private static func summary(of year: Int, _ page: PageContext) -> [String: Any] {
        let view = page.view
        let counts = Dictionary(view.journal.months.filter { $0.key.year == year }.map { ($0.key.month, $0.entries.count) },
                                uniquingKeysWith: +)
        let months: [[String: Any]] = (1...12).map { month in
            // has_entries is always set: Mustache would otherwise find the year's url and count.
            var item: [String: Any] = ["name": view.monthNames[month - 1], "abbr": view.monthAbbreviations[month - 1],
                                       "has_entries": counts[month] != nil]
            if let count = counts[month] {
                item["count"] = count
                item["count_text"] = page.entriesText(count)
                item["url"] = page.linker.href(MonthKey(year: year, month: month).path)
            }
            return item
        }
        return ["year": String(year), "url": page.linker.href("\(pad(year, 4))/"), "count": counts.values.reduce(0, +), "months": months]
    }
}
