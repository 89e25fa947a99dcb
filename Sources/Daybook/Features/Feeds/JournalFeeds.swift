/// In a site of several journals (`Features/Journals`), an Atom feed per journal,
/// `<journal>/feed.xml`: its newest entries, whole, for a reader who follows one journal. Keyed
/// as a tag feed is, by everything site-wide and its entries' files and addresses.
extension Feeds {
    static func journalFeedPath(_ shown: ShownJournals.Shown) -> String { shown.path + AtomFeed.path }

    /// Works out each journal feed's key; returns the entries of those to make again.
    mutating func planJournalFeeds(_ planning: DataPlanning) -> Set<Int> {
        journalFeeds = []
        journalFeedsToMake = [:]
        var needs: Set<Int> = []
        for (index, shown) in ShownJournals.of(planning.journal).list.enumerated() {
            let planned = Self.planFeed(Self.journalFeedPath(shown), named: shown.info.name, of: shown.entries, planning)
            journalFeeds.append((Self.journalFeedPath(shown), planned.key))
            if let newest = planned.needs {
                journalFeedsToMake[index] = planned.key
                needs.formUnion(newest)
            }
        }
        return needs
    }

    /// The journal feeds to make: titled with the site's and the journal's titles, their `id`
    /// and alternate link the journal's home.
    func makeJournalFeeds(_ view: JournalView, _ making: DataMaking) -> [OutputFile] {
        let list = ShownJournals.of(view.journal).list, settings = view.journal.settings
        return journalFeedsToMake.keys.sorted().map { index in
            let shown = list[index], path = Self.journalFeedPath(shown)
            let header = header(settings, title: "\(settings.title): \(shown.info.title)")
            let items = items(shown.entries.prefix(Self.count), view, making)
            return keyed(path, AtomFeed.make(header, items, at: path, home: shown.path), key: journalFeedsToMake[index])
        }
    }

    /// A journal's home names its feed in its `<head>`, as a tag page does (the same block).
    func journalFeedContext(for page: PageContext) -> [String: Any] {
        guard isOn, page.page.is(JournalHomePage.self) else { return [:] }
        let list = ShownJournals.of(page.journal).list, settings = page.journal.settings
        guard page.page.index < list.count else { return [:] }
        let shown = list[page.page.index]
        return ["tag_feed": ["href": page.linker.href(Self.journalFeedPath(shown)), "title": "\(settings.title): \(shown.info.title)"]]
    }
}
