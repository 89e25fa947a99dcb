import Foundation
import Testing
@testable import Daybook

/// The banner in built sites: where its quotes come from, in which order, and where it shows.
@Suite struct QuoteBannerTests {
    static let entries = [
        "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\n---\nGrey morning.\n",
        "entries/2024/04/2024-04-02.md": "Older.\n",
    ]

    func build(_ files: [String: String]) async throws -> (TemporaryJournal, BuildReport) {
        var files = Self.entries.merging(files) { $1 }
        // No feeds, so the only warnings are the banner's.
        files["daybook.yml", default: ""] += "feed: false\n"
        let journal = try TemporaryJournal(files)
        return (journal, try await Builder.run(BuildOptions(journal: journal.root)))
    }

    func texts(_ site: URL) throws -> [String] {
        try siteQuotes(site)?.quotes.compactMap { $0["text"] as? String } ?? []
    }

    @Test func withoutAListOfItsOwnAJournalGetsTheBuiltInQuotes() async throws {
        let (journal, _) = try await build([:])
        defer { journal.remove() }
        #expect(try texts(journal.site) == BuiltInQuotes.all.map(\.text))
        // The page carries the quote of the newest entry's day, 2024-05-01.
        let expected = try #require(QuoteOfTheDay.quote(for: LocalDay(year: 2024, month: 5, day: 1), in: BuiltInQuotes.all))
        let home = try journal.read("_site/index.html")
        #expect(home.contains("<figure id=\"quote-of-the-day\" data-date=\"2024-05-01\">\n<blockquote><p>\(expected.text.htmlEscaped)</p></blockquote>\n<figcaption>\(expected.author!.htmlEscaped)</figcaption>"))
        #expect(!home.contains("quote-credit"))
    }

    @Test func theBuiltInListIsLongAndEveryQuoteHasTextAndAuthor() {
        let quotes = BuiltInQuotes.all
        #expect(quotes.count >= 100)
        #expect(Set(quotes.map { $0.text.lowercased() }).count == quotes.count, "no quote twice")
        #expect(Set(quotes.compactMap(\.author)).count >= 40)
        for quote in quotes {
            #expect(quote.text == Quote.normalized(quote.text) && !quote.text.isEmpty && quote.text.count <= 200, "\(quote.text)")
            #expect(quote.author.map { !$0.isEmpty && $0 == Quote.normalized($0) } == true, "\(quote.text)")
            #expect(!quote.fromZenQuotes)
        }
    }

