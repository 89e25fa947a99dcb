import Foundation

/// One entry as the feeds show it: everything absolute, worked out from the journal alone.
struct FeedItem: Sendable, Equatable {
    var id: String
    var url: String
    var title: String
    /// RFC 3339, with the offset the entry was written at.
    var date: String
    var tags: [String]
    /// The body, its links and image sources absolute.
    var html: String

    /// - Parameters:
    ///   - title: the entry's title, or its localized date when it has none.
    ///   - html: the entry's rendered body.
    init(entry: Entry, path: String, title: String, html: String, baseURL: String) {
        url = baseURL + Slug.percentEncoded(path)
        id = Self.id(sourcePath: entry.sourcePath, year: entry.date.year, baseURL: baseURL)
        self.title = title
        date = Self.timestamp(entry.date)
        tags = entry.tags
        self.html = AbsoluteLinks.resolve(html, against: url)
    }

    /// A tag URI (RFC 4151) from the site's host and path, the entry's year and its file's path
    /// in the journal: `tag:example.org,2024:journal/entries/2024/05-01.md`. A new title, which
    /// moves the entry's page, keeps it; renaming the file or moving it to another year does not.
    static func id(sourcePath: String, year: Int, baseURL: String) -> String {
        let url = URL(string: baseURL)
        let host = (url?.host ?? "localhost").lowercased()
        var path = url?.path ?? ""
        while path.hasPrefix("/") { path.removeFirst() }
        if !path.isEmpty && !path.hasSuffix("/") { path += "/" }
        return "tag:\(host),\(pad(max(0, year), 4)):\(Slug.percentEncoded(path + sourcePath))"
    }

    /// `2024-05-01T08:30:00+02:00`: a date without a time is midnight at its offset, since Atom
    /// and JSON Feed both want a whole date-time; UTC is written `+00:00`, not `Z`, like the pages.
    static func timestamp(_ date: LocalDateTime) -> String {
        var date = date
        date.hasTime = true
        return date.iso8601
    }
}
