import Foundation

/// Makes the links and image sources of an entry's HTML absolute, for a feed: a feed reader
/// shows the body away from the site, where `2024/05/photo.jpg` or `/journal/x/` mean nothing.
enum AbsoluteLinks {
    /// `html` with every `href` and `src` attribute value resolved against `page`, the absolute
    /// address of the entry's page. Absolute values (`https:`, `mailto:`, `//host`) stay as
    /// they are, and so does a value `URL` cannot read.
    static func resolve(_ html: String, against page: String) -> String {
        guard let base = URL(string: page) else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count + 256)
        // ` href="…"` or ` src='…'`, the value not holding its own quote. A regex is not
        // Sendable, so it is made here rather than kept in a static.
        let attribute = /(\s)(href|src)=(["'])([^"'<>]*)\3/
        var rest = html[...]
        while let match = rest.firstMatch(of: attribute) {
            result += rest[..<match.range.lowerBound]
            let (_, space, name, quote, value) = match.output
            result += "\(space)\(name)=\(quote)\(absolute(String(value), base: base))\(quote)"
            rest = rest[match.range.upperBound...]
        }
        result += rest
        return result
    }

    /// One attribute value, made absolute; `&amp;` and the other escapes stay as they were written.
    static func absolute(_ value: String, base: URL) -> String {
        if value.isEmpty || hasScheme(value) { return value }
        guard let url = URL(string: value, relativeTo: base) else { return value }
        return url.absoluteString
    }

    /// Whether `value` starts with a scheme (`https:`, `mailto:`), so is absolute already.
    static func hasScheme(_ value: String) -> Bool {
        guard let colon = value.firstIndex(of: ":"), let first = value.first, first.isASCII, first.isLetter else { return false }
        return value[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
