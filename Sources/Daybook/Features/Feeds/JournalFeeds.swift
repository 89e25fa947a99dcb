/// In a site of several journals (`Features/Journals`), the feeds of each journal,
/// `<journal>/feed.xml` (Atom) and `<journal>/feed.json` (JSON Feed): its newest entries, whole,
/// for a reader who follows one journal. Keyed as a tag feed is, by everything site-wide and its
/// entries' files, addresses and writers; both feeds of a journal share the key.
extension Feeds {
    static func journalFeedPath(_ shown: ShownJournals.Shown) -> String { shown.path + AtomFeed.path }
    static func journalJSONFeedPath(_ shown: ShownJournals.Shown) -> String { shown.path + JSONFeed.path }

    /// Works out each journal's feeds' key; returns the entries of those to make again.
    mutating func planJournalFeeds(_ planning: DataPlanning) -> Set<Int> {
        journalFeeds = []
        journalFeedsToMake = [:]
        var needs: Set<Int> = []
        for (index, shown) in ShownJournals.of(planning.journal).list.enumerated() {
            let paths = [Self.journalFeedPath(shown), Self.journalJSONFeedPath(shown)]
            let planned = paths.map { Self.planFeed($0, named: shown.info.name, of: shown.entries, planning) }
            journalFeeds += paths.map { ($0, planned[0].key) }
            // Both are made again when either is not as it would be made now.
            if let newest = planned.lazy.compactMap(\.needs).first {
                journalFeedsToMake[index] = planned[0].key
                needs.formUnion(newest)
            }
        }
        return needs
    }

    /// The journal feeds to make: titled with the site's and the journal's titles, their `id`
    /// and alternate link (home page) the journal's home.
    func makeJournalFeeds(_ view: JournalView, _ making: DataMaking) -> [OutputFile] {
        let list = ShownJournals.of(view.journal).list, settings = view.journal.settings
        return journalFeedsToMake.keys.sorted().flatMap { index in
            let shown = list[index], key = journalFeedsToMake[index]
            let header = header(settings, title: "\(settings.title): \(shown.info.title)")
            let items = items(shown.entries.prefix(Self.count), view, making)
            let atom = Self.journalFeedPath(shown), json = Self.journalJSONFeedPath(shown)
            return [keyed(atom, AtomFeed.make(header, items, at: atom, home: shown.path), key: key),
                    keyed(json, JSONFeed.make(header, items, at: json, home: shown.path), key: key)]
        }
    }

    /// A journal's home names its feeds in its `<head>`, as a tag page does its own (the same block).
    func journalFeedContext(for page: PageContext) -> [String: Any] {
        guard isOn, page.page.is(JournalHomePage.self) else { return [:] }
        let list = ShownJournals.of(page.journal).list, settings = page.journal.settings
        guard page.page.index < list.count else { return [:] }
        let shown = list[page.page.index]
        return ["tag_feed": ["href": page.linker.href(Self.journalFeedPath(shown)), "title": "\(settings.title): \(shown.info.title)",
                             "json_href": page.linker.href(Self.journalJSONFeedPath(shown))]]
    }
}
