import Foundation

/// The map's plane: equirectangular, one unit a degree, as the world outline in
/// `Templates/world-110m.mustache` is drawn (x = lon + 180, y = 90 − lat, 360 × 180).
enum MapProjection {
    static let width = 360.0
    static let height = 180.0

    static func point(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        var x = longitude + 180
        // 180° W and 180° E are one meridian; keep every point inside 0..<360.
        if x >= width { x -= width }
        if x < 0 { x += width }
        return (x, 90 - latitude)
    }

    /// Distance in map units, going round the world the short way (across the 180° meridian
    /// when that is shorter).
    static func distance(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        var dx = abs(a.x - b.x)
        dx = min(dx, width - dx)
        return (dx * dx + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// The north-south stretch that makes a view true to shape at its centre, undone: a view
    /// `width` degrees across whose centre is at `centreY` shows k times as many degrees of latitude
    /// as its plane units of height. The cosine of the latitude, blended in from views 120° across
    /// (1) to 13.5° (the full cosine), never under 0.1; `squeeze` in `Templates/map.js` is the same.
    static func squeeze(width: Double, centreY: Double) -> Double {
        let blend = min(1, max(0, log(120 / width) / log(120 / 13.5)))
        return 1 - blend * (1 - cosine(centreY))
    }

    /// The cosine of the latitude at `y`, never under 0.1 (84°), so the poles stay drawable.
    static func cosine(_ y: Double) -> Double { max(0.1, cos((90 - y) * Double.pi / 180)) }

    /// A view `width` wide (2 : 1) centred on `point`, as an SVG viewBox, kept within the poles.
    static func viewBox(centredOn point: (x: Double, y: Double), width: Double) -> String {
        let height = width / 2
        let top = min(max(point.y - height / 2, 0), self.height - height)
        return [point.x - width / 2, top, width, height].map(MapNumber.text).joined(separator: " ")
    }
}

/// The fixed zoom levels whose pins and clusters are worked out at build time; the script shows
/// the level whose width is nearest the current view's.
enum MapLevels {
    /// View widths in degrees, each a third of the one before.
    static let widths: [Double] = [360, 120, 40, 13.5, 4.5, 1.5, 0.5]
    /// The level the page opens on around the latest place.
    static let regional = 3
    /// The first level whose pins carry their names.
    static let named = 3

    /// Closer levels, each a third of the one before, down to about 2 km across: a journal gets
    /// them only while some of its places still share a mark, so places in one city stand apart.
    static let closer: [Double] = [0.5 / 3, 0.5 / 9, 0.5 / 27]

    static func width(_ level: Int) -> Double { level < widths.count ? widths[level] : closer[level - widths.count] }

    /// Decimals of the level's numbers: three (about 100 m) down to 0.5°, five closer in.
    static func digits(_ level: Int) -> Int { level < widths.count ? 3 : 5 }

    /// A pin's radius at a level: about 1 % of the view's width, so pins look alike at every level.
    static func radius(_ level: Int) -> Double { width(level) * 0.011 }
}

/// A group of places drawn as one mark at a zoom level.
struct MapCluster: Sendable, Equatable {
    var x: Double
    var y: Double
    /// Indices of the places, the first (most entries) at the mark's centre.
    var members: [Int]
    var entries: Int
}

/// Places near each other at a level merge into one cluster.
enum MapClustering {
    struct Point: Sendable {
        var x: Double
        var y: Double
        var place: Int
        var entries: Int
    }

    /// Greedy and deterministic: places by most entries (then index) each join the first cluster
    /// whose centre is closer than `reach`, else start one. A cluster stays at its first
    /// place, so no average is taken across the 180° meridian.
    static func clusters(_ points: [Point], reach: Double) -> [MapCluster] {
        let ordered = points.sorted { $0.entries != $1.entries ? $0.entries > $1.entries : $0.place < $1.place }
        var clusters: [MapCluster] = []
        for point in ordered {
            if let found = clusters.firstIndex(where: { MapProjection.distance(($0.x, $0.y), (point.x, point.y)) < reach }) {
                clusters[found].members.append(point.place)
                clusters[found].entries += point.entries
            } else {
                clusters.append(MapCluster(x: point.x, y: point.y, members: [point.place], entries: point.entries))
            }
        }
        return clusters
    }
}

/// Numbers for SVG attributes: up to three decimals (or `digits`), no trailing zeros, the same on
/// every machine.
enum MapNumber {
    static func text(_ value: Double) -> String { text(value, digits: 3) }

    static func text(_ value: Double, digits: Int) -> String {
        var unit = 1
        for _ in 0..<digits { unit *= 10 }
        let scaled = Int((value * Double(unit)).rounded())
        let sign = scaled < 0 ? "-" : ""
        let whole = abs(scaled) / unit
        var fraction = pad(abs(scaled) % unit, digits)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + (fraction.isEmpty ? "\(whole)" : "\(whole).\(fraction)")
    }
}
