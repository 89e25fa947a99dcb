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
    /// The writer's display name, when the site names writers (two or more write).
    var author: String?

    /// - Parameters:
    ///   - title: the entry's title, or its localized date when it has none.
    ///   - html: the entry's rendered body.
    init(entry: Entry, path: String, title: String, html: String, baseURL: String) {
        url = baseURL + Slug.percentEncoded(path)
        id = Self.id(entry: entry, path: path, baseURL: baseURL)
        self.title = title
        date = Self.timestamp(entry.date)
        tags = entry.tags
        self.html = AbsoluteLinks.resolve(html, against: url)
    }

    /// The entry's `id:` when it is an absolute URI (`urn:uuid:…`, an id an old feed gave it);
    /// otherwise a tag URI (RFC 4151) from the site's host and path, the entry's year and its
    /// address, `tag:example.org,2024:journal/2024/05/01/ferry/`, or its `id:` in place of the
    /// address. Not the file's path: tidying the entries folder must not make readers show old
    /// entries as new. A new day or title (without `slug:`) moves the address and so the id.
    static func id(entry: Entry, path: String, baseURL: String) -> String {
        var given: String?
        if case .text(let text)? = entry.extra["id"] { given = text.trimmingCharacters(in: .whitespacesAndNewlines).nonEmpty }
        if let given, isAbsoluteURI(given) { return given }
        let url = URL(string: baseURL)
        let host = (url?.host ?? "localhost").lowercased()
        var site = url?.path ?? ""
        while site.hasPrefix("/") { site.removeFirst() }
        if !site.isEmpty && !site.hasSuffix("/") { site += "/" }
        return "tag:\(host),\(pad(max(0, entry.date.year), 4)):\(Slug.percentEncoded(site + (given ?? path)))"
    }

    /// A scheme (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`) and a colon, with something after it.
    static func isAbsoluteURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex,
              !text.contains(where: \.isWhitespace) else { return false }
        let scheme = Array(text[..<colon].unicodeScalars)
        let letter: (Unicode.Scalar) -> Bool = { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
        return letter(scheme[0]) && scheme.allSatisfy { letter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) }
    }

    /// `2024-05-01T08:30:00+02:00`: a date without a time is midnight at its offset, since Atom
    /// and JSON Feed both want a whole date-time; UTC is written `+00:00`, not `Z`, like the pages.
    static func timestamp(_ date: LocalDateTime) -> String {
        var date = date
        date.hasTime = true
        return date.iso8601
    }
}
