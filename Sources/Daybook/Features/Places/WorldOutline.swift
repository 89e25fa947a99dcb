import Foundation

/// The land outline as rings of points, read from the `d` attribute of the outline partial
/// (`Templates/world-110m.mustache`, or the journal's own), so a place page's locator map carries
/// only the land near the place instead of the whole world.
struct WorldOutline: Sendable {
    struct Ring: Sendable {
        /// x, y, x, y… in map units.
        var points: [Double]
        var minX: Double, minY: Double, maxX: Double, maxY: Double
    }

    var rings: [Ring]

    static let templateName = "world-110m.mustache"
    static let derivedKey = "places.outline"

    /// The journal's own outline partial, else the built-in one.
    static func load(_ files: JournalFiles) -> WorldOutline {
        let own = files.templates.contains(templateName)
            ? FileManager.default.contents(atPath: files.root.appendingPathComponent("templates/\(templateName)").path) : nil
        guard let own else { return builtIn }
        return WorldOutline(template: String(decoding: own, as: UTF8.self))
    }

    /// The outline the binary carries, read once per process: the preview and a private journal's
    /// editions load the features again on every build, and reading it cost each a few milliseconds.
    static let builtIn: WorldOutline = {
        let data = EmbeddedResources.files[templateName].flatMap { Data(base64Encoded: $0) } ?? Data()
        return WorldOutline(template: String(decoding: data, as: UTF8.self))
    }()

    /// Reads the first `d="…"` of the template: rings of `M x y`, then `l dx dy` pairs, then `z`.
    init(template: String) {
        guard let start = template.range(of: " d=\"")?.upperBound,
              let end = template[start...].firstIndex(of: "\"") else { rings = []; return }
        var rings: [Ring] = []
        var points: [Double] = []
        var relative = false
        func close() {
            guard points.count >= 6 else { points = []; return }
            let xs = stride(from: 0, to: points.count, by: 2).map { points[$0] }
            let ys = stride(from: 1, to: points.count, by: 2).map { points[$0] }
            rings.append(Ring(points: points, minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!))
            points = []
        }
        var numbers = Self.Scanner(text: template[start..<end])
        while let item = numbers.next() {
            switch item {
            case .command("M"): close(); relative = false
            case .command("l"): relative = true
            case .command("z"), .command("Z"): close()
            case .command: continue
            case .pair(let x, let y):
                if relative, points.count >= 2 { points += [points[points.count - 2] + x, points[points.count - 1] + y] } else { points += [x, y] }
            }
        }
        close()
        self.rings = rings
    }

    /// Path data for the land in `view` (x, y, width, height), drawn again a world to the east or
    /// west when the view crosses the 180° meridian. A ring that reaches out of the view is cut to
    /// a margin around it (Sutherland–Hodgman): a continent's whole coast for a town's locator
    /// made every place page as large as the map itself.
    func land(in view: [Double]) -> String {
        let margin = max(view[2], view[3]) / 4
        let clip = (minX: view[0] - margin, minY: view[1] - margin, maxX: view[0] + view[2] + margin, maxY: view[1] + view[3] + margin)
        var path = ""
        for shift in [-360.0, 0, 360] {
            for ring in rings where ring.maxX + shift >= view[0] && ring.minX + shift <= view[0] + view[2]
                && ring.maxY >= view[1] && ring.minY <= view[1] + view[3] {
                var points = stride(from: 0, to: ring.points.count, by: 2).map { (x: ring.points[$0] + shift, y: ring.points[$0 + 1]) }
                let inside = ring.minX + shift >= clip.minX && ring.maxX + shift <= clip.maxX && ring.minY >= clip.minY && ring.maxY <= clip.maxY
                if !inside { points = Self.clipped(points, to: clip) }
                guard points.count >= 3 else { continue }
                for (index, point) in points.enumerated() {
                    path += (index == 0 ? "M" : "L") + Self.tenths(point.x) + " " + Self.tenths(point.y)
                }
                path += "z"
            }
        }
        return path
    }

    /// `polygon` cut to the rectangle, edge by edge; consecutive equal points are dropped.
    static func clipped(_ polygon: [(x: Double, y: Double)],
                        to box: (minX: Double, minY: Double, maxX: Double, maxY: Double)) -> [(x: Double, y: Double)] {
        typealias Point = (x: Double, y: Double)
        // Each edge: whether a point is on the kept side, and where a segment crosses it.
        let edges: [((Point) -> Bool, (Point, Point) -> Point)] = [
            ({ $0.x >= box.minX }, { a, b in (box.minX, a.y + (b.y - a.y) * (box.minX - a.x) / (b.x - a.x)) }),
            ({ $0.x <= box.maxX }, { a, b in (box.maxX, a.y + (b.y - a.y) * (box.maxX - a.x) / (b.x - a.x)) }),
            ({ $0.y >= box.minY }, { a, b in (a.x + (b.x - a.x) * (box.minY - a.y) / (b.y - a.y), box.minY) }),
            ({ $0.y <= box.maxY }, { a, b in (a.x + (b.x - a.x) * (box.maxY - a.y) / (b.y - a.y), box.maxY) }),
        ]
        var points = polygon
        for (keeps, crossing) in edges {
            guard let last = points.last else { break }
            var kept: [Point] = []
            var previous = last
            for point in points {
                if keeps(point) {
                    if !keeps(previous) { kept.append(crossing(previous, point)) }
                    kept.append(point)
                } else if keeps(previous) {
                    kept.append(crossing(previous, point))
                }
                previous = point
            }
            points = kept
        }
        var unique: [Point] = []
        for point in points where unique.last.map({ $0.x != point.x || $0.y != point.y }) ?? true { unique.append(point) }
        return unique
    }

    private static func tenths(_ value: Double) -> String { MapNumber.text((value * 10).rounded() / 10) }

    /// Commands and coordinate pairs of SVG path data written compactly (`-1.3.4` is -1.3 and .4).
    struct Scanner {
        enum Item: Equatable { case command(Character), pair(Double, Double) }
        var bytes: [UInt8]
        var at = 0

        init(text: Substring) { bytes = Array(text.utf8) }

        mutating func next() -> Item? {
            skipSeparators()
            guard at < bytes.count else { return nil }
            let byte = bytes[at]
            if (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) {
                at += 1
                return .command(Character(Unicode.Scalar(byte)))
            }
            guard let x = number() else { at += 1; return next() }
            skipSeparators()
            guard let y = number() else { return nil }
            return .pair(x, y)
        }

        private mutating func skipSeparators() {
            while at < bytes.count, bytes[at] == 32 || bytes[at] == 44 || bytes[at] == 10 { at += 1 }
        }

        /// A sign, digits, and at most one point: a second point starts the next number.
        private mutating func number() -> Double? {
            let start = at
            if at < bytes.count, bytes[at] == 45 || bytes[at] == 43 { at += 1 }
            var sawPoint = false
            while at < bytes.count {
                let byte = bytes[at]
                if byte >= 48 && byte <= 57 { at += 1 } else if byte == 46 && !sawPoint { sawPoint = true; at += 1 } else { break }
            }
            return Double(String(decoding: bytes[start..<at], as: UTF8.self))
        }
    }
}
