/// `places/<slug>/`: a place's entries, newest first, with a small locator map when the place
/// has coordinates.
enum PlacePage: PageKind {
    static let template = "place"
    static let sharesRows = true

    static func indices(in journal: Journal) -> Range<Int> { PlaceIndex.of(journal).places.indices }

    static func sitePath(_ index: Int, in journal: Journal) -> String { PlaceIndex.of(journal).places[index].path }

    static func entriesShown(_ index: Int, in journal: Journal) -> [Int] { PlaceIndex.of(journal).places[index].entries }

    static func structure(_ index: Int, in journal: Journal) -> [String] { [summary(PlaceIndex.of(journal).places[index])] }

    /// What a page shows of a place besides its entries: name, address, position and pins.
    static func summary(_ place: JournalPlace) -> String {
        "\(place.name)\u{0}\(place.slug)\u{0}\(place.latitude.map { "\($0)" } ?? "-")\u{0}\(place.longitude.map { "\($0)" } ?? "-")"
            + place.spots.map { "\u{0}\($0.latitude),\($0.longitude)" }.joined()
    }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let place = PlaceIndex.of(page.journal).places[index]
        var info: [String: Any] = ["name": place.name, "count": place.entries.count,
                                   "count_text": page.entriesText(place.entries.count), "locator": false, "coordinates": false,
                                   "on_map": page.words.text("place_on_map", ["name": place.name])]
        if let lat = place.latitude, let lon = place.longitude {
            info["coordinates"] = Place(name: nil, latitude: lat, longitude: lon).coordinates ?? false
            let outline = page.journal.derived[WorldOutline.derivedKey] as? WorldOutline
            info["locator"] = PlaceLocator(place: place, outline: outline).block() ?? false
        }
        return (place.name, [
            "place": info,
            "sections": page.sections(place.entries, compact: false),
            "all_places": page.linker.href("places/"),
        ])
    }
}
