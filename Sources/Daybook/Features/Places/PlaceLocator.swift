import Foundation

/// The `locator` block of a place page: the place's pins on a small map, with the land that
/// reaches into its view. One position shows on a regional view; a place written from several
/// (all over one city) gets a view that fits them, each pin where it was, and a scale bar once
/// the view is too close for the outline to tell distances.
struct PlaceLocator {
    let place: JournalPlace
    let outline: WorldOutline?

    /// The width in degrees of the view around a place with one position.
    static let regionalWidth = 40.0
    /// The narrowest view, about 2 km, so close pins do not fill it.
    static let closestWidth = 0.02
    /// Views narrower than this (about 500 km) get a scale bar, as on the map page.
    static let scaleBelow = 4.5

    func block() -> [String: Any]? {
        guard let lat = place.latitude, let lon = place.longitude else { return nil }
        let newest = MapProjection.point(latitude: lat, longitude: lon)
        // Each pin the short way round from the newest, so a place across 180° stays together.
        let points = (place.spots.isEmpty ? [PlaceSpot(latitude: lat, longitude: lon)] : place.spots).map { spot in
            let at = MapProjection.point(latitude: spot.latitude, longitude: spot.longitude)
            var dx = at.x - newest.x
            if dx > 180 { dx -= 360 } else if dx < -180 { dx += 360 }
            return (x: newest.x + dx, y: at.y)
        }
        let width = Self.width(points)
        var centre = points.count > 1 ? Self.middle(points) : newest
        centre.y = min(max(centre.y, width / 4), MapProjection.height - width / 4)
        // True to shape, as on the map page: the plane stretched north-south by 1/k about the
        // view's centre; the land in a group that stretches it, the pins placed where it puts them.
        let k = MapProjection.squeeze(width: width, centreY: centre.y)
        let shown = { (point: (x: Double, y: Double)) in (x: point.x, y: centre.y + (point.y - centre.y) / k) }
        let digits = width < 1 ? 5 : 3
        let n = { MapNumber.text($0, digits: digits) }
        let unit = width * 0.011
        let newestShown = shown(newest)
        return [
            "view": MapProjection.viewBox(centredOn: centre, width: width),
            "land": outline?.land(in: [centre.x - width / 2, centre.y - k * width / 4, width, k * width / 2]) ?? "",
            "stretch": "matrix(1 0 0 \(n(1 / k)) 0 \(n(centre.y * (1 - 1 / k))))",
            "x": n(newestShown.x), "y": n(newestShown.y), "r": n(unit * 1.4), "ring": n(unit * 2.4),
            "pins": points.map(shown).map { ["x": n($0.x), "y": n($0.y), "r": n(unit * (points.count > 1 ? 1 : 1.4))] },
            "scale": width < Self.scaleBelow ? Self.scale(width: width, latitude: 90 - centre.y) : false,
        ]
    }

    /// The middle of the pins' box.
    static func middle(_ points: [(x: Double, y: Double)]) -> (x: Double, y: Double) {
        let xs = points.map(\.x), ys = points.map(\.y)
        let x: Double = (xs.min()! + xs.max()!) / 2
        let y: Double = (ys.min()! + ys.max()!) / 2
        return (x, y)
    }

    /// The regional width for one position; else the pins' box with a margin, within limits. The
    /// box is as tall on the map as 1/k of its degrees: the full cosine is the least k can be.
    static func width(_ points: [(x: Double, y: Double)]) -> Double {
        guard points.count > 1 else { return regionalWidth }
        let xs = points.map(\.x), ys = points.map(\.y)
        let wide: Double = xs.max()! - xs.min()!
        let tall: Double = (ys.max()! - ys.min()!) / MapProjection.cosine(middle(points).y)
        return min(regionalWidth, max(closestWidth, max(wide, 2 * tall) * 1.3))
    }

    /// A bar of a round length (1, 2 or 5 times a power of ten metres) about a quarter of the
    /// view's width, as a share of that width, and its length in words.
    static func scale(width: Double, latitude: Double) -> [String: Any] {
        let metresAcross = width * 111_320 * max(0.01, cos(latitude * Double.pi / 180))
        let target = metresAcross / 4
        let power = pow(10, floor(log10(target)))
        let nice = [5.0, 2, 1].map { $0 * power }.first { $0 <= target } ?? power
        let text = nice >= 1000 ? "\(MapNumber.text(nice / 1000)) km" : "\(MapNumber.text(nice)) m"
        return ["percent": MapNumber.text(nice / metresAcross * 100, digits: 2), "text": text]
    }
}
