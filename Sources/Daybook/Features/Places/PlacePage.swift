/// `places/<slug>/`: a place's entries, newest first, with a small locator map when the place
/// has coordinates.
enum PlacePage: PageKind {
    static let template = "place"

    static func indices(in journal: Journal) -> Range<Int> { PlaceIndex.of(journal).places.indices }

    static func sitePath(_ index: Int, in journal: Journal) -> String { PlaceIndex.of(journal).places[index].path }

    static func entriesShown(_ index: Int, in journal: Journal) -> [Int] { PlaceIndex.of(journal).places[index].entries }

    static func structure(_ index: Int, in journal: Journal) -> [String] { [summary(PlaceIndex.of(journal).places[index])] }

    /// What a page shows of a place besides its entries: name, address and position.
    static func summary(_ place: JournalPlace) -> String {
        "\(place.name)\u{0}\(place.slug)\u{0}\(place.latitude.map { "\($0)" } ?? "-")\u{0}\(place.longitude.map { "\($0)" } ?? "-")"
    }

    /// The width in degrees of the locator map's view.
    static let locatorWidth = 40.0

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let place = PlaceIndex.of(page.journal).places[index]
        var info: [String: Any] = ["name": place.name, "count": place.entries.count,
                                   "count_text": page.entriesText(place.entries.count), "locator": false, "coordinates": false,
                                   "on_map": page.words.text("place_on_map", ["name": place.name])]
        if let lat = place.latitude, let lon = place.longitude {
            let spot = MapProjection.point(latitude: lat, longitude: lon)
            let unit = locatorWidth * 0.011
            info["coordinates"] = Place(name: nil, latitude: lat, longitude: lon).coordinates ?? false
            let view = MapProjection.viewBox(centredOn: spot, width: locatorWidth)
            let outline = page.journal.derived[WorldOutline.derivedKey] as? WorldOutline
            info["locator"] = ["view": view, "land": outline?.land(in: view.split(separator: " ").compactMap { Double($0) }) ?? "",
                               "x": MapNumber.text(spot.x), "y": MapNumber.text(spot.y),
                               "r": MapNumber.text(unit * 1.4), "ring": MapNumber.text(unit * 2.4)] as [String: Any]
        }
        return (place.name, [
            "place": info,
            "sections": page.sections(place.entries, rows: page.row),
            "all_places": page.linker.href("places/"),
        ])
    }
}
