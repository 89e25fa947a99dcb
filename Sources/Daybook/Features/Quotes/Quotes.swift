import Foundation
import Yams

/// The quote-of-the-day banner: a quote on the home page (or on every page), the same for a
/// day, from the journal's `quotes.yml` or `quotes.json`, else the built-in list, plus quotes
/// fetched from a ZenQuotes-compatible API when asked. The page carries the quote of the newest
/// entry's day; `quote.js` shows the reader's own day's from the list's data file.
struct Quotes: Feature {
    /// The banner's quotes, in order; empty when it is off.
    var quotes: [Quote]
    /// Worked out once the journal is assembled; nil when off or without quotes.
    var banner: QuoteBanner?

    static let settingsKeys: Set<String> = ["quote_of_the_day", "quote_on_every_page", "zenquotes", "zenquotes_timeout"]
    static let zenQuotesDefaultURL = "https://zenquotes.io/api/quotes"

    /// Nothing is read when the banner is off.
    static func load(_ input: FeatureInput) async -> (feature: Quotes, problems: [Diagnostic]) {
        let settings = input.settings
        guard settings.quoteOfTheDay else { return (Quotes(quotes: []), []) }
        let (own, problems) = QuoteFileLoader.load(input.files)
        var fetched: [Quote] = []
        var warnings: [Diagnostic] = []
        if let url = settings.zenQuotesURL {
            let fetcher = ZenQuotesFetcher(url: url, timeout: settings.zenQuotesTimeout,
                                           cacheFolder: ZenQuotesFetcher.cacheFolder(journal: input.options.journal),
                                           allowsNetwork: input.options.writes)
            (fetched, warnings) = await fetcher.quotes()
        }
        return (Quotes(quotes: QuoteList.assemble(own: own, fetched: fetched)), problems + warnings)
    }

    /// Quotes are read (and fetched) once; every edition shows the same list.
    static var loadsPerEdition: Bool { false }

    mutating func assemble(_ journal: inout Journal) {
        banner = QuoteBanner(journal: journal, quotes: quotes)
    }

    /// A banner on every page is part of every page; on the home page only, of its key alone.
    var siteKey: String { banner?.onEveryPage == true ? banner!.key : "" }

    func key(for page: Page) -> String { page.is(HomePage.self) ? banner?.key ?? "" : "" }

    var dataKey: String { banner?.key ?? "" }

    /// The `quote` block: on the home page, or on every page with `quote_on_every_page`.
    func context(for page: PageContext) -> [String: Any] {
        guard let banner, page.page.is(HomePage.self) || banner.onEveryPage else { return [:] }
        return ["quote": [
            "text": banner.quote.text,
            // Always set, so Mustache never looks `author` up in an enclosing context.
            "author": banner.quote.author ?? "",
            "has_author": banner.quote.author != nil,
            "date": banner.day.iso8601,
            "data": page.linker.href(banner.dataFile.path),
            "credit": banner.creditsZenQuotes,
            // The credit's words around a link Daybook makes: a translation moves the link, never writes HTML.
            "credit_html": HTMLEscaper.escape(page.words.text("quote_credit"))
                .replacingOccurrences(of: "{link}", with: #"<a href="https://zenquotes.io/">ZenQuotes API</a>"#),
            "zenquotes": banner.quote.fromZenQuotes,
        ] as [String: Any]]
    }

    /// The whole list, for the script; small, so made every time the data files are.
    mutating func makeData(_ view: JournalView, _ making: DataMaking) async throws -> DataFiles {
        guard let banner else { return DataFiles() }
        return DataFiles(files: [banner.dataFile], paths: [banner.dataFile.path])
    }
}
