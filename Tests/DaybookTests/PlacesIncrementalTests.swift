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
}
