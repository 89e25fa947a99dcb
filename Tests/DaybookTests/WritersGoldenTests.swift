import Foundation
import Testing
@testable import Daybook

/// A two-writer journal's pages, with portraits, compared with `Goldens/writers/`; the portraits'
/// hashes made `HASH` (they follow the libvips and Pillow versions). Re-record with
/// `DAYBOOK_RECORD_GOLDEN=1 swift test --filter WritersGoldenTests` and review the diff.
@Suite struct WritersGoldenTests {
    static let fixture: [String: String] = [
        "daybook.yml": """
            title: Two of us
            locale: en_GB
            writers:
              anna: {name: "Anna Lindqvist", portrait: people/anna.jpg}
              ben: {name: "Ben Okafor"}
              cleo: {name: "Cleo, who writes nothing yet"}
            default_writer: anna

            """,
        "entries/2024/05/01.md": "---\ntitle: Ferry\ndate: 2024-05-01\ntags: [sea]\n---\nGrey morning on the water.\n",
        "entries/2024/05/02.md": "---\ntitle: Harbour\ndate: 2024-05-02\nauthor: ben\nrating: 4\n---\nBoats and more boats.\n",
        "entries/2024/06/01.md": "---\ntitle: Garden\ndate: 2024-06-01\nauthor: anna\n---\nBeans.\n",
    ]

    static let pages = ["writers/index.html", "writers/anna/index.html", "writers/ben/index.html", "index.html",
                        "2024/05/02/harbour/index.html", "stats/index.html"]

    @Test func rendersTheWritersPagesAsRecorded() async throws {
        let journal = try TemporaryJournal(Self.fixture)
        defer { journal.remove() }
        try PhotoSupport.make(journal, "people/anna.jpg", ["--size", "400x300"])
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        var site: [String: Data] = [:]
        for page in Self.pages { site[page] = Data(Self.normalized(try journal.read("_site/\(page)")).utf8) }
        // The portrait: two squares, each in WebP and JPEG; no page for the writer without entries.
        let portraits = try tree(journal.site).keys.filter { $0.hasPrefix("portraits/") }.map(Self.normalized).sorted()
        #expect(portraits == ["portraits/HASH-192.jpg", "portraits/HASH-192.webp", "portraits/HASH-96.jpg", "portraits/HASH-96.webp"])
        #expect(!journal.exists("_site/writers/cleo/index.html"))
        try expectGolden(site, in: packageRoot.appendingPathComponent("Tests/DaybookTests/Goldens/writers"), named: "Goldens/writers")
    }

    static func normalized(_ text: String) -> String {
        text.replacingOccurrences(of: #"portraits/[0-9a-f]{12}"#, with: "portraits/HASH", options: .regularExpression)
    }
}
