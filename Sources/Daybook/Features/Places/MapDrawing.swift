import Foundation

/// The `map` block of the map page: every zoom level's pins and clusters, the latest place
/// and the view the page opens on. Everything is worked out here; `map.js` only moves the view.
struct MapDrawing {
    let index: PlaceIndex
    let page: PageContext

    /// A pin's radius grows with its entries, up to twice the level's, so 500 entries stay a pin.
    static func pinRadius(_ entries: Int, level: Int) -> Double {
        MapLevels.radius(level) * (1 + min(1, log10(Double(max(entries, 1))) / 2))
    }

    func block() -> [String: Any] {
        let points = index.places.indices.compactMap { number -> MapClustering.Point? in
            let place = index.places[number]
            guard let lat = place.latitude, let lon = place.longitude else { return nil }
            let spot = MapProjection.point(latitude: lat, longitude: lon)
            return MapClustering.Point(x: spot.x, y: spot.y, place: number, entries: place.entries.count)
        }
        let latest = index.latest()
        let levels = 0..<Self.levelCount(points)
        var block: [String: Any] = [
            "has_pins": !points.isEmpty,
            "widths": levels.map { MapNumber.text(MapLevels.width($0), digits: MapLevels.digits($0)) }.joined(separator: " "),
            "levels": levels.map { level(points, $0, latest: latest?.place) },
            "start": "0 0 360 180", "latest": false,
        ]
        if let latest, let lat = index.places[latest.place].latitude, let lon = index.places[latest.place].longitude {
            let spot = MapProjection.point(latitude: lat, longitude: lon)
            block["start"] = MapProjection.viewBox(centredOn: spot, width: MapLevels.widths[MapLevels.regional])
            block["latest"] = ["name": index.places[latest.place].name, "date": page.view.entries[latest.entry].dateLong,
                               "url": page.linker.href(index.places[latest.place].pinTarget(page.journal.paths))]
        }
        return block
    }

    /// The fixed levels, and closer ones while two places still share a mark.
    static func levelCount(_ points: [MapClustering.Point]) -> Int {
        var count = MapLevels.widths.count
        while count < MapLevels.widths.count + MapLevels.closer.count,
              MapClustering.clusters(points, reach: MapLevels.radius(count - 1) * 3.2).contains(where: { $0.members.count > 1 }) {
            count += 1
        }
        return count
    }

    private func level(_ points: [MapClustering.Point], _ level: Int, latest: Int?) -> [String: Any] {
        let radius = MapLevels.radius(level)
        let clusters = MapClustering.clusters(points, reach: radius * 3.2)
        let n = { MapNumber.text($0, digits: MapLevels.digits(level)) }
        return [
            "index": level, "width": n(MapLevels.width(level)), "stroke": n(radius * 0.3),
            "visible": level == 0, "named": level >= MapLevels.named,
            "items": clusters.map { item($0, level, latest: latest) },
        ]
    }

    private func item(_ cluster: MapCluster, _ level: Int, latest: Int?) -> [String: Any] {
        let unit = MapLevels.radius(level)
        let n = { MapNumber.text($0, digits: MapLevels.digits(level)) }
        let first = index.places[cluster.members[0]]
        let isCluster = cluster.members.count > 1
        let radius = isCluster ? unit * 1.7 : Self.pinRadius(cluster.entries, level: level)
        var item: [String: Any] = [
            "x": n(cluster.x), "y": n(cluster.y), "r": n(radius),
            "ring": n(radius + unit * 0.8), "font": n(unit * 1.3),
            "text_y": n(cluster.y + unit * 0.45), "name": first.name,
            "name_x": n(cluster.x + radius + unit * 0.5),
            "is_cluster": isCluster, "is_latest": latest.map { cluster.members.contains($0) } ?? false,
            // false, not "": an empty string still opens a Mustache section.
            "text": isCluster ? String(cluster.members.count) : (cluster.entries > 1 ? String(cluster.entries) : false),
        ]
        if isCluster {
            let names = cluster.members.map { index.places[$0].name }
            item["label"] = page.words.text("map_cluster", ["places": page.words.count("places_count", names.count),
                                                            "list": Self.list(names, page.words), "entries": page.entriesText(cluster.entries)])
            item["url"] = "#place-list"
            // A click zooms to fit the cluster's places (map.js): their box, in map units.
            let spots = cluster.members.compactMap { member -> (x: Double, y: Double)? in
                guard let lat = index.places[member].latitude, let lon = index.places[member].longitude else { return nil }
                return MapProjection.point(latitude: lat, longitude: lon)
            }
            item["fit"] = [spots.map(\.x).min() ?? cluster.x, spots.map(\.y).min() ?? cluster.y,
                           spots.map(\.x).max() ?? cluster.x, spots.map(\.y).max() ?? cluster.y].map(n).joined(separator: " ")
        } else {
            item["fit"] = false
            item["label"] = page.words.text("map_pin", ["name": first.name, "entries": page.entriesText(cluster.entries)])
            item["url"] = page.linker.href(first.pinTarget(page.journal.paths))
            item["cover"] = level >= MapLevels.named ? cover(of: first.entries, above: cluster, radius: radius, unit: unit, digits: MapLevels.digits(level)) : false
        }
        return item
    }

    /// Where a named pin shows its place's newest cover photo: a small square above the pin, in
    /// map units; false when none of its entries has a cover (`Journal.coversKey`).
    private func cover(of entries: [Int], above cluster: MapCluster, radius: Double, unit: Double, digits: Int) -> Any {
        // Journal order is newest first, so the smallest index with a cover is the newest.
        guard let covers = page.journal.derived[Journal.coversKey] as? [Int: String],
              let newest = entries.filter({ covers[$0] != nil }).min(), let path = covers[newest] else { return false }
        let size = unit * 4
        let n = { MapNumber.text($0, digits: digits) }
        return ["href": page.linker.href(path), "size": n(size), "x": n(cluster.x - size / 2), "y": n(cluster.y - radius - size - unit * 0.4)]
    }

    /// `A, B and C`, shortened after six names.
    static func list(_ names: [String], _ words: Words) -> String {
        let shown = names.prefix(6)
        let rest = names.count - shown.count
        if rest > 0 { return words.count("list_more", rest, ["list": shown.joined(separator: words.text("list_separator"))]) }
        return words.list(Array(shown))
    }
}
