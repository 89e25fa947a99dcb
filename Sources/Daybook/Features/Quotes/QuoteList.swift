/// The quotes a build offers, in order: the journal's own list, or else the built-in one; then the
/// fetched quotes that are not already in it.
enum QuoteList {
    static func assemble(own: [Quote]?, builtIn: [Quote] = BuiltInQuotes.all, fetched: [Quote]) -> [Quote] {
        var quotes = own ?? builtIn
        var seen = Set(quotes.map(key))
        for quote in fetched where seen.insert(key(quote)).inserted {
            quotes.append(quote)
        }
        return quotes
    }

    /// Two quotes that differ only in case or spacing are one.
    private static func key(_ quote: Quote) -> String {
        Quote.normalized(quote.text).lowercased()
    }
}
