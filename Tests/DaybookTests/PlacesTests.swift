import Foundation
import Testing
@testable import Daybook

/// The pure pieces of places and the map: the projection, clustering and place grouping.
@Suite struct PlacesTests {
    @Test func projectsOntoTheOutlinesPlane() {
        #expect(MapProjection.point(latitude: 0, longitude: 0) == (x: 180, y: 90))
        #expect(MapProjection.point(latitude: 90, longitude: -180) == (x: 0, y: 0))
        #expect(MapProjection.point(latitude: -90, longitude: 179.5) == (x: 359.5, y: 180))
        // 180° E is 180° W: the point stays inside the 360-wide plane.
        #expect(MapProjection.point(latitude: 34.46, longitude: 180).x == 0)
    }

    @Test func measuresTheShortWayRoundTheWorld() {
        let fiji = MapProjection.point(latitude: -17, longitude: 179.9)
        let samoa = MapProjection.point(latitude: -17, longitude: -179.9)
        #expect(abs(MapProjection.distance(fiji, samoa) - 0.2) < 1e-9)
        #expect(MapProjection.distance((10, 0), (350, 0)) == 20)
    }

    @Test func opensAViewKeptBetweenThePoles() {
        #expect(MapProjection.viewBox(centredOn: (180, 90), width: 40) == "160 80 40 20")
        // Near the north pole the view stops at the top edge instead of showing nothing.
        #expect(MapProjection.viewBox(centredOn: (195.65, 5), width: 40) == "175.65 0 40 20")
        #expect(MapProjection.viewBox(centredOn: (0, 180), width: 13.5) == "-6.75 173.25 13.5 6.75")
    }

    @Test func clustersNearbyPlacesAndKeepsFarOnesApart() {
        let points = [
            MapClustering.Point(x: 100, y: 50, place: 0, entries: 1),
            MapClustering.Point(x: 100.5, y: 50, place: 1, entries: 5),
            MapClustering.Point(x: 200, y: 50, place: 2, entries: 2),
        ]
        let clusters = MapClustering.clusters(points, reach: 2)
        #expect(clusters.count == 2)
        // The place with most entries is the cluster's centre and first member.
        #expect(clusters[0] == MapCluster(x: 100.5, y: 50, members: [1, 0], entries: 6))
        #expect(clusters[1].members == [2])
        #expect(MapClustering.clusters(points, reach: 0.1).count == 3)
    }

    @Test func clustersAcrossThe180thMeridian() {
        let suva = MapProjection.point(latitude: -18.14, longitude: 178.44)
        let taveuni = MapProjection.point(latitude: -16.82, longitude: -179.98)
        let points = [MapClustering.Point(x: suva.x, y: suva.y, place: 0, entries: 1),
                      MapClustering.Point(x: taveuni.x, y: taveuni.y, place: 1, entries: 1)]
        let merged = MapClustering.clusters(points, reach: 4)
        #expect(merged.count == 1)
        #expect(merged[0].members == [0, 1])
        // The cluster stays at a real place, not at an average near 0°.
        #expect(merged[0].x == suva.x)
        #expect(MapClustering.clusters(points, reach: 1).count == 2)
    }

    @Test func pinsGrowWithEntriesButNoFurtherThanTwice() {
        let one = MapDrawing.pinRadius(1, level: 0)
        #expect(one == MapLevels.radius(0))
        #expect(MapDrawing.pinRadius(10, level: 0) > one)
        #expect(abs(MapDrawing.pinRadius(500, level: 0) - 2 * one) < 1e-9)
    }

    /// Six places within 5 km of each other in Lisbon shared one mark at the closest fixed level;
    /// closer levels are added until each stands apart, and only when needed.
    @Test func placesInOneCityGetLevelsUntilEveryPinStandsApart() {
        let spots = [(38.7118, -9.1300), (38.7104, -9.1366), (38.7107, -9.1420), (38.7130, -9.1450), (38.7167, -9.1310), (38.7126, -9.1605)]
        let points = spots.enumerated().map { number, spot in
            let p = MapProjection.point(latitude: spot.0, longitude: spot.1)
            return MapClustering.Point(x: p.x, y: p.y, place: number, entries: 1)
        }
        let fixed = MapLevels.widths.count
        #expect(MapClustering.clusters(points, reach: MapLevels.radius(fixed - 1) * 3.2).count < 6)
        let count = MapDrawing.levelCount(points)
        #expect(count > fixed)
        #expect(MapClustering.clusters(points, reach: MapLevels.radius(count - 1) * 3.2).count == 6)
        #expect(MapDrawing.levelCount(Array(points.prefix(1))) == fixed)
    }

