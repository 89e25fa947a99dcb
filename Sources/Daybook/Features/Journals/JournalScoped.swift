/// A single page of the whole site seen for one journal (`travel/tags/`, `travel/archives/`,
/// `travel/stats/`): the kind `Base` itself, filled from that journal's entries alone. The pages
/// it links to (a tag, a month) stay those of the whole site, linked from the journal's address.
enum JournalScoped<Base: PageKind>: PageKind {
    static var template: String { Base.template }

    static func indices(in journal: Journal) -> Range<Int> { 0..<ShownJournals.of(journal).list.count }

    static func sitePath(_ index: Int, in journal: Journal) -> String {
        let shown = ShownJournals.of(journal).list[index]
        return shown.path + Base.sitePath(0, in: shown.journal)
    }

    /// What the base kind shows of the journal's entries; for the numbers, the figures; for the
    /// archives, the days of its calendar (`YearCalendars`).
    static func structure(_ index: Int, in journal: Journal) -> [String] {
        let alone = ShownJournals.of(journal).list[index].journal
        let figures = Base.self == StatsPage.self ? ["\(JournalStats(alone))"] : []
        let days = Base.self == ArchivesPage.self ? [YearCalendars.archivesKey(alone)] : []
        return Base.structure(0, in: alone) + figures + days
    }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let shown = ShownJournals.of(page.journal).list[index]
        var (title, values) = Base.context(0, page.over(JournalView(journal: shown.journal, needed: [])))
        values["journal"] = ["name": shown.info.name, "title": shown.info.title, "url": page.linker.href(shown.path)]
        return (title.map { "\($0) · \(shown.info.title)" } ?? shown.info.title, values)
    }
}
