import Foundation
import Yams

/// The quote-of-the-day keys of `daybook.yml`.
extension SettingsLoader {
    static let quoteKeys: Set<String> = ["quote_of_the_day", "quote_on_every_page", "zenquotes", "zenquotes_timeout"]
    static let zenQuotesDefaultURL = "https://zenquotes.io/api/quotes"

    static func readQuoteSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText) -> [Diagnostic] {
        let raw = value.scalar?.string ?? ""
        let shown = value.scalar == nil ? "a list or mapping" : raw.isEmpty ? "nothing" : raw
        func problem(_ message: String) -> [Diagnostic] {
            [source.error(message, line: value.mark?.line ?? 1, column: value.mark?.column ?? 1)]
        }
        switch key {
        case "quote_of_the_day":
            guard let on = flag(value) else { return problem("quote_of_the_day must be true or false") }
            settings.quoteOfTheDay = on
        case "quote_on_every_page":
            guard let on = flag(value) else { return problem("quote_on_every_page must be true or false") }
            settings.quoteOnEveryPage = on
        case "zenquotes":
            if let on = flag(value) {
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

    /// true/yes/on, false/no/off, as YAML 1.1 spells booleans; nil for anything else.
    private static func flag(_ value: Node) -> Bool? {
        switch value.scalar?.string.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }
}
