import Foundation
import Testing
@testable import Daybook

/// Hugo's `aliases` and Jekyll's `redirect_from` as pages at the old addresses (`Goldens/redirects/`).
@Suite struct RedirectsGoldenTests {
    static let fixture: [String: String] = [
        "daybook.yml": "title: Moved\nbase_url: https://example.org/journal/\n",
        "entries/2022-08-08-tokyo.md": "+++\ntitle = \"Tokyo <night>\"\ndate = 2022-08-08T21:00:00+09:00\naliases = [\"/posts/tokyo/\", \"/2022/tokyo.html\"]\n+++\nNeon.\n",
        "entries/2022-08-09.md": "---\ndate: 2022-08-09\nredirect_from:\n  - /blog/2022/08/09/\n  - /2022/08/08/tokyo-night/\n---\nQuiet.\n",
    ]

    @Test func writesARedirectPageAtEveryOldAddress() async throws {
        try await FeatureGolden.check(Self.fixture, pages: ["posts/tokyo/index.html", "2022/tokyo.html", "blog/2022/08/09/index.html"],
                                      folder: "redirects")
    }

    @Test func anOldAddressThatIsAPageStaysThatPageAndNoRedirectIsInTheSitemap() async throws {
        let journal = try TemporaryJournal(Self.fixture)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        #expect(try journal.read("_site/2022/08/08/tokyo-night/index.html").contains("Neon."))
        let sitemap = try journal.read("_site/sitemap.xml")
        #expect(!sitemap.contains("posts/tokyo") && sitemap.contains("2022/08/08/tokyo-night/"))
    }

    @Test(arguments: [
        ("/posts/old/", "posts/old/"), ("posts/old", "posts/old/"), ("/2019/a.html", "2019/a.html"),
        ("/a/?x=1#top", "a/"), ("https://elsewhere.example/a/", nil), ("/", nil), ("/../etc/", nil), ("/index.html", nil),
    ] as [(String, String?)])
    func turnsAnAliasIntoASitePath(alias: String, path: String?) {
        #expect(Redirects.sitePath(alias) == path)
    }
}
