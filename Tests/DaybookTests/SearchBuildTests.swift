import Foundation
import Testing
@testable import Daybook

/// Search in a whole build: the index beside the pages, the box on every page, and `search: false`.
@Suite struct SearchBuildTests {
    static let journal = [
        "daybook.yml": "title: Test\nlocale: en_GB\n",
        "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01 08:30\n---\nGrey morning.\n",
        "entries/2024/05/2024-05-02.md": "Just a day.\n",
    ]

    @Test func writesTheIndexAndPutsTheBoxOnEveryPage() async throws {
        let journal = try TemporaryJournal(Self.journal)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        for path in ["search/meta.js", "search/days.js", "search/t/0.js", "search/r/0.js"] {
            #expect(journal.exists("_site/\(path)"), "\(path)")
        }
        #expect(!journal.exists("_site/search/r/1.js"), "two entries share one record file")
        let site = try tree(journal.site)
        let script = try #require(site.keys.first { $0.hasPrefix("search.") && $0.hasSuffix(".js") })
        let ui = try #require(site.keys.first { $0.hasPrefix("search-ui.") })
        let home = try journal.read("_site/index.html")
        #expect(home.contains("<script src=\"\(script)\" data-index=\"search/\" defer></script>\n<script src=\"\(ui)\" data-words=\"{&quot;placeholder&quot;:&quot;Search&quot;,"))
        #expect(home.contains("<div class=\"site-search\" data-daybook-search>\n<a class=\"search-fallback\" href=\"archives/index.html\">Search the archives</a>\n</div>"))
        let entry = try journal.read("_site/2024/05/01/ferry/index.html")
        #expect(entry.contains("<script src=\"../../../../\(script)\" data-index=\"../../../../search/\" defer></script>"))
        for (path, bytes) in site where path.hasSuffix(".html") {
            #expect(String(decoding: bytes, as: UTF8.self).contains("data-daybook-search"), "\(path)")
        }
    }

    @Test func theNotFoundPageFindsTheIndexFromAnyDepth() async throws {
        let journal = try TemporaryJournal(Self.journal)
        defer { journal.remove() }
        var options = BuildOptions(journal: journal.root)
        options.baseURL = "https://example.org/journal/"
        _ = try await Builder.run(options)
        #expect(try journal.read("_site/404.html").contains("data-index=\"/journal/search/\""))
    }

    @Test func searchFalseLeavesOutTheIndexAndTheBox() async throws {
        var files = Self.journal
        files["daybook.yml"] = "title: Test\nsearch: false\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        #expect(!journal.exists("_site/search"))
        let home = try journal.read("_site/index.html")
        #expect(!home.contains("data-daybook-search"))
        #expect(!home.contains("data-index"))
        #expect(home.contains("<a href=\"archives/index.html\">Archives</a>"))
    }

    @Test func theSearchSettingIsTrueOrFalse() {
        #expect(SettingsLoader.load(text: "search: off").0.search == false)
        #expect(SettingsLoader.load(text: "search: yes").0.search == true)
        #expect(SettingsLoader.load(text: "title: x").0.search == true)
        let (_, problems) = SettingsLoader.load(text: "search: sometimes\nserch: true\n")
        #expect(problems.map(\.headline) == [
            "daybook.yml:1:9: error: search must be true or false",
            "daybook.yml:2:1: warning: unknown setting 'serch' is ignored",
        ])
    }

    /// The pages render beside the index (`WriteStage.makeDataAndPages`) from a copy of the
    /// features that must not hold the plan, all of the journal's words, until the last page.
    @Test func theFeatureThePagesUseHoldsNoPlan() async throws {
        let view = SearchIndexTests.view()
        let keys = try await PageKeys(journal: view.journal, files: [:], siteKey: [], features: [], jobs: 1)
        let search = Search(isOn: true, savesCache: false, plan: SearchPlan(journal: view.journal, keys: keys, cached: nil))
        let pages = try #require(search.forPages() as? Search)
        #expect(search.plan != nil)
        #expect(pages.plan == nil)
        let linker = Linker(pagePath: "2024/05/01/ferry/", settings: view.journal.settings)
        #expect(NSDictionary(dictionary: pages.siteBlock(linker)) == NSDictionary(dictionary: search.siteBlock(linker)))
    }
}
