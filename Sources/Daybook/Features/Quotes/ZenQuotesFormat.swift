import Foundation

/// The answer of a ZenQuotes-compatible API: `[{"q": "text", "a": "author"}, …]`. Other keys
/// (ZenQuotes also sends the quote as HTML in `h`) are ignored; only plain text is used.
enum ZenQuotesFormat {
    /// Why an answer gave no quotes.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case notQuotes
        case empty
        /// The service's own notice in place of quotes, such as its rate-limit message.
        case refused(String)

        var description: String {
            switch self {
            case .notQuotes: return #"the answer is not a list of quotes ([{"q": "…", "a": "…"}])"#
            case .empty: return "the answer has no quotes"
            case .refused(let notice): return "the service answered: \(notice)"
            }
        }
    }

    private struct Item: Decodable {
        var q: String
        var a: String?
    }

    /// ZenQuotes answers over its rate limit with a single "quote" by this author saying so.
    static let noticeAuthor = "zenquotes.io"

    static func quotes(from bytes: [UInt8]) throws(Problem) -> [Quote] {
        let items: [Item]
        do {
            items = try JSONDecoder().decode([Item].self, from: Data(bytes))
        } catch {
            throw .notQuotes
        }
        var quotes: [Quote] = []
        var notice: String?
        for item in items {
            let text = Quote.normalized(item.q)
            let author = item.a.map(Quote.normalized) ?? ""
            if author == noticeAuthor {
                notice = text
                continue
            }
            guard !text.isEmpty else { continue }
            quotes.append(Quote(text: text, author: author.isEmpty ? nil : author, fromZenQuotes: true))
        }
        if quotes.isEmpty { throw notice.map(Problem.refused) ?? .empty }
        return quotes
    }
}
