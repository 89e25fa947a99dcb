/// A tag's entries, in month sections.
enum TagPage: PageKind {
    static let template = "tag"
    static let sharesRows = true
    static let showsCompactRows = true

    static func indices(in journal: Journal) -> Range<Int> { journal.tags.indices }

    static func sitePath(_ index: Int, in journal: Journal) -> String { journal.tags[index].path }

    static func entriesShown(_ index: Int, in journal: Journal) -> [Int] { journal.tags[index].entries }

    static func structure(_ index: Int, in journal: Journal) -> [String] { [journal.tags[index].name] }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let tag = page.view.journal.tags[index]
        return ("#\(tag.name)", [
            "tag": ["name": tag.name, "count": tag.entries.count, "count_text": page.entriesText(tag.entries.count)] as [String: Any],
            "sections": page.sections(tag.entries, compact: true),
        ])
    }
}
