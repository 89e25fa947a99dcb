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
    /// Per entry (journal order): what a short row shows of it (`compactRow`). Made
    /// once here: a tag or year page of thousands of rows took each field out of its entry again,
    /// on every save of the preview.
    let compactRows: [[UInt8]]
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
                    file.listKey.isEmpty ? file.hash : file.listKey, Self.compactRow(index, of: journal))
        }
        contentHashes = keys.map(\.0)
        entryKeys = keys.map(\.1)
        listKeys = keys.map(\.2)
        compactRows = keys.map(\.3)
        dataKey = Self.dataKey(siteKey: siteKey, features: features, entryKeys: entryKeys)
    }

    /// What the data files derive from: every entry and everything site-wide. Worked out once:
    /// the write stage asks for it two or three times, and it hashes every entry's key.
    let dataKey: [UInt8]

    static func dataKey(siteKey: [UInt8], features: [any Feature], entryKeys: [[UInt8]]) -> [UInt8] {
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
                hasher.append(compactRows[index])
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
    /// journal was assembled (a first-line title included), every field of its date, its rating;
    /// as the parts a `ContentHash.Hasher` adds, for `append`.
    static func compactRow(_ index: Int, of journal: Journal) -> [UInt8] {
        let title = journal.entries[index].title, date = journal.entries[index].date
        var row = ContentHash.Parts()
        row.reserveCapacity(96 + (title?.utf8.count ?? 0))
        if var title {
            // "+" and the title as one part, without a new string for each entry.
            title.withUTF8 { row.add(prefix: UInt8(ascii: "+"), $0) }
        } else {
            row.add("-")
        }
        // Field by field: an array of them would be made for each entry.
        row.add(number: date.year)
        row.add(number: date.month)
        row.add(number: date.day)
        row.add(number: date.hour)
        row.add(number: date.minute)
        row.add(number: date.second)
        row.add(number: date.utcOffset)
        row.add(number: date.hasTime ? 1 : 0)
        row.add(number: journal.entries[index].rating ?? -1)
        return row.bytes
    }
}
