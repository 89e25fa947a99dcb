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
        // Bytes from here on, each body escaped straight into them: a feed holds whole entries, and
        // escaping into a string of its own, then joining, then converting held each several times.
        var bytes = Array(xml.utf8)
        let needed = bytes.count + items.reduce(0) { $0 + $1.html.utf8.count + 1024 }
        bytes.reserveCapacity(needed + needed / 8)
        for item in items {
            bytes += Array(entry(item).utf8)
            bytes += Array("    <content type=\"html\">".utf8)
            appendEscaped(item.html, to: &bytes)
            bytes += Array("</content>\n  </entry>\n".utf8)
        }
        bytes += Array("</feed>\n".utf8)
        return bytes
    }

    /// One `<entry>` up to its content: the entry's date is both its publication and its last update, since a
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
        if let author = item.author { xml += "    <author><name>\(escape(author))</name></author>\n" }
        for tag in item.tags { xml += "    <category term=\"\(escape(tag))\"/>\n" }
        return xml
    }

    /// Text for XML: the five characters that could end it escaped, and the control characters
    /// XML 1.0 forbids left out.
    static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `escape` into bytes, read in place: U+FFFE and U+FFFF are `EF BF BE` and `EF BF BF`.
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            var plain = 0, index = 0
            while index < utf8.count {
                let byte = utf8[index]
                let replacement: String?
                var length = 1
                switch byte {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&apos;"
                case 0x09, 0x0A, 0x0D: index += 1; continue
                case 0..<0x20: replacement = nil
                case 0xEF where index + 2 < utf8.count && utf8[index + 1] == 0xBF && (utf8[index + 2] == 0xBE || utf8[index + 2] == 0xBF):
                    replacement = nil
                    length = 3
                default: index += 1; continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<index]))
                if let replacement { bytes += Array(replacement.utf8) }
                index += length
                plain = index
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain...]))
        }
    }
}
