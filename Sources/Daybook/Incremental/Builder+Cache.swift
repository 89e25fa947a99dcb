import Foundation

extension Builder {
    /// A static file is copied again when its size or time changes.
    static func staticKey(_ root: URL, _ path: String) -> [UInt8] {
        let stat = FileStat(path: root.appendingPathComponent(path).path) ?? FileStat(size: -1, modified: 0)
        return ContentHash.digest(parts: [Array("\(stat.size) \(stat.modified)".utf8)])
    }

    /// - Parameters:
    ///   - storing: the storing of the bodies (in the order of `cacheable(loaded)`), when the write
    ///     stage started it while it rendered.
    ///   - outputChanges: which records are new and which files were removed since the cache's
    ///     records, when the write stage knows; else every record is compared.
    /// - Returns: the cache as the next build would load it (see `BuildMemory`); nil when it could
    ///   not be saved.
    @discardableResult
    static func saveCache(_ loaded: Loaded, output: URL, records: [String: BuildCache.OutputRecord],
                          data: (key: [UInt8], paths: [String]), journal: URL, folder: URL,
                          storing: Task<[BodyStore.Reference?]?, Never>? = nil,
                          outputChanges: (renewed: [String], removed: [String])? = nil) async -> BuildCache? {
        // Nothing to learn from a build that changed nothing: rewriting the cache would cost more
        // than the whole rebuild.
        if let previous = loaded.cache, previous.describes(output: output, journal: journal), previous.outputs == records,
           previous.dataKey == data.key, previous.dataPaths == data.paths,
           previous.entries.count == loaded.entries.count,
           loaded.entries.allSatisfy({ $0.hasEntry && $0.stat != nil && previous.entries[$0.path]?.stat == $0.stat }) {
            _ = await storing?.value  // never left writing the body store as the process ends
            return previous
        }
        let key = parseKey(loaded.journal.settings), savedAt = FileStat.now
        let outputPath = BuildCache.outputPath(output, journal: journal)
        let items = cacheable(loaded)
        let stored = if let storing { await storing.value } else { storeBodies(items, folder: folder) }
        guard let bodies = stored else { return nil }
        // The changes go to the log, worked out without assembling the whole cache, which costs
        // more than the rest of a one-entry edit, while the log stays within an eighth of the
        // cache's bytes (`SealedLog.limit`). A limit on their number as well wrote the whole cache
        // on every edit of a private journal, which replaces all of an edition's chunk files.
        if let previous = loaded.cache, let origin = previous.origin, previous.parseKey == key {
            var change = BuildCache.Change(savedAt: savedAt, outputPath: outputPath, dataKey: data.key,
                                           dataPaths: previous.dataPaths == data.paths ? nil : data.paths)
            addEntryChanges(items, bodies, previous: previous, to: &change)
            addOutputChanges(records, outputChanges, previous: previous, to: &change)
            if let appended = BuildCache.appendToLog(change, folder: folder, origin: origin) {
                var cache = previous
                cache.apply(change)
                cache.origin = appended
                return cache
            }
        }
        var cache = BuildCache(parseKey: key)
        cache.savedAt = savedAt
        for (item, body) in zip(items, bodies) {
            guard let body else { continue }
            cache.entries[item.path] = cached(item, body)
        }
        cache.outputPath = outputPath
        cache.outputs = records
        cache.dataKey = data.key
        cache.dataPaths = data.paths
        guard let origin = cache.saveBase(journal: journal, folder: folder) else { return nil }
        cache.origin = origin
        return cache
    }

    private static func cached(_ item: LoadedEntry, _ body: BodyStore.Reference) -> BuildCache.CachedEntry {
        BuildCache.CachedEntry(stat: item.stat!, hash: item.hash, parsed: item.parsed, body: body, listKey: item.listKey)
    }

