/// A year's entries in month sections, with links to the years before and after.
enum YearPage: PageKind {
    static let template = "year"
    static let sharesRows = true
    static let showsCompactRows = true

    static func indices(in journal: Journal) -> Range<Int> { journal.years.indices }

    static func sitePath(_ index: Int, in journal: Journal) -> String { "\(pad(journal.years[index], 4))/" }

    static func entriesShown(_ index: Int, in journal: Journal) -> [Int] {
        let year = journal.years[index]
        return journal.months.filter { $0.key.year == year }.flatMap(\.entries)
    }

    static func structure(_ index: Int, in journal: Journal) -> [String] {
        let years = journal.years
        return [index > 0 ? "\(years[index - 1])" : "", index + 1 < years.count ? "\(years[index + 1])" : ""]
    }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let years = page.view.journal.years
        let year = years[index]
        let shown = entriesShown(index, in: page.view.journal)
        var context: [String: Any] = ["year": String(year), "count": shown.count, "count_text": page.entriesText(shown.count),
                                      "sections": page.sections(shown, compact: true), "prev": false, "next": false]
        // Years are newest first: the previous (older) year comes after this one.
        if index + 1 < years.count { context["prev"] = page.link(String(years[index + 1]), "\(pad(years[index + 1], 4))/") }
        if index > 0 { context["next"] = page.link(String(years[index - 1]), "\(pad(years[index - 1], 4))/") }
        return (String(year), context)
    }
}
