/// A single page of the whole site seen for one journal (`travel/tags/`, `travel/archives/`,
/// `travel/stats/`, `travel/places/`): the kind `Base` itself, filled from that journal's entries
/// alone. The pages it links to (a tag, a month, a place) stay those of the whole site, linked
/// from the journal's address.
enum JournalScoped<Base: PageKind>: PageKind {
    static var template: String { Base.template }

    /// One page per shown journal that has the base kind's page: a journal without places has
    /// no map. Page `index` is the journal at that position among those (`shown(_:in:)`).
    static func indices(in journal: Journal) -> Range<Int> { 0..<having(journal).count }

    /// The shown journals that have a page of `Base`, in order, each alone as `Base` sees it.
    private static func having(_ journal: Journal) -> [ShownJournals.Shown] {
        ShownJournals.of(journal).list.map { aloneForBase($0, in: journal) }.filter { !Base.indices(in: $0.journal).isEmpty }
    }

    /// The journal page `index` is for, its `journal` as `Base` sees it.
    static func shown(_ index: Int, in journal: Journal) -> ShownJournals.Shown { having(journal)[index] }

    /// Whether `shown` has a page of this kind (its home links it then).
    static func has(_ shown: ShownJournals.Shown, in journal: Journal) -> Bool {
        !Base.indices(in: aloneForBase(shown, in: journal).journal).isEmpty
    }

    /// `shown`, its journal alone given what `Base` takes from the whole site (`SiteScopedKind`).
    private static func aloneForBase(_ shown: ShownJournals.Shown, in journal: Journal) -> ShownJournals.Shown {
        guard let kind = Base.self as? any SiteScopedKind.Type else { return shown }
        var shown = shown
        shown.journal = kind.alone(shown.journal, named: shown.info.name, in: journal)
        return shown
    }

    static func sitePath(_ index: Int, in journal: Journal) -> String {
        let shown = shown(index, in: journal)
        return shown.path + Base.sitePath(0, in: shown.journal)
    }

    /// The base kind's entries, as indices in the whole journal, so the page's key takes them.
    static func entriesShown(_ index: Int, in journal: Journal) -> [Int] {
        let shown = shown(index, in: journal)
        return Base.entriesShown(0, in: shown.journal).compactMap { shown.entries.indices.contains($0) ? shown.entries[$0] : nil }
    }

    static var showsEntryDatesOnly: Bool { Base.showsEntryDatesOnly }
    static var showsCompactRows: Bool { Base.showsCompactRows }
    static var inSitemap: Bool { Base.inSitemap }

    /// What the base kind shows of the journal's entries; for the numbers, the figures; for the
    /// archives, the days of its calendar (`YearCalendars`).
    static func structure(_ index: Int, in journal: Journal) -> [String] {
        let alone = shown(index, in: journal).journal
        let figures = Base.self == StatsPage.self ? ["\(JournalStats(alone))"] : []
        let days = Base.self == ArchivesPage.self ? [YearCalendars.archivesKey(alone)] : []
        return Base.structure(0, in: alone) + figures + days
    }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let shown = shown(index, in: page.journal)
        let view = JournalView(journal: shown.journal, needed: Set(Base.entriesShown(0, in: shown.journal)))
        var (title, values) = Base.context(0, page.over(view))
        values["journal"] = ["name": shown.info.name, "title": shown.info.title, "url": page.linker.href(shown.path)]
        return (title.map { "\($0) · \(shown.info.title)" } ?? shown.info.title, values)
    }
}

/// A kind whose page for one journal takes more from the whole site than that journal's entries:
/// the map and the numbers name each place by the site's address (`JournalPlaces`).
protocol SiteScopedKind: PageKind {
    /// `alone` (the journal `name`'s entries alone) with what the kind takes from `whole`.
    static func alone(_ alone: Journal, named name: String, in whole: Journal) -> Journal
}
