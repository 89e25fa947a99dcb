/// The journal's numbers: the `stats/` page (`StatsPage`) and its link in the site navigation,
/// shown when the journal has an entry. Everything is counted at build time from the assembled
/// journal; word counts come with each entry's parse (`Entry.wordCount`), so the page needs no
/// entry's body, even in an incremental build that read none.
struct Stats: Feature {
    /// Whether the journal has the page.
    var shown = false
    /// The figures, counted once the journal is assembled.
    var figures: JournalStats?

    static let pageKinds: [any PageKind.Type] = [StatsPage.self]

    static func load(_ input: FeatureInput) async -> (feature: Stats, problems: [Diagnostic]) {
        (Stats(), [])
    }

    mutating func assemble(_ journal: inout Journal) {
        shown = !StatsPage.indices(in: journal).isEmpty
        figures = shown ? JournalStats(journal) : nil
        // For the page, which sees only the journal (`Journal.derived`, as the places do).
        journal.derived[JournalStats.derivedKey] = figures
    }

    /// The page shows figures, not entries: its key is the figures themselves, so an edit that
    /// changes none of them leaves it alone, and no entry's view is prepared for it.
    func key(for page: Page) -> String {
        page.is(StatsPage.self) ? figures?.key ?? "" : ""
    }

    /// The navigation link is on every page.
    var siteKey: String { shown ? "stats" : "" }

    /// `site.stats`: the page's address, false without one.
    func siteBlock(_ linker: Linker) -> [String: Any] {
        ["stats": shown ? linker.href("stats/") : false]
    }
}
