/// One page of the site to render: a kind, and which page of that kind (`index`, in the order
/// of `PageKind.indices(in:)`).
struct Page: Sendable, Hashable {
    let kind: any PageKind.Type
    let index: Int

    init(_ kind: any PageKind.Type, _ index: Int = 0) {
        self.kind = kind
        self.index = index
    }

    static func == (a: Page, b: Page) -> Bool { a.kind == b.kind && a.index == b.index }
    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(kind))
        hasher.combine(index)
    }

    /// Whether the page is of `kind`.
    func `is`(_ kind: any PageKind.Type) -> Bool { self.kind == kind }

    var template: String { kind.template }

    /// Every page of a journal: the kinds in the order of `PageKinds.all`, each kind's in its order.
    static func all(for journal: Journal) -> [Page] {
        PageKinds.all.flatMap { kind in kind.indices(in: journal).map { Page(kind, $0) } }
    }

    /// Site path of the page: a folder (`2024/05/`) or, for the 404 page, a file.
    func sitePath(in journal: Journal) -> String { kind.sitePath(index, in: journal) }

    /// The entries whose content appears on the page.
    func entriesShown(in journal: Journal) -> [Int] { kind.entriesShown(index, in: journal) }

    /// Everything else the page shows that is not an entry (neighbours, counts), for its key.
    func structure(in journal: Journal) -> [String] { kind.structure(index, in: journal) }

    /// Whether the page shows of its entries only their dates and addresses (`PageKind`).
    var showsEntryDatesOnly: Bool { kind.showsEntryDatesOnly }

    /// Whether the page shows its entries in short rows only (`PageKind`).
    var showsCompactRows: Bool { kind.showsCompactRows }

    /// The entry whose whole file (body included) the page shows, if any.
    var entryShownWhole: Int? { kind.showsWholeEntry ? index : nil }

    /// The file written for a site path: folders get an `index.html`.
    static func outputFile(for sitePath: String) -> String {
        sitePath.isEmpty || sitePath.hasSuffix("/") ? sitePath + "index.html" : sitePath
    }
}
