import Foundation
import Testing
@testable import Daybook

/// The "on this day" block of the home page, the `on-this-day/` page and the data file of a small
/// journal, compared byte for byte with `Goldens/memories/`. The newest entry is written on
/// 29 February 2028, so the built default shows the 29ths of 2024 and 2020, several on one day;
/// a draft on that day never shows. After a deliberate change, re-record with
/// `DAYBOOK_RECORD_GOLDEN=1 swift test --filter MemoriesGoldenTests` and review the diff.
@Suite struct MemoriesGoldenTests {
    static let fixture: [String: String] = [
        "daybook.yml": "title: Memories\nlocale: en_GB\nquote_of_the_day: false\nsearch: false\n",
        "entries/2028-02-29.md": "---\ntitle: Leap day again\ndate: 2028-02-29 08:00\n---\nFour years on.\n",
        "entries/2024-02-29-a.md": "---\ntitle: Ferry to the <island>\ndate: 2024-02-29 07:15\n---\nCrossing.\n",
        "entries/2024-02-29-b.md": "---\ndate: 2024-02-29 22:40\n---\nUntitled, late.\n",
        "entries/2024-02-28.md": "---\ntitle: The day before\ndate: 2024-02-28\n---\nNot shown on the 29th.\n",
        "entries/2020-02-29.md": "---\ntitle: Reykjavík & rain\ndate: 2020-02-29\n---\nFirst leap day.\n",
        "entries/2024-02-29-draft.md": "---\ntitle: Secret draft\ndate: 2024-02-29 12:00\ndraft: true\n---\nHidden.\n",
    ]

    static let goldenRoot = packageRoot.appendingPathComponent("Tests/DaybookTests/Goldens/memories")

    /// The files of the feature: the two pages that show it and its day files (in a folder of a
    /// fixed name).
    static func files(_ site: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for (path, bytes) in try tree(site) {
            if path == "index.html" || path == "on-this-day/index.html" { files[path] = bytes }
            if path.hasPrefix("on-this-day/days.") { files["on-this-day/days/" + (path as NSString).lastPathComponent] = bytes }
        }
        return files
    }

    @Test func rendersTheBlockThePageAndTheDataAsRecorded() async throws {
        let journal = try TemporaryJournal(Self.fixture)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let site = try Self.files(journal.site)
        #expect(site.count == 4, "two pages and the files of 28 and 29 February")
        try expectGolden(site, in: Self.goldenRoot, named: "Goldens/memories")
    }

    @Test func aJournalWithoutEntriesHasNoBlockPageOrLink() async throws {
        let journal = try TemporaryJournal(["daybook.yml": "title: Empty\n", "entries/.gitkeep": ""])
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let home = try journal.read("_site/index.html")
        #expect(!home.contains("on-this-day"))
        #expect(!journal.exists("_site/on-this-day/index.html"))
    }

    @Test func aDayWithNothingShowsNoHeadingOnTheHomePage() async throws {
        let journal = try TemporaryJournal(["entries/2024-05-01.md": "---\ntitle: Alone\ndate: 2024-05-01\n---\nA day.\n"])
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let home = try journal.read("_site/index.html")
        #expect(!home.contains("<section class=\"on-this-day"))
        #expect(home.contains("data-page=\"home\""), "the script still shows the reader's day")
        let page = try journal.read("_site/on-this-day/index.html")
        #expect(page.contains("<p class=\"on-this-day-nothing\">Nothing was written on this day in earlier years.</p>"))
    }
}
