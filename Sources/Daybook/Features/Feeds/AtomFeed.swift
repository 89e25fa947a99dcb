/// What both feeds say about the journal itself.
struct FeedHeader: Sendable, Equatable {
    var title: String
    var description: String?
    var author: String
    /// The site's address, `https://example.org/journal/`.
    var baseURL: String
    var language: String
}

/// `feed.xml`, an Atom 1.0 feed (RFC 4287) of the newest entries, whole.
enum AtomFeed {
    static let path = "feed.xml"

    /// - Parameters:
    ///   - path: where the feed goes, for its `self` link.
    ///   - home: the page it follows (the journal's home, or a tag's page), for its `id` and
    ///     `alternate` link.
    static func make(_ header: FeedHeader, _ items: [FeedItem], at path: String = path, home: String = "") -> [UInt8] {
        let base = header.baseURL
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(escape(header.language))">
              <id>\(escape(base + home))</id>
              <title>\(escape(header.title))</title>\n
            """
        if let description = header.description { xml += "  <subtitle>\(escape(description))</subtitle>\n" }
        // An empty journal has no entry date to take; the Unix epoch keeps the build reproducible.
        xml += """
              <updated>\(items.first?.date ?? "1970-01-01T00:00:00+00:00")</updated>
              <link rel="self" type="application/atom+xml" href="\(escape(base + path))"/>
              <link rel="alternate" type="text/html" href="\(escape(base + home))"/>
              <author><name>\(escape(header.author))</name></author>
              <generator>Daybook</generator>\n
            """
        for item in items { xml += entry(item) }
        xml += "</feed>\n"
        return Array(xml.utf8)
    }

    /// One `<entry>`: the entry's date is both its publication and its last update, since a
    /// build knows no time of editing that would stay the same from one build to the next.
    static func entry(_ item: FeedItem) -> String {
        var xml = """
              <entry>
                <id>\(escape(item.id))</id>
                <title>\(escape(item.title))</title>
                <link rel="alternate" type="text/html" href="\(escape(item.url))"/>
                <published>\(item.date)</published>
                <updated>\(item.date)</updated>\n
            """
        for tag in item.tags { xml += "    <category term=\"\(escape(tag))\"/>\n" }
        xml += "    <content type=\"html\">\(escape(item.html))</content>\n  </entry>\n"
        return xml
    }

    /// Text for XML: the five characters that could end it escaped, and the control characters
    /// XML 1.0 forbids left out.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
