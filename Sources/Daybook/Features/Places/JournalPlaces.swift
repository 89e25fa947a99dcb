/// A journal's own map when the site shows several journals (`travel/places/`,
/// `JournalScoped<MapPage>`): the site's places that journal's entries were written at, each under
/// the site's name and address, so it links the site's place page (which lists every journal's
/// entries there). Worked out from the site's index, not the journal alone: alone, of two "Paris"
/// the site calls `paris` and `paris-2`, the second would be `paris`.
extension PlaceIndex {
    /// `derived` key: each journal's places by its name (`Entry.journal`), set by `Places.assemble`
    /// when `daybook.yml` names journals.
    static let byJournalKey = "places.journals"

    private init(places: [JournalPlace], placeOfEntry: [Int: Int]) {
        self.places = places
        self.placeOfEntry = placeOfEntry
    }

    /// Each journal's places, by its name: `restricted(to:)` with that journal's entries.
    static func byJournal(_ site: PlaceIndex, _ entries: [Entry]) -> [String: PlaceIndex] {
        var byName: [String: [Int]] = [:]
        for index in entries.indices { byName[entries[index].journal, default: []].append(index) }
        return byName.mapValues { site.restricted(to: $0, entries) }
    }

    /// The places of the entries at `indices` (journal indices, newest first), holding those
    /// entries alone, each numbered by its position in `indices`: the index of the journal of
    /// those entries alone. Names and slugs are the site's; the counts, visits, position (its
    /// newest entry with coordinates, else the site's) and spots come from these entries.
    func restricted(to indices: [Int], _ entries: [Entry]) -> PlaceIndex {
        var members: [Int: [Int]] = [:]
        for (alone, whole) in indices.enumerated() {
            if let place = placeOfEntry[whole] { members[place, default: []].append(alone) }
        }
        var restricted = PlaceIndex(places: [], placeOfEntry: [:])
        for (number, place) in places.enumerated() {
            guard let own = members[number] else { continue }
            let ownPlaces = own.map { entries[indices[$0]].place }
            var kept = place
            kept.entries = own
            kept.spots = Self.spots(ownPlaces)
            if let located = ownPlaces.first(where: { $0?.latitude != nil && $0?.longitude != nil }) {
                (kept.latitude, kept.longitude) = (located?.latitude, located?.longitude)
            }
            for entry in own { restricted.placeOfEntry[entry] = restricted.places.count }
            restricted.places.append(kept)
        }
        return restricted
    }
}

/// A journal's map takes its places, and its entries' cover photos, from the whole site's.
extension MapPage: SiteScopedKind {
    static func alone(_ alone: Journal, named name: String, in whole: Journal) -> Journal {
        PlaceIndex.alone(alone, named: name, in: whole)
    }
}

/// A journal's numbers name its most frequent places, linked by the site's addresses.
extension StatsPage: SiteScopedKind {
    static func alone(_ alone: Journal, named name: String, in whole: Journal) -> Journal {
        PlaceIndex.alone(alone, named: name, in: whole)
    }
}

extension PlaceIndex {
    /// `alone`, the journal `name`'s entries alone, with its places from the site's
    /// (`byJournal`) and its entries' covers, numbered as it numbers its entries.
    static func alone(_ alone: Journal, named name: String, in whole: Journal) -> Journal {
        guard let places = (whole.derived[byJournalKey] as? [String: PlaceIndex])?[name] else { return alone }
        var alone = alone
        alone.derived[derivedKey] = places
        let indices = ShownJournals.of(whole).shown(name)?.entries ?? []
        if let covers = whole.derived[Journal.coversKey] as? [Int: String] {
            var own: [Int: String] = [:]
            for (position, index) in indices.enumerated() { own[position] = covers[index] }
            alone.derived[Journal.coversKey] = own
        }
        return alone
    }
}