    /// The entries parsed or stored anew since the `previous` cache, and those gone.
    private static func addEntryChanges(_ items: [LoadedEntry], _ bodies: [BodyStore.Reference?], previous: BuildCache,
                                        to change: inout BuildCache.Change) {
        var kept = 0, replaced = 0
        for (item, body) in zip(items, bodies) {
            guard let body else { continue }
            // An entry taken from the cache as it was is kept, unless the bodies were stored anew.
            if item.reused && item.body == body {
                kept += 1
            } else if let old = previous.entries[item.path], old.stat == item.stat, old.hash == item.hash, old.body == body {
                kept += 1
            } else {
                if previous.entries[item.path] != nil { replaced += 1 }
                change.entries.append((item.path, cached(item, body)))
            }
        }
        if kept + replaced < previous.entries.count {
            let current = Set(items.map(\.path))
            change.removedEntries = previous.entries.keys.filter { !current.contains($0) }
        }
    }

    /// The records set anew since the `previous` cache, and the files removed: from what the
    /// write stage says it renewed and removed when it knows, else by comparing every record.
    private static func addOutputChanges(_ records: [String: BuildCache.OutputRecord], _ known: (renewed: [String], removed: [String])?,
                                         previous: BuildCache, to change: inout BuildCache.Change) {
        if let known, let (outputs, removed) = outputDifference(known, records: records, previous: previous.outputs) {
            change.outputs = outputs
            change.removedOutputs = removed
        } else {
            for (path, record) in records where previous.outputs[path] != record { change.outputs.append((path, record)) }
            change.removedOutputs = previous.outputs.keys.filter { records[$0] == nil }
        }
    }

    /// What changed between the `previous` records and `records`, worked out from the files the
    /// writing renewed and removed; nil when those do not account for every record, which would
    /// be a mistake in the writing, so the caller compares them all instead.
    static func outputDifference(_ changes: (renewed: [String], removed: [String]), records: [String: BuildCache.OutputRecord],
                                 previous: [String: BuildCache.OutputRecord])
        -> (outputs: [(String, BuildCache.OutputRecord)], removed: [String])? {
        var outputs: [(String, BuildCache.OutputRecord)] = []
        var removed: [String] = []
        var added = 0
        for path in changes.renewed {
            let old = previous[path]
            if let record = records[path] {
                if old != record { outputs.append((path, record)) }
                if old == nil { added += 1 }
            } else if old != nil {
                removed.append(path)
            }
        }
        for path in changes.removed where previous[path] != nil && records[path] == nil { removed.append(path) }
        guard previous.count + added - removed.count == records.count else { return nil }
        return (outputs, removed)
    }

    /// The entries the cache keeps: those read and parsed.
    static func cacheable(_ loaded: Loaded) -> [LoadedEntry] {
        loaded.entries.filter { $0.hasEntry && $0.stat != nil }
    }

    /// Appends the bodies of newly parsed entries to the body store, or writes the store anew when
    /// most of it is stale; returns where each entry's body now is, in the order of `items`.
    static func storeBodies(_ items: [LoadedEntry], folder: URL) -> [BodyStore.Reference?]? {
        var references = items.map(\.body)
        var fresh = items.indices.filter { references[$0] == nil }
        let storeSize = FileStat(path: BodyStore.url(in: folder).path)?.size ?? 0
        let live = references.reduce(0) { $0 + ($1.map { $0.htmlLength + $0.textLength } ?? 0) }
        let rewrite = storeSize == 0 || live * 2 < storeSize
        var carried: [Int: (html: String, text: String)] = [:]
        if rewrite && fresh.count < items.count {
            // Carry the still-current bodies over before the file is truncated.
            let store = BodyStore.open(folder: folder) ?? Data()
            for index in items.indices {
                if let reference = references[index], let body = BodyStore.read(reference, from: store) { carried[index] = body }
                references[index] = nil
            }
            fresh = items.indices.filter { carried[$0] != nil || items[$0].body == nil }
        }
        guard !fresh.isEmpty else { return references }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let bodies = fresh.map { carried[$0] ?? (items[$0].entry!.html, items[$0].entry!.plainText) }
        guard let written = BodyStore.write(bodies, folder: folder, rewrite: rewrite) else { return nil }
        for (index, reference) in zip(fresh, written) { references[index] = reference }
        return references
    }
}
