import Foundation

/// The list for `quote.js`: a small script that sets one global to the list as JSON (see
/// `ScriptData`). Named by its content, like every asset.
enum QuoteDataFile {
    static let name = "quotes.js"
    static let global = "daybookQuotes"

    static func make(_ quotes: [Quote]) -> OutputFile {
        let bytes = ScriptData.global(global, json: json(quotes), comment: "The quotes of the quote-of-the-day banner, written by Daybook.")
        return OutputFile(path: ContentHash.fileName(name, content: bytes), bytes: bytes)
    }

    /// `{"quotes":[{"author":"…","text":"…"},…],"stride":63}`: sorted keys, no spaces, and only
    /// ASCII, so the file reads the same whatever character set a host announces for it.
    static func json(_ quotes: [Quote]) -> [UInt8] {
        let payload = Payload(quotes: quotes.map { Item(text: $0.text, author: $0.author, zenquotes: $0.fromZenQuotes ? true : nil) },
                              stride: QuoteOfTheDay.stride(count: quotes.count))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and small integers cannot fail.
        return ScriptData.ascii(Array((try? encoder.encode(payload)) ?? Data("{}".utf8)))
    }

    private struct Payload: Encodable {
        var quotes: [Item]
        var stride: Int
    }

    private struct Item: Encodable {
        var text: String
        var author: String?
        /// Present (true) on quotes fetched from ZenQuotes, which are shown with its credit line.
        var zenquotes: Bool?
    }
}
