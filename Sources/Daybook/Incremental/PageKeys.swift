/// What each page is made from, as a hash: the entries it shows and the structure around it
/// (neighbouring months, counts), on top of a site-wide key for everything every page shows
/// (settings, templates, the footer's counts). Equal keys mean an identical page, so an
/// incremental build renders only pages whose key changed.
///
/// An entry's own page depends on all of its file; a list or a neighbour's pager only on what a
/// list can show of it (`Entry.listKey`: everything but the body, excerpt included), so adding a
/// paragraph to a long entry renders its page alone.
struct PageKeys: Sendable {
    let journal: Journal
    /// Per entry (journal order): the content hash of its file.
    let contentHashes: [[UInt8]]
    /// Per entry (journal order): the content hash of its file and its address.
    let entryKeys: [[UInt8]]
    /// Per entry (journal order): what lists show of it (`Entry.listKey`).
    let listKeys: [[UInt8]]
    let siteKey: [UInt8]
    /// Each feature's part of the keys (`Feature.key(for:)`, `Feature.dataKey`).
    let features: [any Feature]

    /// - Parameters:
    ///   - files: entry file -> the hash of its bytes and what lists show of its entry
    ///     (`Entry.listKey`; when empty, the entry counts as wholly shown).
    ///   - jobs: parallel tasks for the entries' keys.
    init(journal: Journal, files: [String: (hash: [UInt8], listKey: [UInt8])], siteKey: [UInt8], features: [any Feature] = [],
         jobs: Int = defaultJobs) async throws {
        self.journal = journal
        self.siteKey = siteKey
        self.features = features
        let keys = try await parallelMap(Array(journal.entries.indices), jobs: jobs, chunksPerJob: 1) { index in
            let file = files[journal.entries[index].sourcePath] ?? ([], [])
            return (file.hash, ContentHash.digest(parts: [file.hash, Array(journal.paths[index].utf8)]),
                    file.listKey.isEmpty ? file.hash : file.listKey)
        }
        contentHashes = keys.map(\.0)
        entryKeys = keys.map(\.1)
        listKeys = keys.map(\.2)
    }

    /// What the data files derive from: every entry and everything site-wide.
    var dataKey: [UInt8] {
        var hasher = ContentHash.Hasher()
        hasher.add(siteKey)
        hasher.add(Features.joinedKeys(features.map(\.dataKey)))
        for key in entryKeys { hasher.add(key) }
        return hasher.finish()
    }

    func key(for page: Page) -> [UInt8] {
        var hasher = ContentHash.Hasher()
        hasher.add(siteKey)
        hasher.add(page.sitePath(in: journal))
        let whole = page.entryShownWhole, datesOnly = page.showsEntryDatesOnly, compact = page.showsCompactRows
        for index in page.entriesShown(in: journal) {
            if datesOnly {
                hasher.add(journal.entries[index].date.iso8601)
                hasher.add(journal.paths[index])
            } else if compact {
                addCompactRow(index, to: &hasher)
                hasher.add(journal.paths[index])
            } else if index == whole {
                hasher.add(entryKeys[index])
            } else {
                hasher.add(listKeys[index])
                hasher.add(journal.paths[index])
            }
        }
        for part in page.structure(in: journal) { hasher.add(part) }
        // By index: `for feature in features` copies each feature out, retaining all it holds,
        // for every page of the site.
        for index in features.indices { hasher.add(features[index].key(for: page)) }
        return hasher.finish()
    }

    /// What a short row shows of entry `index` (`PageContext.compactRow`): its title as the
    /// journal was assembled (a first-line title included), every field of its date, its rating.
    private func addCompactRow(_ index: Int, to hasher: inout ContentHash.Hasher) {
        let title = journal.entries[index].title, date = journal.entries[index].date
        hasher.add(title.map { "+" + $0 } ?? "-")
        // Field by field: an array of them would be made for each of a long list's entries.
        hasher.add(number: date.year)
        hasher.add(number: date.month)
        hasher.add(number: date.day)
        hasher.add(number: date.hour)
        hasher.add(number: date.minute)
        hasher.add(number: date.second)
        hasher.add(number: date.utcOffset)
        hasher.add(number: date.hasTime ? 1 : 0)
        hasher.add(number: journal.entries[index].rating ?? -1)
    }
}
