import Foundation

/// The last build's output as this build finds it: what the cache recorded of each file (its key,
/// size and time) and each file's size and time now. Empty when there is no output to update: no
/// cache, a cache kept for another output, or an output Daybook did not make.
struct LastOutput: Sendable {
    let records: [String: BuildCache.OutputRecord]
    let stats: [String: FileStat?]
    /// The cache the records come from; nil when empty.
    let cache: BuildCache?
    /// The files are taken as the records say, unlooked at (a build continuing one of the same
    /// process into a folder only Daybook writes, see `BuildMemory`).
    let trusted: Bool

    var isEmpty: Bool { cache == nil }

    static let none = LastOutput(records: [:], stats: [:], cache: nil, trusted: false)

    private init(records: [String: BuildCache.OutputRecord], stats: [String: FileStat?], cache: BuildCache?, trusted: Bool) {
        self.records = records
        self.stats = stats
        self.cache = cache
        self.trusted = trusted
    }

    /// - Parameters:
    ///   - known: the files' sizes and times, when the up-to-date check looked already; any file
    ///     it did not look at counts as changed.
    ///   - trusting: take the files as the records say, without looking.
    init(cache: BuildCache?, output: URL, journal: URL, known: [String: FileStat?]?, trusting: Bool = false, jobs: Int) async throws {
        guard let cache, cache.describes(output: output, journal: journal), OutputFolder.isDaybookOutput(output) else {
            self = .none
            return
        }
        trusted = trusting
        if trusting {
            stats = [:]
        } else if let known {
            stats = known
        } else {
            let paths = Array(cache.outputs.keys), folder = Folder(output.path), root = output.path + "/"
            stats = Dictionary(zip(paths, try await parallelMap(paths, jobs: jobs) { folder.stat($0, root: root) }),
                               uniquingKeysWith: { a, _ in a })
        }
        records = cache.outputs
        self.cache = cache
    }

    /// An edition's last output, from the records sealed with it (`PreviousEdition`): its files
    /// came out of the sealed pack, so they are as the records say.
    init(edition records: EditionPack.Records) {
        var cache = BuildCache()
        cache.outputs = records.keys.mapValues { BuildCache.OutputRecord(key: $0, stat: FileStat(size: 0, modified: 0)) }
        cache.dataKey = records.dataKey
        cache.dataPaths = records.dataPaths
        self.init(records: cache.outputs, stats: [:], cache: cache, trusted: true)
    }

    /// The record of `path`, if the file is still as the last build left it and was made from `key`.
    func kept(_ path: String, _ key: [UInt8]) -> BuildCache.OutputRecord? {
        guard let old = records[path], old.key == key, trusted || stats[path] == old.stat else { return nil }
        return old
    }

    /// Whether the data files the last build made derive from `dataKey` and are as it left them.
    func keepsData(_ dataKey: [UInt8]) -> Bool {
        guard let cache, cache.dataKey == dataKey else { return false }
        return cache.dataPaths.allSatisfy { path in records[path].map { trusted || stats[path] == $0.stat } == true }
    }
}
