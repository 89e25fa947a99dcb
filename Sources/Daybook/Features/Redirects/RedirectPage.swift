/// A page at an entry's old address that sends the reader to the entry: a refresh, a link for
/// a reader (or a browser) that does not follow it, and the entry as canonical address.
enum RedirectPage: PageKind {
    static let template = "redirect"
    static let inSitemap = false

    /// Worked out in `Redirects.assemble`; again for a copy of the journal taken before that.
    static func redirects(_ journal: Journal) -> [Redirects.Redirect] {
        journal.derived[Redirects.derivedKey] as? [Redirects.Redirect] ?? Redirects.redirects(in: journal)
    }

    static func indices(in journal: Journal) -> Range<Int> { 0..<redirects(journal).count }

    static func sitePath(_ index: Int, in journal: Journal) -> String { redirects(journal)[index].path }

    /// The entry's address and title are on the page.
    static func entriesShown(_ index: Int, in journal: Journal) -> [Int] { [redirects(journal)[index].entry] }

    static func context(_ index: Int, _ page: PageContext) -> (title: String?, values: [String: Any]) {
        let journal = page.journal
        let entry = redirects(journal)[index].entry
        let path = journal.paths[entry]
        let title = journal.entries[entry].title ?? journal.entries[entry].date.localDay.iso8601
        let target = page.linker.href(path)
        let canonical = journal.settings.baseURL.map { $0 + Slug.percentEncoded(path) } ?? target
        return (title, ["redirect": ["url": target, "canonical": canonical, "title": title]])
    }
}
