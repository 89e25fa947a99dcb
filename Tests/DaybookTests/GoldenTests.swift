import Foundation
import Testing
@testable import Daybook

/// Every page of a small journal, compared byte for byte with the files in `Golden/`.
/// After a deliberate change, re-record with `DAYBOOK_RECORD_GOLDEN=1 swift test --filter GoldenTests`
/// and review the diff.
@Suite struct GoldenTests {
    static let fixture: [String: String] = [
        "daybook.yml": """
            title: Golden <Journal>
            author: Ada & Bo
            description: A "quoted" <b>journal</b> & more
            locale: en_GB
            timezone: Europe/London
            """,
        "entries/2024/05/2024-05-01-fish.md": """
            ---
            title: Fish & chips <at last>
            date: 2024-05-01 12:30
            rating: 3
            location: { name: "Brighton \\"pier\\"", lat: 50.8197, lon: -0.1367 }
            tags: [sea, Food]
            mood: content
            ---
            Salt, *vinegar* and [the pier](/2024/04/).

            ---

            > Gulls <everywhere>.
            """,
        "entries/2024/05/2024-05-01-evening.md": """
            ---
            date: 2024-05-01 21:45
            rating: 0
            ---
            A quiet evening, untitled.
            """,
        "entries/2024/04/seoul.md": """
            ---
            title: 서울의 밤
            date: 2024-04-30T23:15:00-05:00
            location: Seoul
            tags: 여행
            ---
            밤이 깊었다. 🌙
            """,
        "entries/2024/04/draft.md": "---\ndate: 2024-04-02\ndraft: true\n---\n",
        "entries/2023/12/2023-12-31.md": "Last day of the year.\n",
    ]

    static let goldenRoot = packageRoot.appendingPathComponent("Tests/DaybookTests/Golden")

    @Test func rendersEveryPageAsRecorded() async throws {
        let journal = try TemporaryJournal(Self.fixture)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let site = try tree(journal.site)
        try expectGolden(site, in: Self.goldenRoot, named: "Golden")
    }

    @Test func escapesFrontMatterTextEverywhere() async throws {
        let journal = try TemporaryJournal(Self.fixture)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        for (path, data) in try tree(journal.site) where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            #expect(!html.contains("<at last>"), "\(path)")
            #expect(!html.contains("<Journal>"), "\(path)")
            #expect(!html.contains("<b>journal"), "\(path)")
            #expect(!html.contains("\"quoted\""), "\(path)")
            #expect(!html.contains("<everywhere>"), "\(path)")
        }
        let page = try journal.read("_site/2024/05/01/fish-chips-at-last/index.html")
        #expect(page.contains("<h1>Fish &amp; chips &lt;at last&gt;</h1>"))
        #expect(page.contains("<meta name=\"description\" content=\"A &quot;quoted&quot; &lt;b&gt;journal&lt;/b&gt; &amp; more\">"))
        #expect(page.contains("Brighton &quot;pier&quot;"))
    }
}
