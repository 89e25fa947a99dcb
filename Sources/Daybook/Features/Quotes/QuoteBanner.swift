/// The quote-of-the-day banner of a build, worked out once and shared by every page that shows it.
struct QuoteBanner: Sendable {
    /// The quote written into the pages, for readers without JavaScript, feeds and screenshots:
    /// the quote of the newest entry's day, so that a build never depends on the day it runs.
    var quote: Quote
    /// That day: the newest entry's, or 1970-01-01 (the list's first quote) without entries.
    var day: LocalDay
    var onEveryPage: Bool
    /// Some quotes came from ZenQuotes: pages carry its credit line, shown while one of them is.
    var creditsZenQuotes: Bool
    /// The whole list, for the script that shows the quote of the reader's own day.
    var dataFile: OutputFile

    /// Nil when the banner is turned off or there are no quotes.
    init?(journal: Journal, quotes: [Quote]) {
        let settings = journal.settings
        let day = journal.entries.first?.date.localDay ?? LocalDay(year: 1970, month: 1, day: 1)
        guard settings.quoteOfTheDay, let quote = QuoteOfTheDay.quote(for: day, in: quotes) else { return nil }
        self.quote = quote
        self.day = day
        onEveryPage = settings.quoteOnEveryPage
        creditsZenQuotes = quotes.contains(where: \.fromZenQuotes)
        dataFile = QuoteDataFile.make(quotes)
    }

    /// Everything of the banner a page shows, for incremental builds' page keys.
    var key: String {
        "\(quote.text)\u{0}\(quote.author ?? "")\u{0}\(day.iso8601)\u{0}\(creditsZenQuotes)\u{0}\(onEveryPage)\u{0}\(dataFile.path)"
    }
}
