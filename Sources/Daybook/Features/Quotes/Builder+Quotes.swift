import Foundation

extension Builder {
    /// The quotes of a build: the journal's `quotes.yml` or `quotes.json`, or else the built-in
    /// list; then, with `zenquotes`, the fetched ones. Nothing is read when the banner is off.
    static func loadQuotes(_ options: BuildOptions, files: JournalFiles, settings: Settings) async -> ([Quote], [Diagnostic]) {
        guard settings.quoteOfTheDay else { return ([], []) }
        let (own, problems) = QuoteFileLoader.load(files)
        var fetched: [Quote] = []
        var warnings: [Diagnostic] = []
        if let url = settings.zenQuotesURL {
            let fetcher = ZenQuotesFetcher(url: url, timeout: settings.zenQuotesTimeout,
                                           cacheFolder: ZenQuotesFetcher.cacheFolder(journal: options.journal),
                                           allowsNetwork: options.writes)
            (fetched, warnings) = await fetcher.quotes()
        }
        return (QuoteList.assemble(own: own, fetched: fetched), problems + warnings)
    }
}
