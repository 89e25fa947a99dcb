/// The `quote` block of the templates: the quote-of-the-day banner.
extension PageContext {
    /// Present on the home page, or on every page with `quote_on_every_page`; nil elsewhere.
    func quoteBlock() -> [String: Any]? {
        guard let banner = view.quoteBanner, page == .home || banner.onEveryPage else { return nil }
        return [
            "text": banner.quote.text,
            // Always set, so Mustache never looks `author` up in an enclosing context.
            "author": banner.quote.author ?? "",
            "has_author": banner.quote.author != nil,
            "date": banner.day.iso8601,
            "data": linker.href(banner.dataFile.path),
            "credit": banner.creditsZenQuotes,
            "zenquotes": banner.quote.fromZenQuotes,
        ]
    }
}
