import Foundation
import Testing
@testable import Daybook

/// The layout's chrome (`site-head`, `site-assets`, `site-header`, `site-footer`): rendered once
/// per folder depth from `site` and `words` alone, and still what every page shows.
@Suite struct ChromeTests {
    static let files: [String: String] = [
        "daybook.yml": "title: Tides & Days\ndescription: A calm journal\n",
        "entries/2024/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01\ntags: [sea]\n---\nOn the boat.\n",
        "entries/2024/2024-05-02-rain.md": "---\ntitle: Rain\ndate: 2024-05-02\n---\nGrey.\n",
    ]
    /// Pages at four depths: the root, a year, a tag, an entry.
    static let pages = ["index.html": "", "2024/index.html": "../", "tags/sea/index.html": "../../", "2024/05/01/ferry/index.html": "../../../../"]

    static func build(_ extra: [String: String] = [:]) async throws -> TemporaryJournal {
        let journal = try TemporaryJournal(files.merging(extra) { $1 })
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        return journal
    }

    @Test func eachPageLinksFromItsOwnDepth() async throws {
        let journal = try await Self.build()
        defer { journal.remove() }
        for (page, root) in Self.pages {
            let html = try journal.read("_site/\(page)")
            #expect(html.contains("<a class=\"site-title\" href=\"\(root)index.html\">Tides &amp; Days</a>"), "\(page)")
            #expect(html.contains("<a href=\"\(root)archives/index.html\">Archives</a>"), "\(page)")
            #expect(html.contains("<meta name=\"description\" content=\"A calm journal\">\n<link rel=\"icon\""), "\(page)")
            #expect(html.contains("<link rel=\"stylesheet\" href=\"\(root)style."), "\(page)")
            let head = try #require(html.components(separatedBy: "</head>").first)
            #expect(!head.contains("\n\n") && !html.contains("</header>\n\n") && !html.contains("\n\n</body>"),
                    "no blank line where a part of the chrome ends: \(page)")
            #expect(html.contains("</footer>\n</body>"), "\(page)")
        }
    }

    /// A journal's own `site-footer.mustache` reaches every page; it sees `site` and `words`, and
    /// a key of the page shows nothing there (docs/templates.md, "Chrome").
    @Test func aFooterOfYourOwnSeesTheSiteAndTheWordsOnly() async throws {
        let journal = try await Self.build(["templates/site-footer.mustache": "<footer>{{site.title}}|{{page.title}}|{{words.archives}}|{{site.root}}</footer>\n"])
        defer { journal.remove() }
        for (page, root) in Self.pages {
            let html = try journal.read("_site/\(page)")
            #expect(html.contains("<footer>Tides &amp; Days||Archives|\(root)</footer>\n</body>"), "\(page)")
        }
    }

    /// A layout of one's own written before the chrome existed still sees every key.
    @Test func aLayoutWithoutTheChromeStillSeesEverything() async throws {
        let layout = "<html><title>{{page.title}}</title><nav><a href=\"{{site.archives}}\">{{words.archives}}</a></nav>{{$main}}{{/main}}</html>\n"
        let journal = try await Self.build(["templates/layout.mustache": layout])
        defer { journal.remove() }
        let html = try journal.read("_site/2024/05/01/ferry/index.html")
        #expect(html.hasPrefix("<html><title>Ferry</title><nav><a href=\"../../../../archives/index.html\">Archives</a></nav>"))
    }
}
