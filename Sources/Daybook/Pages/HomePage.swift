/// The home page: whole recent months until it holds `home_entries` (see `Journal.homeEntries`).
enum HomePage: SinglePageKind {
    static let template = "home"

    static func sitePath(_ index: Int, in journal: Journal) -> String { "" }

    static func entriesShown(_ index: Int, in journal: Journal) -> [Int] { journal.homeEntries }

    static func structure(_ index: Int, in journal: Journal) -> [String] { ["\(journal.entries.count)"] }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let journal = page.view.journal
        let shown = journal.homeEntries
        var context: [String: Any] = ["sections": page.sections(shown, compact: false), "is_empty": shown.isEmpty, "more": false]
        let older = journal.entries.count - shown.count
        if older > 0 {
            context["more"] = ["count": older, "count_text": page.entriesText(older), "text": page.words.count("more_in_archives", older),
                               "url": page.linker.href("archives/")] as [String: Any]
        }
        return (nil, context)
    }
}

extension Journal {
    /// The entries of the home page: whole recent months until there are at least `homeEntries`.
    var homeEntries: [Int] {
        var shown: [Int] = []
        for month in months {
            if shown.count >= settings.homeEntries { break }
            shown += month.entries
        }
        return shown
    }
}
