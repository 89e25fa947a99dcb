import Foundation

/// What the search index of a build reuses and must make: the documents of earlier builds, the
/// record files to make again and the entries to tokenize.
struct SearchPlan: Sendable {
    var documents: SearchDocuments
    /// Where the cached documents came from, if there were any.
    var origin: SearchCache.Origin?
    /// Per entry (journal order): the content hash of its file.
    var keys: [[UInt8]]
    /// The record files to make; nil for all.
    var records: Set<Int>?
    var recordKeys: [[UInt8]]
    var stamp: String
    /// The keys of the documents this build adds: those of its untokenized entries.
    var added: [[UInt8]] = []
    /// Journal indices of the entries with no document yet, whose bodies tokenizing needs.
    let untokenized: Set<Int>

    /// - Parameter cached: the documents of earlier builds, if any can be trusted.
    init(journal: Journal, keys pageKeys: PageKeys, cached: (documents: SearchDocuments, origin: SearchCache.Origin)?) {
        documents = cached?.documents ?? SearchDocuments()
        origin = cached?.origin
        keys = Self.documentKeys(journal, contentHashes: pageKeys.contentHashes)
        let count = journal.entries.count
        // A record shows its entries in the journal's settings; templates play no part.
        var settings = journal.settings
        settings.includeDrafts = false
        let settingsKey = ContentHash.digest(parts: [Array(DaybookVersion.string.utf8), Array("\(settings)".utf8)])
        recordKeys = SearchIndex.recordGroups(count: count).map { group in
            var hasher = ContentHash.Hasher()
            hasher.add(settingsKey)
            for number in group {
                hasher.add(pageKeys.entryKeys[count - 1 - number])
                // The cover's name carries its photo's hash: a changed photo changes the record.
                hasher.add(SearchIndex.cover(of: count - 1 - number, in: journal) ?? "")
                // Whether a result names its journal and writer depends on the other entries.
                let (journalTitle, writer) = SearchIndex.names(of: count - 1 - number, in: journal)
                hasher.add((journalTitle ?? "") + "\u{0}" + (writer ?? ""))
            }
            return hasher.finish()
        }
        stamp = SearchIndex.stamp(for: pageKeys.dataKey)
        untokenized = Set(keys.indices.filter { [documents, keys] in documents[keys[$0]] == nil })
    }

    /// Each entry's document key: its file's content hash, and, for an entry with a writer, the
    /// writer's key and name, which the settings can change without the file (`default_writer`).
    static func documentKeys(_ journal: Journal, contentHashes: [[UInt8]]) -> [[UInt8]] {
        let writers = journal.settings.writers
        // By index: an entry taken out whole is a copy of all its fields, for every entry on every save.
        return journal.entries.indices.map { index in
            var key = contentHashes[index]
            // An entry's journal follows from its folder and the settings too, not its file alone.
            let journalName = journal.entries[index].journal
            if !journalName.isEmpty { key = ContentHash.digest(parts: [key, Array(journalName.utf8)]) }
            guard writers.isOn, let writer = journal.entries[index].writer else { return key }
            let name = writers.writer(writer)?.name ?? ""
            return ContentHash.digest(parts: [key, Array("writer \(writer)\u{0}\(name)".utf8)])
        }
    }

    /// Journal indices of the entries in the record files to make.
    var recordEntries: Set<Int> {
        let count = keys.count
        let groups = SearchIndex.recordGroups(count: count)
        let numbers = records.map(Array.init) ?? Array(groups.indices)
        return Set(numbers.flatMap { groups[$0].map { count - 1 - $0 } })
    }

    /// Saves the documents of this journal's entries when they differ from the cache's: a few
    /// changes appended to the log, else everything anew. Returns them as a load of the cache
    /// would now find them (`SearchMemory`); nil when they could not be saved.
    @discardableResult
    func save(folder: URL, settings: Settings, file: CacheFile) -> SearchMemory.Remembered? {
        let parseKey = Builder.parseKey(settings)
        let current = Set(keys)
        let removed = documents.documents.keys.filter { !current.contains($0) }
        if added.isEmpty, removed.isEmpty, let origin { return SearchMemory.Remembered(parseKey: parseKey, documents: documents, origin: origin) }
        if let origin, added.count + removed.count <= max(64, keys.count / 8) {
            let change = SearchCache.Change(firstTerm: origin.termCount, terms: Array(documents.terms[origin.termCount...]),
                                            documents: added.compactMap { key in documents[key].map { (key, $0) } },
                                            removed: removed)
            if let base = SearchCache.append(change, folder: folder, origin: origin, file: file) {
                // As a load applies the log: the removed documents go.
                var saved = documents
                for key in removed { saved.set(nil, for: key) }
                return SearchMemory.Remembered(parseKey: parseKey, documents: saved,
                                               origin: SearchCache.Origin(base: base, termCount: saved.terms.count))
            }
        }
        let kept = documents.keeping(keys)
        return SearchCache.save(kept, folder: folder, parseKey: parseKey, file: file).map {
            SearchMemory.Remembered(parseKey: parseKey, documents: kept, origin: $0)
        }
    }
}
