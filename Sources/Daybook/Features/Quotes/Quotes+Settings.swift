import Foundation
import Yams

/// The quote-of-the-day keys of `daybook.yml`.
extension Quotes {
    static func readSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText) -> [Diagnostic] {
        let raw = value.scalar?.string ?? ""
        let shown = value.scalar == nil ? "a list or mapping" : raw.isEmpty ? "nothing" : raw
        func problem(_ message: String) -> [Diagnostic] {
            [source.error(message, line: value.mark?.line ?? 1, column: value.mark?.column ?? 1)]
        }
        switch key {
        case "quote_of_the_day":
            guard let on = YAML.flag(value) else { return problem("quote_of_the_day must be true or false") }
            settings.quoteOfTheDay = on
        case "quote_on_every_page":
            guard let on = YAML.flag(value) else { return problem("quote_on_every_page must be true or false") }
            settings.quoteOnEveryPage = on
        case "zenquotes":
            if let on = YAML.flag(value) {
                settings.zenQuotesURL = on ? zenQuotesDefaultURL : nil
            } else if value.scalar != nil, let url = URL(string: raw), ["http", "https"].contains(url.scheme?.lowercased()), url.host != nil {
                settings.zenQuotesURL = raw
            } else {
                return problem("zenquotes must be true, false or the address of a ZenQuotes-compatible API such as \(zenQuotesDefaultURL), got \(shown)")
            }
        case "zenquotes_timeout":
            guard let seconds = Double(raw), seconds >= 0.1, seconds <= 60 else {
                return problem("zenquotes_timeout must be a number of seconds from 0.1 to 60, got \(shown)")
            }
            settings.zenQuotesTimeout = seconds
        default:
            break
        }
        return []
    }
}
