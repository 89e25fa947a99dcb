import Foundation

/// Makes the links and image sources of an entry's HTML absolute, for a feed: a feed reader
/// shows the body away from the site, where `2024/05/photo.jpg` or `/journal/x/` mean nothing.
enum AbsoluteLinks {
    /// `html` with every `href`, `src` and `srcset` address resolved against `page`, the absolute
    /// address of the entry's page. Absolute values (`https:`, `mailto:`, `//host`) stay as
    /// they are, and so does a value `URL` cannot read.
    static func resolve(_ html: String, against page: String) -> String {
        // ` href="…"` or ` src='…'`, the value not holding its own quote. A regex is not
        // Sendable, so it is made here rather than kept in a static.
        let attribute = /(\s)(href|src|srcset)=(["'])([^"'<>]*)\3/
        // A body without links is handed back as it is, not copied (a large entry, issue 23).
        guard let base = URL(string: page), html.contains(attribute) else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count + 256)
        var rest = html[...]
        while let match = rest.firstMatch(of: attribute) {
            result += rest[..<match.range.lowerBound]
            let (_, space, name, quote, value) = match.output
            let resolved = name == "srcset" ? candidates(String(value), base: base) : absolute(String(value), base: base)
            result += "\(space)\(name)=\(quote)\(resolved)\(quote)"
            rest = rest[match.range.upperBound...]
        }
        result += rest
        return result
    }

    /// A `srcset` (`a.webp 480w, b.webp 960w`) with each candidate's address made absolute.
    static func candidates(_ value: String, base: URL) -> String {
        value.split(separator: ",").map { candidate in
            let parts = candidate.split(separator: " ", maxSplits: 1)
            guard let address = parts.first else { return String(candidate) }
            return ([absolute(String(address), base: base)] + parts.dropFirst().map(String.init)).joined(separator: " ")
        }.joined(separator: ", ")
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
