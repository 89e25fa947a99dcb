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
    /// What the home page alone shows besides entries: the quote banner.
    let homeKey: String

    /// - Parameters:
    ///   - files: entry file -> the hash of its bytes and what lists show of its entry
    ///     (`Entry.listKey`; when empty, the entry counts as wholly shown).
    ///   - jobs: parallel tasks for the entries' keys.
    init(journal: Journal, files: [String: (hash: [UInt8], listKey: [UInt8])], siteKey: [UInt8], homeKey: String = "",
         jobs: Int = defaultJobs) async throws {
        self.journal = journal
        self.siteKey = siteKey
        self.homeKey = homeKey
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
        hasher.add(homeKey)
        for key in entryKeys { hasher.add(key) }
        return hasher.finish()
    }

    func key(for page: Page) -> [UInt8] {
        var hasher = ContentHash.Hasher()
        hasher.add(siteKey)
        hasher.add(page.sitePath(in: journal))
        for index in page.entriesShown(in: journal) {
            if case .entry(index) = page {
                hasher.add(entryKeys[index])
            } else {
                hasher.add(listKeys[index])
                hasher.add(journal.paths[index])
            }
        }
        for part in page.structure(in: journal) { hasher.add(part) }
        if page == .home { hasher.add(homeKey) }
        return hasher.finish()
    }
}

extension Page {
    /// The entries whose content appears on the page.
    func entriesShown(in journal: Journal) -> [Int] {
        switch self {
        case .home: return journal.homeEntries
        case .archives, .tags, .notFound: return []
        case .year(let year): return journal.months.filter { $0.key.year == year }.flatMap(\.entries)
        case .month(let index): return journal.months[index].entries
        case .tag(let index): return journal.tags[index].entries
        case .entry(let index):
            // The neighbours' titles and addresses appear in the pager.
            return [index - 1, index, index + 1].filter { journal.entries.indices.contains($0) }
        }
    }

    /// Everything else the page shows that is not an entry: neighbouring months and years,
    /// counts. Month and year names follow from the locale, which is in the site key.
    func structure(in journal: Journal) -> [String] {
        switch self {
        case .home: return ["\(journal.entries.count)"]
        case .archives: return journal.months.map { "\($0.key.path)\($0.entries.count)" }
        case .tags: return journal.tags.map { "\($0.name)/\($0.slug)/\($0.entries.count)" }
        case .notFound: return []
        case .year(let year):
            let years = journal.years
            let position = years.firstIndex(of: year) ?? 0
            return [position > 0 ? "\(years[position - 1])" : "", position + 1 < years.count ? "\(years[position + 1])" : ""]
        case .month(let index):
            let months = journal.months
            return [index > 0 ? months[index - 1].key.path : "", index + 1 < months.count ? months[index + 1].key.path : ""]
        case .tag(let index): return [journal.tags[index].name]
        case .entry: return []
        }
    }
}

extension Journal {
    /// The entries of the home page: whole recent months until there are at least `homeEntries`.
    var homeEntries: [Int] {
        var shown: [Int] = []
        for month in months {
            if shown.count >= settings.homeEntries { break }
            shown += month.entries
        }
        return shown
    }
}
