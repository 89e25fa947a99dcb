/// One entry, whole, with links to its month and its neighbours.
enum EntryPage: PageKind {
    static let template = "entry"
    static let showsWholeEntry = true

    static func indices(in journal: Journal) -> Range<Int> { journal.entries.indices }

    static func sitePath(_ index: Int, in journal: Journal) -> String { journal.paths[index] }

    /// The neighbours' titles and addresses appear in the pager.
    static func entriesShown(_ index: Int, in journal: Journal) -> [Int] {
        [index - 1, index, index + 1].filter { journal.entries.indices.contains($0) }
    }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let view = page.view
        var entry = page.row(index)
        entry["body"] = page.features.reduce(view.entries[index].html) { $1.entryBody($0, of: index, page) }
        // Only a build with drafts shows one; the badge says it will not be published as it is.
        entry["draft"] = view.journal.entries[index].isDraft
        let key = view.journal.entries[index].date.monthKey
        var context: [String: Any] = [
            "entry": entry,
            "month": page.link(view.monthHeadings[key] ?? "", key.path),
            "prev": false, "next": false,
        ]
        // Journal order is newest first: the previous (older) entry comes after this one.
        if index + 1 < view.entries.count { context["prev"] = page.link(view.entries[index + 1].title, view.entries[index + 1].path) }
        if index > 0 { context["next"] = page.link(view.entries[index - 1].title, view.entries[index - 1].path) }
        return (view.entries[index].title, context)
    }
}
