/// A month's entries, with links to its year and the months before and after.
enum MonthPage: PageKind {
    static let template = "month"
    static let sharesRows = true

    static func indices(in journal: Journal) -> Range<Int> { journal.months.indices }

    static func sitePath(_ index: Int, in journal: Journal) -> String { journal.months[index].key.path }

    static func entriesShown(_ index: Int, in journal: Journal) -> [Int] { journal.months[index].entries }

    static func structure(_ index: Int, in journal: Journal) -> [String] {
        let months = journal.months
        return [index > 0 ? months[index - 1].key.path : "", index + 1 < months.count ? months[index + 1].key.path : ""]
    }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let view = page.view
        let months = view.journal.months
        let month = months[index]
        var context: [String: Any] = [
            "heading": view.monthHeadings[month.key] ?? "",
            "count": month.entries.count,
            "count_text": page.entriesText(month.entries.count),
            "sections": page.sections(month.entries, compact: false),
            "year": page.link(String(month.key.year), "\(pad(month.key.year, 4))/"),
            "prev": false, "next": false,
        ]
        if index + 1 < months.count { context["prev"] = page.link(view.monthHeadings[months[index + 1].key] ?? "", months[index + 1].key.path) }
        if index > 0 { context["next"] = page.link(view.monthHeadings[months[index - 1].key] ?? "", months[index - 1].key.path) }
        return (view.monthHeadings[month.key], context)
    }
}
