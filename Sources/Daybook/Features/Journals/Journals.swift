/// Several journals in one site (a diary, a travel log): each entry belongs to one, by its folder
/// or its `journal:` (`JournalNames`); with two or more journals shown, each gets a home page
/// (`JournalHomePage`), the navigation links them, and every row names its entry's journal.
/// A site without `journals:` in daybook.yml is one journal and builds exactly as before.
struct Journals: Feature {
    var shown = ShownJournals.empty
    /// Each entry's journal, in journal order; empty without `journals:`.
    var journalOfEntry: [String] = []
    var entryJournals: String { journalOfEntry.joined(separator: "\n") }

    static let pageKinds: [any PageKind.Type] = [
        JournalHomePage.self, JournalScoped<TagsPage>.self, JournalScoped<ArchivesPage>.self, JournalScoped<StatsPage>.self,
        JournalScoped<OnThisDayPage>.self,
        JournalScoped<MapPage>.self,
    ]

    static func load(_ input: FeatureInput) async -> (feature: Journals, problems: [Diagnostic]) {
        (Journals(), defaultProblem(input.settings.journals).map { [$0] } ?? [])
    }

    mutating func assemble(_ journal: inout Journal) {
        shown = ShownJournals(journal)
        if journal.settings.journals.isEnabled { journalOfEntry = journal.entries.map(\.journal) }
        journal.derived[ShownJournals.derivedKey] = shown
    }

    /// The navigation's links and the rows' badges are on every page. Which journal a row names
    /// follows from the entry's path and front-matter, which its page's key already takes.
    var siteKey: String { shown.key }

    /// An entry's page names its journal, which moving its file to another journal's folder
    /// changes without changing its bytes or address (all the key of a whole entry holds).
    func key(for page: Page) -> String {
        guard !shown.list.isEmpty, page.is(EntryPage.self), page.index < journalOfEntry.count else { return "" }
        return journalOfEntry[page.index]
    }

    /// The search index files an entry under its journal, which moving its file to another
    /// journal's folder changes without changing the entry's address or words.
    var dataKey: String { entryJournals }

    /// `site.journals`: a link to each journal's home, false for a site of one journal.
    func siteBlock(_ linker: Linker) -> [String: Any] {
        guard !shown.list.isEmpty else { return ["journals": false] }
        return ["journals": shown.list.map { ["name": $0.info.name, "title": $0.info.title, "url": linker.href($0.path)] }]
    }

    /// `journal` in a row: the entry's journal's title and home, false for a site of one journal
    /// and on a journal's own home, whose every row is of that journal.
    func rowValues(for entry: Int, _ page: PageContext) -> [String: Any] {
        guard !shown.list.isEmpty, !page.page.is(JournalHomePage.self), let journal = shown.shown(page.journal.entries[entry].journal) else { return ["journal": false] }
        return ["journal": ["name": journal.info.name, "title": journal.info.title, "url": page.linker.href(journal.path)]]
    }
}
