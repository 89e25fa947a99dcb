/// Places and the map: a world map of every place with coordinates (`places/`), a page per
/// place, and a link from each entry's place name to that page. Drafts never appear: they are
/// not in `Journal.entries`.
struct Places: Feature {
    /// Worked out in `assemble`; nil before.
    var index: PlaceIndex?
    /// The assembled journal, for the pages' entries in `key(for:)`.
    var journal: Journal?
    /// Each entry's place's slug, by journal index: every page's key names those of its rows.
    var slugOfEntry: [String?] = []

    static let pageKinds: [any PageKind.Type] = [MapPage.self, PlacePage.self]

    /// The land outline, for the place pages' locator maps.
    var outline: WorldOutline?

    static func load(_ input: FeatureInput) async -> (feature: Places, problems: [Diagnostic]) {
        (Places(outline: WorldOutline.load(input.files)), [])
    }

    mutating func assemble(_ journal: inout Journal) {
        let index = PlaceIndex(journal.entries)
        journal.derived[PlaceIndex.derivedKey] = index
        journal.derived[WorldOutline.derivedKey] = outline
        if journal.settings.journals.isEnabled { journal.derived[PlaceIndex.byJournalKey] = PlaceIndex.byJournal(index, journal.entries) }
        self.index = index
        self.journal = journal
        slugOfEntry = journal.entries.indices.map { index.placeOfEntry[$0].map { index.places[$0].slug } }
    }

    /// Whether the navigation links to the map.
    private var showsLink: Bool { index?.places.contains(where: \.hasCoordinates) ?? false }

    var siteKey: String { (showsLink ? "places" : "") + (writesNames ? "+names" : "") }

    /// A row's place link names the place's slug, which merging spellings and telling apart
    /// places of one name make depend on other entries: the slugs of the rows a page shows.
    func key(for page: Page) -> String {
        guard let journal, !page.is(MapPage.self), !page.is(PlacePage.self) else { return "" }
        return page.entriesShown(in: journal).compactMap { slugOfEntry[$0] }.joined(separator: "\u{0}")
    }

    /// `site.places`: the map page's address, false when no place has coordinates;
    /// `site.place_names`: the names file for search, false without places.
    func siteBlock(_ linker: Linker) -> [String: Any] {
        ["places": showsLink ? linker.href("places/") : false,
         "place_names": writesNames ? linker.href(PlaceNamesFile.path) : false]
    }

    private var hasPlaces: Bool { !(index?.places.isEmpty ?? true) }
    /// The names file serves the search box only: without search, nothing about places is
    /// published beyond the feature's pages.
    private var writesNames: Bool { hasPlaces && journal?.settings.search == true }

    /// The names file changes with any place's name or address.
    var dataKey: String { index?.places.map(PlacePage.summary).joined(separator: "\u{1}") ?? "" }

    /// The names file, small, so made every time the data files are.
    mutating func makeData(_ view: JournalView, _ making: DataMaking) async throws -> DataFiles {
        guard let index, writesNames else { return DataFiles() }
        let file = PlaceNamesFile.make(index, settings: view.journal.settings)
        return DataFiles(files: [file], paths: [file.path])
    }

    /// `place_url` on every row: the page of the entry's place, false without a place.
    func rowValues(for entry: Int, _ page: PageContext) -> [String: Any] {
        guard let place = index?.placeOfEntry[entry], let index else { return ["place_url": false] }
        return ["place_url": page.linker.href(index.places[place].path)]
    }
}
