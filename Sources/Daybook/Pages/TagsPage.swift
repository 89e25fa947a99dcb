/// Every tag, with its number of entries.
enum TagsPage: SinglePageKind {
    static let template = "tags"

    static func sitePath(_ index: Int, in journal: Journal) -> String { "tags/" }

    static func structure(_ index: Int, in journal: Journal) -> [String] {
        journal.tags.map { "\($0.name)/\($0.slug)/\($0.entries.count)" }
    }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let tags = page.view.journal.tags
        return (page.words.text("tags"), [
            "tags": tags.map { ["name": $0.name, "url": page.linker.href($0.path), "count": $0.entries.count] },
            "count": tags.count,
            "count_text": page.words.count("tags_count", tags.count),
        ])
    }
}
