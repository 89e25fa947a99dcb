import Foundation

/// One place of the journal: the entries written there under one name and position.
struct JournalPlace: Sendable, Hashable {
    /// The spelling most of its entries use (or its coordinates, for a place without a name).
    var name: String
    var slug: String
    /// The newest entry's coordinates, nil when no entry of the place has any.
    var latitude: Double?
    var longitude: Double?
    /// Journal indices, newest first.
    var entries: [Int]
    /// Every position its entries were written at (to about 100 m), in order of first visit:
    /// the pins of its page's map.
    var spots: [PlaceSpot] = []

    var path: String { "places/\(slug)/" }
    var hasCoordinates: Bool { latitude != nil && longitude != nil }
    /// Where a pin of the place leads: the entry itself when it is the only one.
    func pinTarget(_ paths: [String]) -> String { entries.count == 1 ? paths[entries[0]] : path }
}

/// Where one or more entries of a place were written.
struct PlaceSpot: Sendable, Hashable {
    var latitude: Double
    var longitude: Double
}

/// The journal's places, worked out once from the entries (drafts are never in `Journal.entries`
/// unless asked for). A place is a case-folded, trimmed name and every position of that name
/// within `reach` of the place's first (a city, a phone's GPS); an entry with the name only joins
/// that name's place with coordinates, if there is one. Positions without a name stay apart
/// beyond about 100 m: nothing says that two of them are one place.
struct PlaceIndex: Sendable {
    /// In order of first visit, oldest first: a new place never takes an older one's slug.
    var places: [JournalPlace]
    /// Journal index of an entry -> index in `places`.
    var placeOfEntry: [Int: Int]

    static let derivedKey = "places"

    /// How far from a place's first position an entry of the same name still belongs to it, in
    /// kilometres: a city and its outskirts, while two towns of one name stay two.
    static let reach = 50.0

    /// The index `Places.assemble` stored in the journal, or one worked out now.
    static func of(_ journal: Journal) -> PlaceIndex {
        journal.derived[derivedKey] as? PlaceIndex ?? PlaceIndex(journal.entries)
    }

    /// A trimmed name with runs of white space as one space, case-folded; nil when empty.
    static func normalized(_ name: String?) -> String? {
        guard let name else { return nil }
        let tidy = Whitespace.collapsed(name)
        return tidy.isEmpty ? nil : tidy.lowercased()
    }

    /// Coordinates in thousandths of a degree (about 110 m); 180° E and W are one meridian.
    static func rounded(_ place: Place) -> [Int]? {
        guard let lat = place.latitude, let lon = place.longitude else { return nil }
        let x = Int((lon * 1000).rounded())
        return [Int((lat * 1000).rounded()), x == -180_000 ? 180_000 : x]
    }

    /// Both without coordinates, or within a thousandth of a degree each way (about 100 m), so
    /// two readings of one spot on either side of a rounding boundary stay one place.
    static func near(_ a: [Int]?, _ b: [Int]?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        let dx = abs(a[1] - b[1])
        return abs(a[0] - b[0]) <= 1 && min(dx, 360_000 - dx) <= 1
    }

