import Foundation

/// `feed.json`, a JSON Feed 1.1 of the same entries as `feed.xml`, for readers that prefer it.
enum JSONFeed {
    static let path = "feed.json"

    static func make(_ header: FeedHeader, _ items: [FeedItem]) -> [UInt8] {
        let feed = Feed(title: header.title, home_page_url: header.baseURL, feed_url: header.baseURL + path,
                        description: header.description, language: header.language,
                        authors: [Author(name: header.author)],
                        items: items.map { Item(id: $0.id, url: $0.url, title: $0.title, content_html: $0.html,
                                                date_published: $0.date, tags: $0.tags.isEmpty ? nil : $0.tags) })
        let encoder = JSONEncoder()
        // Sorted keys: the same journal gives the same bytes.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        // Encoding strings cannot fail.
        var bytes = Array((try? encoder.encode(feed)) ?? Data("{}".utf8))
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    // The names are JSON Feed's own.
    private struct Feed: Encodable {
        var version = "https://jsonfeed.org/version/1.1"
        var title: String
        var home_page_url: String
        var feed_url: String
        var description: String?
        var language: String
        var authors: [Author]
        var items: [Item]

        init(title: String, home_page_url: String, feed_url: String, description: String?, language: String,
             authors: [Author], items: [Item]) {
            (self.title, self.home_page_url, self.feed_url, self.description) = (title, home_page_url, feed_url, description)
            (self.language, self.authors, self.items) = (language, authors, items)
        }
    }

    private struct Author: Encodable {
        var name: String
    }

    private struct Item: Encodable {
        var id: String
        var url: String
        var title: String
        var content_html: String
        var date_published: String
        var tags: [String]?
    }
}