    @Test(arguments: [
        ("quotes.yml", "- text: Mine first.\n  author: Me\n- text: Mine second.\n- text: Mine third.\n"),
        ("quotes.json", #"[{"text": "Mine first.", "author": "Me"}, {"text": "Mine second."}, {"text": "Mine third."}]"#),
    ])
    func theJournalsOwnListReplacesTheBuiltInOne(file: String, text: String) async throws {
        let (journal, report) = try await build([file: text])
        defer { journal.remove() }
        #expect(report.warnings.isEmpty)
        #expect(try texts(journal.site) == ["Mine first.", "Mine second.", "Mine third."])
        // Day 19844 (2024-05-01) with three quotes is index 1, which has no author.
        let home = try journal.read("_site/index.html")
        #expect(home.contains("<blockquote><p>Mine second.</p></blockquote>\n<figcaption hidden></figcaption>"))
    }

    @Test func fetchedQuotesComeAfterTheJournalsOwnAndCarryTheCredit() async throws {
        let server = try LocalHTTPServer(["/q": .init(body: zenQuotesJSON([("Fetched one.", "Zen"), ("mine   FIRST.", "Dup"), ("Fetched two.", "Zen")]))])
        let (journal, report) = try await build([
            "daybook.yml": "zenquotes: \(server.url("/q"))\n",
            "quotes.yml": "- text: Mine first.\n- text: Mine second.\n",
        ])
        defer { journal.remove() }
        #expect(report.warnings.isEmpty)
        let quotes = try #require(try siteQuotes(journal.site)).quotes
        #expect(quotes.map { $0["text"] as? String } == ["Mine first.", "Mine second.", "Fetched one.", "Fetched two."])
        #expect(quotes.map { $0["zenquotes"] as? Bool } == [nil, nil, true, true])
        // Day 19844 with four quotes (stride 3) is index 0: one of mine, so the credit is there but hidden.
        let home = try journal.read("_site/index.html")
        #expect(home.contains("<blockquote><p>Mine first.</p></blockquote>"))
        #expect(home.contains("<p class=\"quote-credit\" hidden>Inspirational quotes provided by <a href=\"https://zenquotes.io/\">ZenQuotes API</a></p>"))
    }

    @Test func fetchedQuotesFollowTheBuiltInListWhenTheJournalHasNone() {
        let fetched = [Quote(text: "From the API.", author: "Zen", fromZenQuotes: true)]
        #expect(QuoteList.assemble(own: nil, fetched: fetched) == BuiltInQuotes.all + fetched)
        #expect(QuoteList.assemble(own: [], fetched: fetched) == fetched)
        #expect(QuoteList.assemble(own: [Quote(text: "From the api.")], fetched: fetched) == [Quote(text: "From the api.")])
    }

    @Test func aShownZenQuoteShowsTheCredit() async throws {
        let server = try LocalHTTPServer(["/q": .init(body: zenQuotesJSON([("Fetched one.", "Zen")]))])
        let (journal, _) = try await build(["daybook.yml": "zenquotes: \(server.url("/q"))\n", "quotes.yml": "[]\n"])
        defer { journal.remove() }
        let home = try journal.read("_site/index.html")
        #expect(home.contains("<blockquote><p>Fetched one.</p></blockquote>\n<figcaption>Zen</figcaption>"))
        #expect(home.contains("<p class=\"quote-credit\">Inspirational quotes provided by <a href=\"https://zenquotes.io/\">ZenQuotes API</a></p>"))
    }

    @Test func anEmptyListHidesTheBanner() async throws {
        let (journal, _) = try await build(["quotes.yml": "[]\n"])
        defer { journal.remove() }
        #expect(!(try journal.read("_site/index.html")).contains("quote-of-the-day"))
        #expect(try siteQuotes(journal.site) == nil)
    }

    @Test func aSettingTurnsTheBannerOff() async throws {
        // Off means off: the quotes file is not even read.
        let (journal, _) = try await build(["daybook.yml": "quote_of_the_day: false\n", "quotes.yml": "- author: Nobody\n"])
        defer { journal.remove() }
        #expect(!(try journal.read("_site/index.html")).contains("quote-of-the-day"))
        #expect(try siteQuotes(journal.site) == nil)
    }

    @Test func byDefaultOnlyTheHomePageShowsTheBanner() async throws {
        let (journal, _) = try await build([:])
        defer { journal.remove() }
        #expect(try journal.read("_site/index.html").contains("<aside class=\"quote\" aria-label=\"Quote of the day\">"))
        for page in ["2024/05/01/ferry/index.html", "2024/05/index.html", "archives/index.html", "404.html"] {
            #expect(!(try journal.read("_site/\(page)")).contains("quote-of-the-day"), "\(page)")
        }
    }

    @Test func aSettingShowsTheBannerOnEveryPageWithWorkingLinks() async throws {
        let (journal, _) = try await build(["daybook.yml": "quote_on_every_page: true\n"])
        defer { journal.remove() }
        let data = try #require(try siteQuotes(journal.site)).file
        let script = try #require(try FileManager.default.contentsOfDirectory(atPath: journal.site.path).first { $0.hasPrefix("quote.") })
        for (page, root) in [("index.html", ""), ("2024/05/01/ferry/index.html", "../../../../"), ("2024/index.html", "../"), ("404.html", "")] {
            let html = try journal.read("_site/\(page)")
            #expect(html.contains("<script src=\"\(root)\(data)\"></script>\n<script src=\"\(root)\(script)\"></script>"), "\(page)")
            // Every page shows the same built quote.
            #expect(html.contains("data-date=\"2024-05-01\""), "\(page)")
        }
    }

    @Test func quoteTextIsEscapedInTheHTMLAndInTheJSON() async throws {
        let nasty = #"<script>alert("x")</script> & 'done'"#
        let (journal, _) = try await build(["quotes.yml": "- text: '\(nasty.replacingOccurrences(of: "'", with: "''"))'\n  author: <b>Bold</b>\n"])
        defer { journal.remove() }
        let home = try journal.read("_site/index.html")
        #expect(home.contains("<blockquote><p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;done&#39;</p></blockquote>\n<figcaption>&lt;b&gt;Bold&lt;/b&gt;</figcaption>"))
        #expect(!home.contains("<script>alert"))
        let quotes = try #require(try siteQuotes(journal.site)).quotes
        #expect(quotes.first?["text"] as? String == nasty)
        #expect(quotes.first?["author"] as? String == "<b>Bold</b>")
        // Only ASCII in the data file, whatever the quotes hold.
        let (_, _, file) = try #require(try siteQuotes(journal.site))
        #expect(try Data(contentsOf: journal.site.appendingPathComponent(file)).allSatisfy { $0 < 0x80 })
    }

    @Test func aBrokenQuotesFileFailsTheBuildLikeAnyOtherFile() throws {
        let journal = try TemporaryJournal(Self.entries.merging(["quotes.yml": "- text: Fine\n- author: Nobody\n- text: [a]\n"]) { $1 })
        defer { journal.remove() }
        let result = try CLI.run(["build", journal.root.path, "--base-url", "https://example.org/"])
        #expect(result.status == 1)
        #expect(result.stderr == """
            quotes.yml:2:3: error: quote has no text
            - author: Nobody
              ^
            quotes.yml:3:9: error: text must be text, got a list
            - text: [a]
                    ^
            build failed: 2 errors

            """)
    }

    @Test func anUnreachableAPIIsOneWarningAndTheBuildCarriesOn() throws {
        // A port nothing listens on: connection refused, as when the network is down.
        let server = try LocalHTTPServer([:])
        let url = server.url("/api/quotes")
        server.stop()
        let journal = try TemporaryJournal(Self.entries.merging(["daybook.yml": "zenquotes: \(url)\n"]) { $1 })
        defer { journal.remove() }
        let result = try CLI.run(["build", journal.root.path, "--base-url", "https://example.org/"])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("warning: could not fetch quotes from \(url): ") == true)
        #expect(lines.first?.hasSuffix("; building without them") == true)
        #expect(result.stdout.hasPrefix("Built 2 entries"))
        #expect(try texts(journal.site) == BuiltInQuotes.all.map(\.text))
    }
}

extension String {
    /// As Mustache escapes `{{value}}`.
    var htmlEscaped: String {
        replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }
}
