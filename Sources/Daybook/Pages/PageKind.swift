/// A kind of page: where its pages go, what they show and how their template is filled. One
/// file per kind in this folder (a feature's kinds live in its folder); `PageKinds.all` lists them.
protocol PageKind: Sendable {
    /// The template that renders it, without `.mustache`.
    static var template: String { get }
    /// The pages of this kind in `journal`, as the indices `Page.index` takes.
    static func indices(in journal: Journal) -> Range<Int>
    /// Site path of page `index`: a folder (`2024/05/`) or a file (`404.html`).
    static func sitePath(_ index: Int, in journal: Journal) -> String
    /// The entries whose content appears on page `index` (journal indices).
    static func entriesShown(_ index: Int, in journal: Journal) -> [Int]
    /// Everything else the page shows that is not an entry (neighbouring months, counts), as
    /// strings for its key. Month and year names follow from the locale, which is in the site key.
    static func structure(_ index: Int, in journal: Journal) -> [String]
    /// True for a kind whose page `index` is entry `index` itself, body and all.
    static var showsWholeEntry: Bool { get }
    /// True for a kind that shows of its entries only their dates and addresses (the map: first
    /// and last visits, pins leading to entries), no title, excerpt or count of words: its key
    /// takes those alone, so editing an entry's words does not make it again.
    static var showsEntryDatesOnly: Bool { get }
    /// True for a kind that shows its entries in short rows (`entry-row-compact`: title, date,
    /// rating and address; `PageContext.compactRow`) and nothing else of them: its key takes
    /// those alone, so editing an entry's words, tags or place does not make it again (a tag's
    /// page lists a thousand entries at 10,000). What a feature adds to the page is in its key.
    static var showsCompactRows: Bool { get }
    /// False for a kind whose pages only send the reader elsewhere (redirects): left out of the sitemap.
    static var inSitemap: Bool { get }
    /// True for a kind whose lists' rows are those of every other such kind at the same depth,
    /// so each row is rendered once for all of them (`RowRendering`). False for a kind whose rows
    /// differ (a journal's home leaves out the journal's badge) or are too few to gain.
    static var sharesRows: Bool { get }
    /// The page's title (nil for none) and its own keys of the template context.
    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any])
}

extension PageKind {
    static var showsWholeEntry: Bool { false }
    static var showsEntryDatesOnly: Bool { false }
    static var showsCompactRows: Bool { false }
    static var inSitemap: Bool { true }
    static var sharesRows: Bool { false }
    static func entriesShown(_ index: Int, in journal: Journal) -> [Int] { [] }
    static func structure(_ index: Int, in journal: Journal) -> [String] { [] }
}

/// A kind with a single page.
protocol SinglePageKind: PageKind {}

extension SinglePageKind {
    static func indices(in journal: Journal) -> Range<Int> { 0..<1 }
}

enum PageKinds {
    /// The core kinds of page, in the order a build makes them.
    static let core: [any PageKind.Type] = [
        HomePage.self, ArchivesPage.self, TagsPage.self, NotFoundPage.self,
        YearPage.self, MonthPage.self, TagPage.self, EntryPage.self,
    ]

    /// Every kind: the core ones, then each feature's (`Feature.pageKinds`).
    static let all: [any PageKind.Type] = core + Features.all.flatMap { $0.pageKinds }
}