    @Test func writesNumbersTheSameEverywhere() {
        #expect(MapNumber.text(0.00165, digits: 5) == "0.00165")
        #expect(MapNumber.text(0) == "0")
        #expect(MapNumber.text(-6.75) == "-6.75")
        #expect(MapNumber.text(1.0 / 3) == "0.333")
        #expect(MapNumber.text(-0.0004) == "0")
    }

    @Test func groupsSpellingsAndFillsInCoordinates() {
        let (assembled, problems) = journal([
            ("entries/a.md", "date: 2024-05-03\nlocation: \"kyoto \""),
            ("entries/b.md", "date: 2024-05-02\nlocation: { name: Kyoto, lat: 35.0106, lon: 135.7702 }"),
            ("entries/c.md", "date: 2024-05-01\nlocation: { name: KYOTO, lat: 35.0104, lon: 135.7698 }"),
            ("entries/d.md", "date: 2024-04-01\nlocation: { name: Kyoto, lat: 36.0, lon: 135.77 }"),
            ("entries/e.md", "date: 2024-03-01\nlocation: The   allotment"),
            ("entries/f.md", "date: 2024-02-01\nlocation: { lat: -17, lon: 180 }"),
            ("entries/g.md", "date: 2024-01-01\nlocation: { lat: -17, lon: -180 }"),
        ])
        #expect(problems.isEmpty)
        let index = PlaceIndex(assembled.entries)
        let names = index.places.map(\.name)
        // Oldest first: the date-line spot, the allotment, a Kyoto 110 km north, then Kyoto itself.
        #expect(names == ["17° S, 180° E", "The allotment", "Kyoto", "kyoto"])
        #expect(index.places.map(\.slug) == ["17-s-180-e", "the-allotment", "kyoto", "kyoto-2"])
        let kyoto = index.places[3]
        // Two readings 100 m apart on either side of a rounding line, and the name alone, are one
        // place, with a pin at each reading, oldest first.
        #expect(kyoto.entries == [0, 1, 2])
        #expect(kyoto.spots == [PlaceSpot(latitude: 35.0104, longitude: 135.7698), PlaceSpot(latitude: 35.0106, longitude: 135.7702)])
        #expect(kyoto.latitude == 35.0106 && kyoto.longitude == 135.7702)
        #expect(index.places[0].entries == [5, 6])
        #expect(index.places[1].latitude == nil && !index.places[1].hasCoordinates)
        #expect(index.latest()! == (entry: 0, place: 3))
    }

