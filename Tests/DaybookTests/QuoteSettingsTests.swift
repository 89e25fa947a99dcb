import Testing
@testable import Daybook

/// The quote-of-the-day keys of `daybook.yml`.
@Suite struct QuoteSettingsTests {
    @Test func defaultsShowTheBannerOnTheHomePageAndFetchNothing() {
        let (settings, problems) = SettingsLoader.load(text: "title: Mine\n")
        #expect(problems.isEmpty)
        #expect(settings.quoteOfTheDay && !settings.quoteOnEveryPage)
        #expect(settings.zenQuotesURL == nil && settings.zenQuotesTimeout == 3)
    }

    @Test func readsEveryQuoteSetting() {
        let (settings, problems) = SettingsLoader.load(text: """
            quote_of_the_day: no
            quote_on_every_page: true
            zenquotes: https://quotes.example.org/api/quotes
            zenquotes_timeout: 1.5
            """)
        #expect(problems.isEmpty)
        #expect(!settings.quoteOfTheDay && settings.quoteOnEveryPage)
        #expect(settings.zenQuotesURL == "https://quotes.example.org/api/quotes")
        #expect(settings.zenQuotesTimeout == 1.5)
    }

    @Test(arguments: [("zenquotes: true", "https://zenquotes.io/api/quotes"), ("zenquotes: off", nil)])
    func zenquotesTrueMeansZenQuotesItself(line: String, url: String?) {
        let (settings, problems) = SettingsLoader.load(text: line)
        #expect(problems.isEmpty)
        #expect(settings.zenQuotesURL == url)
    }

    @Test func reportsBadQuoteSettingsWithPositions() {
        let (_, problems) = SettingsLoader.load(text: """
            quote_of_the_day: sometimes
            quote_on_every_page: [home]
            zenquotes: ftp://example.org/quotes
            zenquotes_timeout: 0
            quote_of_the_dya: false
            """)
        #expect(problems.map(\.headline) == [
            "daybook.yml:1:19: error: quote_of_the_day must be true or false",
            "daybook.yml:2:22: error: quote_on_every_page must be true or false",
            "daybook.yml:3:12: error: zenquotes must be true, false or the address of a ZenQuotes-compatible API such as https://zenquotes.io/api/quotes, got ftp://example.org/quotes",
            "daybook.yml:4:20: error: zenquotes_timeout must be a number of seconds from 0.1 to 60, got 0",
            "daybook.yml:5:1: warning: unknown setting 'quote_of_the_dya' is ignored",
        ])
    }
}
