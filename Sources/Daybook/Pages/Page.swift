/// One page of the site to render: which template, at which site path.
enum Page: Sendable, Hashable {
    case home
    case archives
    case year(Int)
    /// Index into `Journal.months`.
    case month(Int)
    /// Index into `Journal.entries`.
    case entry(Int)
    case tags
    /// Index into `Journal.tags`.
    case tag(Int)
    case notFound

    var template: String {
        switch self {
        case .home: return "home"
        case .archives: return "archives"
        case .year: return "year"
        case .month: return "month"
        case .entry: return "entry"
        case .tags: return "tags"
        case .tag: return "tag"
        case .notFound: return "404"
        }
    }

    /// Every page of a journal, in a fixed order.
    static func all(for journal: Journal) -> [Page] {
        var pages: [Page] = [.home, .archives, .tags, .notFound]
        pages += journal.years.map(Page.year)
        pages += journal.months.indices.map(Page.month)
        pages += journal.tags.indices.map(Page.tag)
        pages += journal.entries.indices.map(Page.entry)
        return pages
    }

    /// Site path of the page: a folder (`2024/05/`) or, for the 404 page, a file.
    func sitePath(in journal: Journal) -> String {
        switch self {
        case .home: return ""
        case .archives: return "archives/"
        case .year(let year): return "\(pad(year, 4))/"
        case .month(let index): return journal.months[index].key.path
        case .entry(let index): return journal.paths[index]
        case .tags: return "tags/"
        case .tag(let index): return journal.tags[index].path
        case .notFound: return "404.html"
        }
    }

    /// The file written for a site path: folders get an `index.html`.
    static func outputFile(for sitePath: String) -> String {
        sitePath.isEmpty || sitePath.hasSuffix("/") ? sitePath + "index.html" : sitePath
    }
}
