/// With `tag_feeds: true`, an Atom feed per tag, `tags/<tag>/feed.xml`: the tag's newest entries,
/// whole, as `feed.xml` has the journal's, for a reader who follows one subject. Each is keyed by
/// everything site-wide and its entries' files, addresses and writers, so an edit makes again only the
/// feeds of the tags its entry has (among their newest), and asks only for their bodies.
extension Feeds {
    static func tagFeedPath(_ tag: Journal.Tag) -> String { tag.path + AtomFeed.path }

    /// Works out each tag feed's key; those the last build did not leave as they would be made
    /// now are to make. Returns the entries whose bodies they need.
    mutating func planTagFeeds(_ planning: DataPlanning) -> Set<Int> {
        tagFeeds = []
        tagFeedsToMake = [:]
        let journal = planning.journal
        guard journal.settings.tagFeeds else { return [] }
        var needs: Set<Int> = []
        for (index, tag) in journal.tags.enumerated() {
            let planned = Self.planFeed(Self.tagFeedPath(tag), named: tag.name, of: tag.entries, planning)
            tagFeeds.append((Self.tagFeedPath(tag), planned.key))
            if let newest = planned.needs {
                tagFeedsToMake[index] = planned.key
                needs.formUnion(newest)
            }
        }
        return needs
    }

    /// A feed of the newest of `entries` at `path`: its key, from everything site-wide, `name`
    /// and those entries' files, addresses and writers; and the entries it needs, nil when the last
    /// build left it as it would be made now.
    static func planFeed(_ path: String, named name: String, of entries: [Int], _ planning: DataPlanning) -> (key: [UInt8], needs: ArraySlice<Int>?) {
        var hasher = ContentHash.Hasher()
        hasher.add(planning.keys.siteKey)
        hasher.add(name)
        let newest = entries.prefix(count)
        let writers = WriterIndex.of(planning.journal)
        for entry in newest {
            hasher.add(planning.keys.entryKeys[entry])
            hasher.add(writers.shownWriter(of: entry)?.name ?? "")
        }
        let key = hasher.finish()
        return (key, planning.kept?(path, key) == true ? nil : newest)
    }

    /// The tag feeds to make: titled with the journal's title and the tag's name, their `id` and
    /// alternate link the tag's page.
    func makeTagFeeds(_ view: JournalView, _ making: DataMaking) -> [OutputFile] {
        let journal = view.journal, settings = journal.settings
        return tagFeedsToMake.keys.sorted().map { index in
            let tag = journal.tags[index]
            let header = header(settings, title: "\(settings.title): \(tag.name)")
            let items = items(tag.entries.prefix(Self.count), view, making)
            return keyed(Self.tagFeedPath(tag), AtomFeed.make(header, items, at: Self.tagFeedPath(tag), home: tag.path),
                         key: tagFeedsToMake[index])
        }
    }

    /// A tag page names its feed in its `<head>` (`tag_feed`). Its key needs nothing more: the
    /// settings and the page's address are in every page's key.
    func context(for page: PageContext) -> [String: Any] {
        guard isOn, page.journal.settings.tagFeeds, page.page.is(TagPage.self) else { return journalFeedContext(for: page) }
        let tag = page.journal.tags[page.page.index]
        return ["tag_feed": ["href": page.linker.href(Self.tagFeedPath(tag)), "title": "\(page.journal.settings.title): \(tag.name)"]]
    }
}
