/// The page-specific parts of each template's context.
extension PageContext {
    func home() -> [String: Any] {
        let shown = view.journal.homeEntries
        var context: [String: Any] = ["sections": sections(shown, rows: row), "is_empty": shown.isEmpty, "more": false]
        let older = view.journal.entries.count - shown.count
        if older > 0 {
            context["more"] = ["count": older, "count_text": entriesText(older), "url": linker.href("archives/")] as [String: Any]
        }
        return context
    }

    func yearSummary(_ year: Int) -> [String: Any] {
        let counts = Dictionary(view.journal.months.filter { $0.key.year == year }.map { ($0.key.month, $0.entries.count) },
                                uniquingKeysWith: +)
        let months: [[String: Any]] = (1...12).map { month in
            // has_entries is always set: Mustache would otherwise find the year's url and count.
            var item: [String: Any] = ["name": view.monthNames[month - 1], "abbr": view.monthAbbreviations[month - 1],
                                       "has_entries": counts[month] != nil]
            if let count = counts[month] {
                item["count"] = count
                item["count_text"] = entriesText(count)
                item["url"] = linker.href(MonthKey(year: year, month: month).path)
            }
            return item
        }
        return ["year": String(year), "url": linker.href("\(pad(year, 4))/"), "count": counts.values.reduce(0, +), "months": months]
    }

    func yearPage(_ year: Int) -> [String: Any] {
        let years = view.journal.years
        let indices = view.journal.months.filter { $0.key.year == year }.flatMap(\.entries)
        var context: [String: Any] = ["year": String(year), "count": indices.count, "count_text": entriesText(indices.count),
                                      "sections": sections(indices, rows: compactRow), "prev": false, "next": false]
        if let position = years.firstIndex(of: year) {
            if position + 1 < years.count { context["prev"] = link(String(years[position + 1]), "\(pad(years[position + 1], 4))/") }
            if position > 0 { context["next"] = link(String(years[position - 1]), "\(pad(years[position - 1], 4))/") }
        }
        return context
    }

    func monthPage(_ index: Int) -> [String: Any] {
        let months = view.journal.months
        let month = months[index]
        var context: [String: Any] = [
            "heading": view.monthHeadings[month.key] ?? "",
            "count": month.entries.count,
            "count_text": entriesText(month.entries.count),
            "sections": sections(month.entries, rows: row),
            "year": link(String(month.key.year), "\(pad(month.key.year, 4))/"),
            "prev": false, "next": false,
        ]
        if index + 1 < months.count { context["prev"] = link(view.monthHeadings[months[index + 1].key] ?? "", months[index + 1].key.path) }
        if index > 0 { context["next"] = link(view.monthHeadings[months[index - 1].key] ?? "", months[index - 1].key.path) }
        return context
    }

    func entryPage(_ index: Int) -> [String: Any] {
        var entry = row(index)
        entry["body"] = view.entries[index].html
        let key = view.journal.entries[index].date.monthKey
        var context: [String: Any] = [
            "entry": entry,
            "month": link(view.monthHeadings[key] ?? "", key.path),
            "prev": false, "next": false,
        ]
        // Journal order is newest first: the previous (older) entry comes after this one.
        if index + 1 < view.entries.count { context["prev"] = link(view.entries[index + 1].title, view.entries[index + 1].path) }
        if index > 0 { context["next"] = link(view.entries[index - 1].title, view.entries[index - 1].path) }
        return context
    }

    private func link(_ title: String, _ path: String) -> [String: Any] {
        ["title": title, "url": linker.href(path)]
    }
}
