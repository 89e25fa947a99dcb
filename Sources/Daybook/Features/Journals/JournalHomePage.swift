/// A journal's home, at `<name>/`: its title and description, then its whole recent months
/// until they hold `home_entries`, as the site's home does for all journals, and a link to its archives;
/// its "on this day" block comes from `Memories`.
enum JournalHomePage: PageKind {
    static let template = "journal-home"

    static func indices(in journal: Journal) -> Range<Int> { 0..<ShownJournals.of(journal).list.count }

    static func sitePath(_ index: Int, in journal: Journal) -> String { ShownJournals.of(journal).list[index].path }

    static func entriesShown(_ index: Int, in journal: Journal) -> [Int] { ShownJournals.of(journal).homeEntries(index, in: journal) }

    static func structure(_ index: Int, in journal: Journal) -> [String] {
        let shown = ShownJournals.of(journal).list[index]
        let places = JournalScoped<MapPage>.has(shown, in: journal) ? ["places"] : []
        return [shown.info.name, shown.info.title, shown.info.description ?? "", "\(shown.entries.count)"] + places
    }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let journal = page.journal
        let shown = ShownJournals.of(journal).list[index]
        let entries = ShownJournals.of(journal).homeEntries(index, in: journal)
        var context: [String: Any] = [
            "journal": ["name": shown.info.name, "title": shown.info.title, "description": shown.info.description ?? false,
                        "archives": page.linker.href(shown.path + "archives/"), "tags": page.linker.href(shown.path + "tags/"),
                        "stats": page.linker.href(shown.path + "stats/"),
                        "on_this_day_url": page.linker.href(shown.path + OnThisDayPage.path),
                        "places": JournalScoped<MapPage>.has(shown, in: journal) ? page.linker.href(shown.path + "places/") : false] as [String: Any],
            "sections": page.sections(entries, compact: false), "more": false,
            "count_text": page.entriesText(shown.entries.count),
        ]
        let older = shown.entries.count - entries.count
        if older > 0 {
            context["more"] = ["count": older, "text": page.words.count("more_in_archives", older),
                               "url": page.linker.href(shown.path + "archives/")] as [String: Any]
        }
        return (shown.info.title, context)
    }
}
