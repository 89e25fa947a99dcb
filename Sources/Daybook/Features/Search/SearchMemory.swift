import Synchronization

/// The search caches as the last build of this process saved them, for the next: the preview's
/// (`BuildOptions.remembersRows`). Each save of the preview read its search caches back from disk
/// and parsed every document again (5% of a whole-private save at 10,000 entries, and as much
/// of a public one); the next build now takes them as the save left them, waiting for the save
/// if it is still under way, so it never reads a cache half written.
///
/// A document is found by its entry file's content hash and the parse settings, so an older set
/// of documents is never wrong, only shorter; and where a save appends to the cache's log, the
/// log is checked against the file on disk (`SealedLog.append`). A build that failed leaves the
/// memory as it was.
final class SearchMemory: Sendable {
    /// The documents of one cache, with the parse settings they were made under and where a
    /// load from disk would now find them to come from.
    struct Remembered: Sendable {
        var parseKey: [UInt8]
        var documents: SearchDocuments
        var origin: SearchCache.Origin
    }

    /// A cache's saving, which gives the documents as saved; nil when it could not save them.
    typealias Saving = Task<Remembered?, Never>

    private let last: [String: Saving]
    private let savings: Mutex<[String: Saving]>

    init(last: [String: Saving] = [:]) {
        self.last = last
        savings = Mutex(last)
    }

    /// The documents of the cache `file` under `parseKey`, as the last build saved them; nil when
    /// it did not, or under other parse settings.
    func documents(of file: CacheFile, parseKey: [UInt8]) async -> (documents: SearchDocuments, origin: SearchCache.Origin)? {
        guard let remembered = await last[file.name]?.value, remembered.parseKey == parseKey else { return nil }
        return (remembered.documents, remembered.origin)
    }

    func remember(_ file: CacheFile, _ saving: Saving) {
        savings.withLock { $0[file.name] = saving }
    }

    /// This build's savings, and the last build's of caches it did not save: the next build's memory.
    var saved: [String: Saving] { savings.withLock { $0 } }
}
