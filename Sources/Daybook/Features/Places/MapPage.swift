/// `places/`: every place with coordinates as a pin on a world map, beside the list of all
/// places; made when the journal has any place.
enum MapPage: SinglePageKind {
    static let template = "places"

    static func indices(in journal: Journal) -> Range<Int> { PlaceIndex.of(journal).places.isEmpty ? 0..<0 : 0..<1 }

    static func sitePath(_ index: Int, in journal: Journal) -> String { "places/" }

    /// Every entry with a place: the list shows first and last visits, the pins their counts.
    static func entriesShown(_ index: Int, in journal: Journal) -> [Int] {
        PlaceIndex.of(journal).placeOfEntry.keys.sorted()
    }

    /// Of its entries the page shows dates (first and last visits, the latest place) and
    /// addresses (a pin with one entry leads to it); the covers are the photos' part of the key.
    static var showsEntryDatesOnly: Bool { true }

    /// Each place, and which entries it has: their dates and addresses are in the key already.
    static func structure(_ index: Int, in journal: Journal) -> [String] {
        PlaceIndex.of(journal).places.map { PlacePage.summary($0) + "\u{0}" + $0.entries.map(String.init).joined(separator: ",") }
    }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let places = PlaceIndex.of(page.journal)
        // Each name folded once, not in every comparison: a journal has thousands of places.
        let sorted = places.places.map { (folded: $0.name.lowercased(), place: $0) }
            .sorted { ($0.folded, $0.place.slug) < ($1.folded, $1.place.slug) }.map(\.place)
        let located = sorted.filter(\.hasCoordinates)
        let unlocated = sorted.filter { !$0.hasCoordinates }
        return (page.words.text("places"), [
            "map": MapDrawing(index: places, page: page).block(),
            "places": located.map { row($0, page) },
            "has_places": !located.isEmpty,
            "unlocated": unlocated.map { row($0, page) },
            "has_unlocated": !unlocated.isEmpty,
            "count_text": page.words.count("places_count", places.places.count),
        ])
    }

    /// A line of the list: name, count, first and last visit.
    static func row(_ place: JournalPlace, _ page: PageContext) -> [String: Any] {
        let last = page.view.entries[place.entries[0]]
        let first = page.view.entries[place.entries[place.entries.count - 1]]
        return ["name": place.name, "url": page.linker.href(place.path), "count": place.entries.count,
                "count_text": page.entriesText(place.entries.count),
                "first": first.dateLong, "first_datetime": first.iso, "last": last.dateLong, "last_datetime": last.iso]
    }
}