    /// Great-circle distance in kilometres (haversine, on a sphere of the Earth's mean radius).
    static func kilometres(_ a: PlaceSpot, _ b: PlaceSpot) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * radians, dLon = (b.longitude - a.longitude) * radians
        let h = sin(dLat / 2) * sin(dLat / 2)
            + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6371.0088 * asin(min(1, h.squareRoot()))
    }

    private struct Group {
        var name: String?
        var spot: [Int]?
        /// The first position of the group: a named place reaches `reach` around it.
        var anchor: PlaceSpot?
        var entries: [Int] = []

        func takes(_ spot: [Int]?, at position: PlaceSpot?) -> Bool {
            guard name != nil, let anchor, let position else { return PlaceIndex.near(self.spot, spot) }
            return PlaceIndex.kilometres(anchor, position) <= PlaceIndex.reach
        }
    }

    private static func position(_ place: Place) -> PlaceSpot? {
        guard let lat = place.latitude, let lon = place.longitude else { return nil }
        return PlaceSpot(latitude: lat, longitude: lon)
    }

    init(_ entries: [Entry]) {
        // Oldest first, so groups come in order of first visit.
        var groups: [Group] = []
        var groupsNamed: [String: [Int]] = [:]
        for index in entries.indices.reversed() {
            guard let place = entries[index].place else { continue }
            let name = Self.normalized(place.name)
            let spot = Self.rounded(place)
            guard name != nil || spot != nil else { continue }
            let position = Self.position(place)
            let found = groupsNamed[name ?? "", default: []].first { groups[$0].takes(spot, at: position) }
            let group = found ?? groups.count
            if found == nil {
                groupsNamed[name ?? "", default: []].append(group)
                groups.append(Group(name: name, spot: spot, anchor: position))
            }
            // Oldest first here, turned newest first below: inserting at the front cost a copy
            // of the group's entries each time.
            groups[group].entries.append(index)
        }
        for index in groups.indices { groups[index].entries.reverse() }
        groups = Self.mergingNamesIntoPositions(groups)
        var used: [String: Int] = [:]
        var places: [JournalPlace] = []
        var placeOfEntry: [Int: Int] = [:]
        for group in groups {
            let newest = group.entries[0]
            let located = group.entries.first { entries[$0].place?.latitude != nil && entries[$0].place?.longitude != nil }
            let label = Self.commonSpelling(group.entries.map { entries[$0].place })
                ?? entries[located ?? newest].place?.coordinates ?? ""
            let slug = Self.unique(Slug.make(label), &used)
            let position = located.flatMap { entries[$0].place }
            for entry in group.entries { placeOfEntry[entry] = places.count }
            places.append(JournalPlace(name: label, slug: slug, latitude: position?.latitude,
                                       longitude: position?.longitude, entries: group.entries,
                                       spots: Self.spots(group.entries.map { entries[$0].place })))
        }
        self.places = places
        self.placeOfEntry = placeOfEntry
    }

    /// A name without coordinates joins the place of that name with the most entries (the
    /// first visited, on a tie); without one, it stays a place of its own.
    private static func mergingNamesIntoPositions(_ groups: [Group]) -> [Group] {
        var result = groups
        var removed: Set<Int> = []
        var positioned: [String: [Int]] = [:]
        for (index, group) in groups.enumerated() where group.spot != nil { positioned[group.name ?? "", default: []].append(index) }
        for (index, group) in groups.enumerated() where group.spot == nil {
            let candidates = group.name.map { positioned[$0] ?? [] } ?? []
            guard let target = candidates.max(by: { groups[$0].entries.count < groups[$1].entries.count || (groups[$0].entries.count == groups[$1].entries.count && $0 > $1) })
            else { continue }
            result[target].entries = (result[target].entries + group.entries).sorted()
            removed.insert(index)
        }
        return result.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
    }

    /// The distinct positions of `places` (newest first), to about 100 m, oldest first.
    static func spots(_ places: [Place?]) -> [PlaceSpot] {
        var seen: Set<[Int]> = []
        var spots: [PlaceSpot] = []
        for place in places.reversed() {
            guard let place, let key = rounded(place), let spot = position(place), seen.insert(key).inserted else { continue }
            spots.append(spot)
        }
        return spots
    }

    /// The spelling most entries use (trimmed), the newest's on a tie; nil when none has a name.
    private static func commonSpelling(_ places: [Place?]) -> String? {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for spelling in places.compactMap(spelling) {
            if counts[spelling] == nil { order.append(spelling) }
            counts[spelling, default: 0] += 1
        }
        return order.max { counts[$0]! < counts[$1]! || (counts[$0]! == counts[$1]! && order.firstIndex(of: $0)! > order.firstIndex(of: $1)!) }
    }

    /// The entry's own spelling, trimmed; nil without a name.
    private static func spelling(_ place: Place?) -> String? {
        guard let name = place?.name else { return nil }
        let tidy = Whitespace.collapsed(name)
        return tidy.isEmpty ? nil : tidy
    }

    /// `slug`, or `slug-2`, `slug-3`… when taken. `used` holds each slug taken and the next
    /// number to try after it, so a name with many places (one town's many spots) is not
    /// counted up from 2 for each.
    private static func unique(_ slug: String, _ used: inout [String: Int]) -> String {
        let base = slug.isEmpty ? "place" : slug
        guard var number = used[base] else {
            used[base] = 2
            return base
        }
        while used["\(base)-\(number)"] != nil { number += 1 }
        let candidate = "\(base)-\(number)"
        used[base] = number + 1
        used[candidate] = 2
        return candidate
    }

    /// The newest entry that has a place with coordinates, and that place.
    func latest() -> (entry: Int, place: Int)? {
        placeOfEntry.filter { places[$0.value].hasCoordinates }.min { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
