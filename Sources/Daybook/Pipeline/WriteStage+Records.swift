import Foundation

/// What the write stage leaves for the next build.
extension WriteStage {
    /// Every file's record: those carried over, and for each file made, its key and its size and
    /// time now, looked up on every core (15,000 of them on a build from scratch).
    mutating func records() async throws -> [String: BuildCache.OutputRecord] {
        // Taken, not copied: the table is changed in place below.
        var records = kept
        kept = [:]
        let made = self.made.all
        let folder = Folder(output.path), root = output.path + "/"
        let stats = try await parallelMap(made, jobs: options.jobs) { folder.stat($0.path, root: root) }
        for ((path, key), stat) in zip(made, stats) {
            if let stat { records[path] = BuildCache.OutputRecord(key: key, stat: stat) }
        }
        // Data files a feature left as the last build made them.
        for path in dataPaths where records[path] == nil { records[path] = last.records[path] }
        return records
    }

    /// The files made from new inputs, those that are new, and those `removed`, against the last
    /// build's records: worked out from the few files an update makes, not from every record.
    func changes(removed: [String]) -> BuildReport.OutputChanges {
        let changed = made.all.filter { last.records[$0.path]?.key != $0.key }
        return BuildReport.OutputChanges(changed: changed.map(\.path).sorted(),
                                         added: changed.map(\.path).filter { last.records[$0] == nil }.sorted(), removed: removed.sorted())
    }

    /// Starts saving the build cache, and waits for the features' caches too. Saved after
    /// `--no-cache` as well: that build's output is what the next one starts from. The task
    /// gives the cache as the next build would load it.
    func save(_ records: [String: BuildCache.OutputRecord], removed: [String],
              storing: Task<[BodyStore.Reference?]?, Never>?) -> Task<BuildCache?, Never> {
        let (loaded, output, journal, folder, savings) = (loaded, output, options.journal, options.cacheFolder, dataSavings)
        let data = (key: keys.dataKey, paths: dataPaths)
        // An update knows which records it set anew and which files it removed; a build from
        // scratch leaves the cache to compare every record.
        let changes = last.isEmpty ? nil : (renewed: made.all.map(\.path), removed: removed)
        return Task {
            let saved = await Builder.saveCache(loaded, output: output, records: records, data: data, journal: journal, folder: folder,
                                                storing: storing, outputChanges: changes)
            for saving in savings { await saving.value }
            return saved
        }
    }
}
