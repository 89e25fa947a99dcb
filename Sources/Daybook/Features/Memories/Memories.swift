/// "On this day": the entries written on the newest entry's month and day in earlier years, on
/// the home page and on a page of its own (`on-this-day/`); `on-this-day.js` swaps in the
/// reader's own day from that day's data file before the block is drawn. A journal without
/// entries has neither the block, the page nor the nav link.
struct Memories: Feature {
    /// Worked out once the journal is assembled; nil without entries.
    var shown: OnThisDayShown?

    static let pageKinds: [any PageKind.Type] = [OnThisDayPage.self]

    static func load(_ input: FeatureInput) async -> (feature: Memories, problems: [Diagnostic]) {
        (Memories(), [])
    }

    mutating func assemble(_ journal: inout Journal) {
        shown = OnThisDayShown(journal: journal, words: OnThisDayWords(words: journal.words))
    }

    /// Whether the nav link shows.
    var siteKey: String { shown == nil ? "" : "on-this-day" }

    /// The home page and the page of its own show the default day's list and link the data file.
    func key(for page: Page) -> String {
        guard let shown, page.is(HomePage.self) || page.is(OnThisDayPage.self) else { return "" }
        return shown.key
    }

    var dataKey: String { shown?.data.folder ?? "" }

    /// `site.on_this_day`: the link to the page, false without one.
    func siteBlock(_ linker: Linker) -> [String: Any] {
        ["on_this_day": shown == nil ? false : linker.href(OnThisDayPage.path)]
    }

    /// The `on_this_day` block, on the home page and the page of its own.
    func context(for page: PageContext) -> [String: Any] {
        guard let shown else { return [:] }
        let onPage = page.page.is(OnThisDayPage.self)
        guard onPage || page.page.is(HomePage.self) else { return [:] }
        return ["on_this_day": shown.block(page, onPage: onPage)]
    }

    /// A small file per day of the year with entries, made whenever the data files are.
    mutating func makeData(_ view: JournalView, _ making: DataMaking) async throws -> DataFiles {
        guard let shown else { return DataFiles() }
        return DataFiles(files: shown.data.files, paths: shown.data.files.map(\.path))
    }
}
