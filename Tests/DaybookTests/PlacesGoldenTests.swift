import Foundation
import Testing
@testable import Daybook

/// The map page and place pages of a small journal, compared byte for byte with the files in
/// `Goldens/places/`. After a deliberate change, re-record with
/// `DAYBOOK_RECORD_GOLDEN=1 swift test --filter PlacesGoldenTests` and review the diff.
@Suite struct PlacesGoldenTests {
    static let fixture: [String: String] = [
        "daybook.yml": "title: Places <Golden>\nlocale: en_GB\ntimezone: UTC\n",
        "entries/2024/05/01.md": "---\ntitle: Temple morning\ndate: 2024-05-01\nlocation: { name: Kyoto, lat: 35.01, lon: 135.77 }\n---\nQuiet.\n",
        "entries/2024/05/02.md": "---\ntitle: Rain\ndate: 2024-05-02\nlocation: \"kyoto \"\n---\nWet.\n",
        "entries/2024/03/01.md": "---\ntitle: Arrival\ndate: 2024-03-01\nlocation: { name: Kyoto, lat: 35.0101, lon: 135.7702 }\n---\nTired.\n",
        "entries/2024/04/01.md": "---\ntitle: Gates\ndate: 2024-04-01\nlocation: { name: Fushimi Inari, lat: 34.97, lon: 135.77 }\n---\nOrange.\n",
        "entries/2023/03/16.md": "---\ntitle: Market\ndate: 2023-03-16\nlocation: { name: Suva, lat: -18.14, lon: 178.44 }\n---\nPineapple.\n",
        "entries/2023/03/20.md": "---\ntitle: Date line\ndate: 2023-03-20\nlocation: { name: Taveuni, lat: -16.82, lon: -179.98 }\n---\nToday and yesterday.\n",
        "entries/2023/01/01.md": "---\ntitle: Digging\ndate: 2023-01-01\nlocation: The allotment & shed\n---\nCold.\n",
        "entries/2023/02/01.md": "---\ntitle: No place\ndate: 2023-02-01\n---\nNowhere.\n",
        "entries/2024/06/draft.md": "---\ntitle: Secret trip\ndate: 2024-06-01\ndraft: true\nlocation: { name: Hidden Cove, lat: 10, lon: 10 }\n---\nShh.\n",
    ]

    static let goldenRoot = packageRoot.appendingPathComponent("Tests/DaybookTests/Goldens/places")

    func build() async throws -> (TemporaryJournal, [String: Data]) {
        let journal = try TemporaryJournal(Self.fixture)
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        return (journal, try tree(journal.site))
    }

    @Test func rendersTheMapAndPlacePagesAsRecorded() async throws {
        let (journal, all) = try await build()
        defer { journal.remove() }
        let site = all.filter { $0.key.hasPrefix("places/") }
        try expectGolden(site, in: Self.goldenRoot, named: "Goldens/places")
    }

    @Test func makesAPagePerPlaceAndLeavesDraftsOut() async throws {
        let (journal, site) = try await build()
        defer { journal.remove() }
        let pages = site.keys.filter { $0.hasPrefix("places/") && $0.hasSuffix(".html") }.sorted()
        #expect(pages == ["places/fushimi-inari/index.html", "places/index.html", "places/kyoto/index.html",
                          "places/suva/index.html", "places/taveuni/index.html", "places/the-allotment-shed/index.html"])
        for (path, data) in site {
            #expect(!String(decoding: data, as: UTF8.self).contains("Hidden Cove"), "the draft's place is in \(path)")
        }
        let map = String(decoding: site["places/index.html"]!, as: UTF8.self)
        #expect(map.contains("aria-label=\"Kyoto, 3 entries\""))
        #expect(map.contains("Places without coordinates"))
        // Suva and Taveuni, either side of the 180° meridian, are one cluster on the world view.
        #expect(map.contains("aria-label=\"2 places: Suva and Taveuni; 2 entries\""))
        let entry = String(decoding: site["2024/05/02/rain/index.html"]!, as: UTF8.self)
        #expect(entry.contains("<a href=\"../../../../places/kyoto/index.html\">kyoto</a>"))
    }
}

/// Extreme places draw where they should: 500 entries at one place, the poles, the 180° meridian.
@Suite struct PlacesEdgeTests {
    @Test func drawsCrowdsPolesAndTheDateLine() async throws {
        var files = ["daybook.yml": "title: Edges\n",
                     "entries/north.md": "---\ntitle: North\ndate: 2020-01-01\nlocation: { name: Pole, lat: 90, lon: 0 }\n---\nIce.\n",
                     "entries/south.md": "---\ntitle: South\ndate: 2020-01-02\nlocation: { name: South Pole, lat: -90, lon: 0 }\n---\nIce.\n",
                     "entries/east.md": "---\ntitle: East\ndate: 2020-01-03\nlocation: { name: Date line, lat: 0, lon: 180 }\n---\nSea.\n"]
        for day in 0..<500 {
            files["entries/busy/\(day).md"] = "---\ndate: 2021-01-01 \(pad(day / 60, 2)):\(pad(day % 60, 2))\nlocation: { name: Busy, lat: 10, lon: 10 }\n---\nAgain.\n"
        }
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let map = try journal.read("_site/places/index.html")
        let worldLevel = String(map[map.range(of: "id=\"map-level-0\"")!.lowerBound..<map.range(of: "id=\"map-level-1\"")!.lowerBound])
        // Twice a single pin's radius (3.96 at the world level), and the count drawn in it.
        #expect(worldLevel.contains("aria-label=\"Busy, 500 entries\" data-x=\"190\" data-y=\"80\"><circle class=\"latest-ring\" cx=\"190\" cy=\"80\" r=\"11.088\"/><circle cx=\"190\" cy=\"80\" r=\"7.92\"/><text x=\"190\" y=\"81.782\" font-size=\"5.148\">500</text>"))
        #expect(worldLevel.contains("aria-label=\"Pole, 1 entry\" data-x=\"180\" data-y=\"0\""))
        #expect(worldLevel.contains("aria-label=\"South Pole, 1 entry\" data-x=\"180\" data-y=\"180\""))
        // 180° E is drawn at the plane's west edge; the copies beside the level draw it at the east edge too.
        #expect(worldLevel.contains("aria-label=\"Date line, 1 entry\" data-x=\"0\" data-y=\"90\""))
        #expect(map.contains("<use class=\"map-copy\" href=\"#map-level-0\" x=\"360\" aria-hidden=\"true\"/>"))
        // The page opens on the latest place, kept inside the map at the top and bottom.
        #expect(map.contains("data-start=\"183.25 76.625 13.5 6.75\""))
        #expect(try journal.read("_site/places/busy/index.html").contains("500 entries"))
    }
}

/// Without search, the place names file is neither written nor linked.
@Suite struct PlacesWithoutSearchTests {
    @Test func writesNoNamesFile() async throws {
        var files = PlacesGoldenTests.fixture
        files["daybook.yml"] = "title: No search\nsearch: false\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        #expect(!journal.exists("_site/places/names.js"))
        #expect(journal.exists("_site/places/index.html"))
        #expect(!(try journal.read("_site/index.html")).contains("names.js"))
    }
}
