import Foundation

/// The list for `quote.js`: a small script that sets one global to the list as JSON. A script
/// rather than a `.json` file because browsers refuse `fetch` to pages opened from disk, while a
/// `<script src>` loads from disk and from a host alike. Named by its content, like every asset.
enum QuoteDataFile {
    static let name = "quotes.js"
    static let global = "daybookQuotes"

    static func make(_ quotes: [Quote]) -> OutputFile {
        let bytes = Array("/* The quotes of the quote-of-the-day banner, written by Daybook. */\nwindow.\(global) = ".utf8)
            + json(quotes) + Array(";\n".utf8)
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
        let text = String(decoding: (try? encoder.encode(payload)) ?? Data("{}".utf8), as: UTF8.self)
        var ascii = ""
        for unit in text.utf16 {
            if unit < 0x80 {
                ascii.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            } else {
                let hex = String(unit, radix: 16)
                ascii += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return Array(ascii.utf8)
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