    @Test func oneNameWithinFiftyKilometresIsOnePlaceWithItsPinsWhereTheyWere() {
        let (assembled, problems) = journal([
            ("entries/a.md", "date: 2024-05-04\nlocation: { name: Seoul, lat: 37.5665, lon: 126.978 }"),
            ("entries/b.md", "date: 2024-05-03\nlocation: { name: seoul, lat: 37.65, lon: 127.06 }"),
            ("entries/c.md", "date: 2024-05-02\nlocation: { name: Springfield, lat: 42.1015, lon: -72.5898 }"),
            ("entries/d.md", "date: 2024-05-01\nlocation: { name: Springfield, lat: 39.7817, lon: -89.6501 }"),
            ("entries/e.md", "date: 2024-04-02\nlocation: { name: Seoul, lat: 37.45, lon: 126.9 }"),
            ("entries/f.md", "date: 2024-04-01\nlocation: { name: Seoul, lat: 37.45, lon: 126.9 }"),
            // 60 km from the first Seoul: beyond the reach, a place of its own.
            ("entries/g.md", "date: 2024-06-01\nlocation: { name: Seoul, lat: 36.95, lon: 127.2 }"),
        ])
        #expect(problems.isEmpty)
        let index = PlaceIndex(assembled.entries)
        // The first Seoul keeps its address; entries 15 to 26 km from it join it.
        #expect(index.places.map(\.slug) == ["seoul", "springfield", "springfield-2", "seoul-2"])
        let seoul = index.places[0]
        #expect(seoul.entries == [1, 2, 5, 6] && index.places[1].entries == [4] && index.places[2].entries == [3])
        #expect(index.places[3].entries == [0])
        // Its pins are its entries' own positions, oldest first, one per spot.
        #expect(seoul.spots == [PlaceSpot(latitude: 37.45, longitude: 126.9), PlaceSpot(latitude: 37.65, longitude: 127.06),
                                PlaceSpot(latitude: 37.5665, longitude: 126.978)])
        #expect(seoul.latitude == 37.5665)
        // Seoul to Busan, 325 km as the crow flies.
        #expect(abs(PlaceIndex.kilometres(PlaceSpot(latitude: 37.5665, longitude: 126.978), PlaceSpot(latitude: 35.1796, longitude: 129.0756)) - 325) < 2)
    }

    @Test func aPlaceAllOverOneCityGetsAViewThatFitsItsPinsAndAScale() throws {
        let place = JournalPlace(name: "Lisbon", slug: "lisbon", latitude: 38.7118, longitude: -9.13, entries: [0, 1, 2],
                                 spots: [PlaceSpot(latitude: 38.7104, longitude: -9.1366), PlaceSpot(latitude: 38.7107, longitude: -9.142),
                                         PlaceSpot(latitude: 38.7118, longitude: -9.13)])
        let block = try #require(PlaceLocator(place: place, outline: nil).block())
        #expect((block["pins"] as? [[String: Any]])?.count == 3)
        #expect(block["view"] as? String == "170.854 51.284 0.02 0.01")
        let scale = try #require(block["scale"] as? [String: Any])
        // 0.02° across at 38.7° N is 1.74 km: a bar of 200 m, 11.51 % of the view.
        #expect(scale["text"] as? String == "200 m" && scale["percent"] as? String == "11.51")
        // One position: the regional view, no scale.
        let alone = JournalPlace(name: "Porto", slug: "porto", latitude: 41.15, longitude: -8.61, entries: [0],
                                 spots: [PlaceSpot(latitude: 41.15, longitude: -8.61)])
        let regional = try #require(PlaceLocator(place: alone, outline: nil).block())
        #expect(regional["view"] as? String == "151.39 38.85 40 20" && regional["scale"] as? Bool == false)
    }

    @Test func aPlaceAllOverOneCityFarNorthKeepsItsTrueShapeOnItsPage() throws {
        // Five spots in Oslo (59.9° N), where a degree of longitude is half a degree of latitude's
        // length: on the page's map a kilometre must be as long east-west as north-south.
        let spots = [(59.911, 10.753), (59.927, 10.700), (59.964, 10.668), (59.905, 10.685), (59.929, 10.806)]
            .map { PlaceSpot(latitude: $0.0, longitude: $0.1) }
        let place = JournalPlace(name: "Oslo", slug: "oslo", latitude: 59.911, longitude: 10.753, entries: [0, 1, 2, 3, 4], spots: spots)
        let block = try #require(PlaceLocator(place: place, outline: nil).block())
        let pins = try #require(block["pins"] as? [[String: Any]]).map { pin in
            (x: Double(pin["x"] as? String ?? "") ?? .nan, y: Double(pin["y"] as? String ?? "") ?? .nan)
        }
        let view = try #require(block["view"] as? String).split(separator: " ").compactMap { Double($0) }
        let kmPerDegree = 6371 * Double.pi / 180
        for (spot, pin) in zip(spots.dropFirst(), pins.dropFirst()) {
            let east = (spot.longitude - spots[0].longitude) * kmPerDegree * cos(59.93 * Double.pi / 180)
            let north = (spot.latitude - spots[0].latitude) * kmPerDegree
            // Map units per kilometre, each way: the same to 1 %.
            let across = (pin.x - pins[0].x) / east, up = (pins[0].y - pin.y) / north
            #expect(abs(across / up - 1) < 0.01, "\(spot): \(across) east, \(up) north")
            // Every pin inside the view.
            #expect(pin.x > view[0] && pin.x < view[0] + view[2] && pin.y > view[1] && pin.y < view[1] + view[3])
        }
        // The land is stretched as the pins are placed, about the view's centre.
        let middle = view[1] + view[3] / 2, k = MapProjection.squeeze(width: view[2], centreY: middle)
        #expect(abs(k - cos(59.9345 * Double.pi / 180)) < 0.001)
        #expect(block["stretch"] as? String == "matrix(1 0 0 \(MapNumber.text(1 / k, digits: 5)) 0 \(MapNumber.text(middle * (1 - 1 / k), digits: 5)))")
        // The scale bar holds both ways: 2 km is 11.71 % of the view's width of 0.306° at 59.93° N.
        #expect((block["scale"] as? [String: Any])?["text"] as? String == "2 km")
    }

    @Test func theStretchBlendsInFromTheWorldToARegion() {
        // 1 across the world and a continent, the full cosine from the regional view in, never under 0.1.
        #expect(MapProjection.squeeze(width: 360, centreY: 38.55) == 1)
        #expect(MapProjection.squeeze(width: 120, centreY: 38.55) == 1)
        #expect(abs(MapProjection.squeeze(width: 13.5, centreY: 38.55) - cos(51.45 * Double.pi / 180)) < 1e-9)
        #expect(abs(MapProjection.squeeze(width: 0.02, centreY: 38.55) - cos(51.45 * Double.pi / 180)) < 1e-9)
        let halfway = MapProjection.squeeze(width: (120 * 13.5).squareRoot(), centreY: 38.55)
        #expect(abs(halfway - (1 + cos(51.45 * Double.pi / 180)) / 2) < 1e-9)
        #expect(abs(MapProjection.squeeze(width: 1, centreY: 0.5) - 0.1) < 1e-12)
    }

    @Test func normalizesNamesByTrimmingAndFoldingCase() {
        #expect(PlaceIndex.normalized("  Kyoto\t ") == "kyoto")
        #expect(PlaceIndex.normalized("St  Werburghs") == "st werburghs")
        #expect(PlaceIndex.normalized("   ") == nil)
        #expect(PlaceIndex.normalized(nil) == nil)
        // Any Unicode white space, as in the bodies' text (`Whitespace.collapsed`).
        #expect(PlaceIndex.normalized("Café\u{00A0}\u{3000}Nero ") == "café nero")
        #expect(PlaceIndex.normalized("\u{2003}") == nil)
    }

    @Test func namesClustersInFewWords() {
        #expect(MapDrawing.list(["A"], .english) == "A")
        #expect(MapDrawing.list(["A", "B", "C"], .english) == "A, B and C")
        #expect(MapDrawing.list(["1", "2", "3", "4", "5", "6", "7", "8"], .english) == "1, 2, 3, 4, 5, 6 and 2 more")
    }
}

