/// `feed.json`, a JSON Feed 1.1 of the same entries as `feed.xml`, for readers that prefer it.
enum JSONFeed {
    static let path = "feed.json"

    /// Laid out as `JSONEncoder` did with sorted keys and unescaped slashes, so the same journal
    /// gives the same bytes as before; written by `JSONWriter` because the encoder held every
    /// body several times over (its own tree, its buffer, then the copy into bytes: issue 23).
    /// At `path`, for the page at `home` (a journal's feed, `travel/feed.json`, is for its home).
    static func make(_ header: FeedHeader, _ items: [FeedItem], at path: String = path, home: String = "") -> [UInt8] {
        // Room for the bodies and an eighth more for their escapes, so a large body is not
        // copied again while it is written.
        let bodies = items.reduce(0) { $0 + $1.html.utf8.count }
        var json = JSONWriter(reservingCapacity: bodies + bodies / 8 + 1024 * (items.count + 1), pretty: true)
        // The keys in sorted order; the names are JSON Feed's own.
        json.object { json in
            json.field("authors") { $0.array([header.author]) { json, name in json.object { $0.field("name") { $0.string(name) } } } }
            if let description = header.description { json.field("description") { $0.string(description) } }
            json.field("feed_url") { $0.string(header.baseURL + path) }
            json.field("home_page_url") { $0.string(header.baseURL + home) }
            json.field("items") { $0.array(items) { json, item in item.write(to: &json) } }
            json.field("language") { $0.string(header.language) }
            json.field("title") { $0.string(header.title) }
            json.field("version") { $0.string("https://jsonfeed.org/version/1.1") }
        }
        // Taken, not copied: appending to a shared array copied the whole feed (issue 23).
        var bytes = json.take()
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }
}

private extension FeedItem {
    func write(to json: inout JSONWriter) {
        json.object { json in
            if let author { json.field("authors") { $0.array([author]) { json, name in json.object { $0.field("name") { $0.string(name) } } } } }
            json.field("content_html") { $0.string(html) }
            json.field("date_published") { $0.string(date) }
            json.field("id") { $0.string(id) }
            if !tags.isEmpty { json.field("tags") { $0.stringArray(tags) } }
            json.field("title") { $0.string(title) }
            json.field("url") { $0.string(url) }
        }
    }
}
