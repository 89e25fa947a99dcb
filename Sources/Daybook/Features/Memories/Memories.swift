/// "On this day": the entries written on the newest entry's month and day in earlier years, on
/// the home page and on a page of its own (`on-this-day/`); `on-this-day.js` swaps in the
/// reader's own day from that day's data file before the block is drawn. A journal without
/// entries has neither the block, the page nor the nav link. With several journals shown, each
/// has its own too (`Memories+Journals.swift`).
struct Memories: Feature {
    /// Worked out once the journal is assembled; nil without entries.
    var shown: OnThisDayShown?
    /// Each shown journal's own, in the order of `ShownJournals.list`; empty for one journal.
    var journals: [OnThisDayShown] = []

    static let pageKinds: [any PageKind.Type] = [OnThisDayPage.self]

    static func load(_ input: FeatureInput) async -> (feature: Memories, problems: [Diagnostic]) {
        (Memories(), [])
    }

    mutating func assemble(_ journal: inout Journal) {
        let words = OnThisDayWords(words: journal.words)
        shown = OnThisDayShown(journal: journal, words: words)
        journals = Self.ofJournals(journal, words: words)
    }

    /// Whether the nav link shows.
    var siteKey: String { shown == nil ? "" : "on-this-day" }

    /// The home page and the page of its own show the default day's list and link the data file.
    func key(for page: Page) -> String {
        if let own = journalShown(on: page) { return own.key }
        guard let shown, page.is(HomePage.self) || page.is(OnThisDayPage.self) else { return "" }
        return shown.key
    }

    var dataKey: String { ([shown?.data.folder ?? ""] + journals.map(\.data.folder)).joined(separator: "\n") }

    /// `site.on_this_day`: the link to the page, false without one.
    func siteBlock(_ linker: Linker) -> [String: Any] {
        ["on_this_day": shown == nil ? false : linker.href(OnThisDayPage.path)]
    }

    /// The `on_this_day` block, on the home page and the page of its own (a journal's: on its
    /// home and its page).
    func context(for page: PageContext) -> [String: Any] {
        if let own = journalShown(on: page.page) {
            return ["on_this_day": own.block(page, onPage: !page.page.is(JournalHomePage.self))]
        }
        guard let shown else { return [:] }
        let onPage = page.page.is(OnThisDayPage.self)
        guard onPage || page.page.is(HomePage.self) else { return [:] }
        return ["on_this_day": shown.block(page, onPage: onPage)]
    }

    /// A small file per day of the year with entries, made whenever the data files are; and
    /// each shown journal's own.
    mutating func makeData(_ view: JournalView, _ making: DataMaking) async throws -> DataFiles {
        let files = (shown.map { [$0] } ?? []).flatMap(\.data.files) + journals.flatMap(\.data.files)
        return DataFiles(files: files, paths: files.map(\.path))
    }
}
