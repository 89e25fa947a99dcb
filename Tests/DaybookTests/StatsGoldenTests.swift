import Testing
@testable import Daybook

/// The numbers page of a small journal, compared with `Goldens/stats/`.
@Suite struct StatsGoldenTests {
    static let fixture: [String: String] = [
        "daybook.yml": "title: Numbers\nlocale: en_GB\n",
        "entries/2023-11-30.md": "---\ntitle: Autumn\ndate: 2023-11-30\nrating: 4\ntags: [sea, food]\nlocation: Brighton\n---\nCold wind off the sea.\n",
        "entries/2024-01-01.md": "---\ntitle: New year\ndate: 2024-01-01\nrating: 3\ntags: [sea]\nlocation: { name: Brighton, lat: 50.82, lon: -0.14 }\n---\nA swim, briefly.\n",
        "entries/2024-01-02.md": "---\ntitle: Walk <home>\ndate: 2024-01-02\nrating: 5\ntags: [walks]\nlocation: Lewes\n---\nUp the downs and back.\n",
        "entries/2024-01-02-evening.md": "---\ndate: 2024-01-02 20:00\n---\nTired.\n",
        "entries/2024-01-03-draft.md": "---\ndate: 2024-01-03\ndraft: true\ntags: [secret]\n---\nNot counted at all.\n",
    ]

    @Test func rendersTheNumbersPageAsRecorded() async throws {
        try await FeatureGolden.check(Self.fixture, pages: ["stats/index.html"], folder: "stats")
    }

    @Test func countsEveryPublishedEntryAndNoDraft() async throws {
        let journal = try TemporaryJournal(Self.fixture)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let page = try journal.read("_site/stats/index.html")
        #expect(page.contains("<dt>Entries</dt><dd>4</dd>"))
        #expect(page.contains("<dt>Words</dt><dd>14</dd>"))
        #expect(page.contains("<dt>Days written</dt><dd>3</dd>"))
        #expect(!page.contains("secret"))
        #expect(try journal.read("_site/index.html").contains("<a href=\"stats/index.html\">Numbers</a>"))
    }

    @Test func hasNoPageOrLinkWithoutEntries() async throws {
        let journal = try TemporaryJournal(["daybook.yml": "title: Empty\n", "entries/a.md": "---\ndate: 2024-01-01\ndraft: true\n---\nDraft.\n"])
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        #expect(!journal.exists("_site/stats/index.html"))
        #expect(!(try journal.read("_site/index.html")).contains("Numbers"))
    }
}