/// The outline read back from its path data, and cropped for a locator map.
@Suite struct WorldOutlineTests {
    static let template = "{{! comment }}\n<path class=\"land\" d=\"M10 20l1 0 0-1.5-.5.5zM358 100l1.5 0 0 1-1.5-.5zM200 5l1 1 1-1z\"/>\n"

    @Test func readsRingsWrittenCompactly() {
        let outline = WorldOutline(template: Self.template)
        #expect(outline.rings.count == 3)
        // `0-1.5-.5.5` is 0, -1.5, -0.5, 0.5: relative moves from the ring's start.
        #expect(outline.rings[0].points == [10, 20, 11, 20, 11, 18.5, 10.5, 19])
        #expect(outline.rings[1].minX == 358 && outline.rings[1].maxX == 359.5)
    }

    @Test func keepsOnlyTheLandNearAView() {
        let outline = WorldOutline(template: Self.template)
        #expect(outline.land(in: [0, 10, 20, 20]) == "M10 20L11 20L11 18.5L10.5 19z")
        // A view across the 180° meridian draws the ring at x 358 a world to the west too.
        #expect(outline.land(in: [-10, 90, 20, 20]) == "M-2 100L-0.5 100L-0.5 101L-2 100.5z")
        #expect(outline.land(in: [100, 100, 10, 10]) == "")
    }

    @Test func cutsARingThatReachesOutOfTheViewToAMarginAroundIt() {
        // A square much larger than the view, cut to the view and a quarter of it on each side.
        let outline = WorldOutline(template: #"<path d="M0 0l100 0l0 100l-100 0z"/>"#)
        #expect(outline.land(in: [40, 40, 10, 10]) == "M37.5 52.5L37.5 37.5L52.5 37.5L52.5 52.5z")
        // A ring crossing one edge keeps its inside part and runs along that edge.
        let cut = WorldOutline.clipped([(0, 0), (10, 0), (10, 10), (0, 10)], to: (minX: 5, minY: -1, maxX: 20, maxY: 20))
        #expect(cut.map { [$0.x, $0.y] } == [[5, 0], [10, 0], [10, 10], [5, 10]])
    }

    @Test func readsTheBuiltInOutline() throws {
        let data = try #require(EmbeddedResources.files[WorldOutline.templateName].flatMap { Data(base64Encoded: $0) })
        let outline = WorldOutline(template: String(decoding: data, as: UTF8.self))
        // The README of the outline counts 287 rings; every one lies on the 360 × 180 plane.
        #expect(outline.rings.count == 287)
        #expect(outline.rings.allSatisfy { $0.minX >= -0.05 && $0.maxX <= 360.05 && $0.minY >= -0.05 && $0.maxY <= 180.05 })
    }
}
