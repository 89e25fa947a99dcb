import Foundation
import Testing
@testable import Daybook

/// Rebuilds after changes to places write exactly what a full build writes: a place's address
/// depends on other entries (merged spellings, places of one name), so pages whose own entries
/// did not change must still follow.
@Suite struct PlacesIncrementalTests {
    static func entry(_ day: String, _ title: String, _ location: String) -> String {
        "---\ntitle: \(title)\ndate: \(day)\nlocation: \(location)\n---\nText of \(title).\n"
    }

    @Test func matchesAFullBuildAfterEveryChangeToPlaces() async throws {
        let journal = try TemporaryJournal([
            "daybook.yml": "title: Places\nhome_entries: 2\n",
            "entries/a.md": Self.entry("2024-03-01", "Flat", "{ name: Home, lat: 51.45, lon: -2.59 }"),
            "entries/b.md": Self.entry("2024-04-01", "Temple", "{ name: Kyoto, lat: 35.01, lon: 135.77 }"),
            "entries/c.md": Self.entry("2024-05-01", "Garden", "The allotment"),
            // Older than every place, so an entry added before it is no neighbour of theirs.
            "entries/z.md": "---\ntitle: Before\ndate: 2023-06-01\n---\nText.\n",
        ])
        defer { journal.remove() }
        _ = try await IncrementalBuildTests.build(journal.root)
        let steps: [(String, () throws -> Void)] = [
            ("a second spelling joins a place", { try journal.write("entries/d.md", Self.entry("2024-06-01", "Rain", "\"kyoto \"")) }),
            // Visited first, the older entry's Home takes `home/`: the March month page must link
            // `home-2/`, though nothing else on it changed (every page counts the entries, so the
            // change keeps their number).
            ("an earlier place of the same name", { try journal.write("entries/z.md", Self.entry("2023-06-01", "Before", "{ name: home, lat: 48.85, lon: 2.35 }")) }),
            ("a place moves", { try journal.write("entries/b.md", Self.entry("2024-04-01", "Temple", "{ name: Kyoto, lat: 34.99, lon: 135.76 }")) }),
            ("a draft with a place", { try journal.write("entries/f.md", "---\ntitle: Secret\ndate: 2024-07-01\ndraft: true\nlocation: { name: Cove, lat: 1, lon: 1 }\n---\nShh.\n") }),
            ("the spelling most entries use changes", { try journal.write("entries/g.md", Self.entry("2024-06-02", "More rain", "kyoto")) }),
            ("the last coordinates go", {
                for name in ["a", "b", "z"] { try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries/\(name).md")) }
            }),
            ("every place goes", {
                for name in ["c", "d", "g"] { try journal.write("entries/\(name).md", "---\ntitle: Plain \(name)\ndate: 2024-08-0\(name == "c" ? 1 : name == "d" ? 2 : 3)\n---\nText.\n") }
            }),
        ]
        for (step, change) in steps {
            try change()
            _ = try await IncrementalBuildTests.build(journal.root)
            try await IncrementalBuildTests.expectSameAsFullBuild(journal, step)
        }
    }

    /// The map shows of its entries only dates and addresses: an edit of an entry's words leaves
    /// it as it is (its file is not written again), while a new date or a retitle that moves the
    /// entry's address makes it again; each step equal to a full build.
    @Test func theMapIsMadeAgainOnlyWhenADateOrAnAddressChanges() async throws {
        let journal = try TemporaryJournal([
            "daybook.yml": "title: Places\n",
            "entries/a.md": Self.entry("2024-03-01", "Flat", "{ name: Home, lat: 51.45, lon: -2.59 }"),
            "entries/b.md": Self.entry("2024-04-01", "Temple", "{ name: Kyoto, lat: 35.01, lon: 135.77 }"),
        ])
        defer { journal.remove() }
        _ = try await IncrementalBuildTests.build(journal.root)
        let map = journal.site.appendingPathComponent("places/index.html").path
        let steps: [(String, String, Bool)] = [
            ("more words", "---\ntitle: Temple\ndate: 2024-04-01\nlocation: { name: Kyoto, lat: 35.01, lon: 135.77 }\n---\nA longer text of Temple, with many more words.\n", false),
            ("a tag", "---\ntitle: Temple\ndate: 2024-04-01\ntags: [trips]\nlocation: { name: Kyoto, lat: 35.01, lon: 135.77 }\n---\nA longer text.\n", false),
            ("another day", "---\ntitle: Temple\ndate: 2024-04-02\ntags: [trips]\nlocation: { name: Kyoto, lat: 35.01, lon: 135.77 }\n---\nA longer text.\n", true),
            ("another title, so another address", "---\ntitle: Shrine\ndate: 2024-04-02\ntags: [trips]\nlocation: { name: Kyoto, lat: 35.01, lon: 135.77 }\n---\nA longer text.\n", true),
        ]
        for (step, text, remade) in steps {
            let before = try #require(FileStat(path: map))
            try await Task.sleep(for: .milliseconds(20))
            try journal.write("entries/b.md", text)
            _ = try await IncrementalBuildTests.build(journal.root)
            #expect((FileStat(path: map) != before) == remade, "\(step)")
            try await IncrementalBuildTests.expectSameAsFullBuild(journal, step)
        }
    }

    /// The map's key, unlike a list's, stays the same when an entry's words, title or tags
    /// change, and changes with its date or address. (A page made again with the same bytes is
    /// not written again, so only the key shows what the build would render.)
    @Test func theMapsKeyTakesDatesAndAddressesAlone() async throws {
        func keys(_ text: String) async throws -> (map: [UInt8], place: [UInt8]) {
            let entries = [("entries/a.md", Self.entry("2024-03-01", "Flat", "{ name: Home, lat: 51.45, lon: -2.59 }")),
                           ("entries/b.md", text)]
            let parsed = entries.compactMap { loadEntry($0.1, path: $0.0).0 }
            let (journal, _) = JournalAssembler.assemble(parsed, settings: Settings())
            let files = Dictionary(uniqueKeysWithValues: zip(entries, parsed).map { ($0.0.0, (hash: ContentHash.digest(Array($0.0.1.utf8)), listKey: $0.1.listKey)) })
            let keys = try await PageKeys(journal: journal, files: files, siteKey: [])
            return (keys.key(for: Page(MapPage.self, 0)), keys.key(for: Page(PlacePage.self, 1)))  // Kyoto, visited second
        }
        let base = try await keys(Self.entry("2024-04-01", "Temple", "{ name: Kyoto, lat: 35.01, lon: 135.77 }"))
        let words = try await keys("---\ntitle: Temple\ndate: 2024-04-01\ntags: [trips]\nlocation: { name: Kyoto, lat: 35.01, lon: 135.77 }\n---\nMore words.\n")
        #expect(words.map == base.map)
        #expect(words.place != base.place, "a place's own page lists its entries' titles and excerpts")
        let day = try await keys(Self.entry("2024-04-02", "Temple", "{ name: Kyoto, lat: 35.01, lon: 135.77 }"))
        #expect(day.map != base.map)
        let title = try await keys(Self.entry("2024-04-01", "Shrine", "{ name: Kyoto, lat: 35.01, lon: 135.77 }"))
        #expect(title.map != base.map, "another title is another address")
        let moved = try await keys(Self.entry("2024-04-01", "Temple", "{ name: Kyoto, lat: 34.99, lon: 135.76 }"))
        #expect(moved.map != base.map)
    }
}
