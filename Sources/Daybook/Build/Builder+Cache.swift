import Foundation

extension Builder {
    static func record(_ key: [UInt8], _ output: URL, _ path: String) -> BuildCache.OutputRecord? {
        FileStat(path: output.path + "/" + path).map { BuildCache.OutputRecord(key: key, stat: $0) }
    }

    /// A static file is copied again when its size or time changes.
    static func staticKey(_ root: URL, _ path: String) -> [UInt8] {
        let stat = FileStat(path: root.appendingPathComponent(path).path) ?? FileStat(size: -1, modified: 0)
        return ContentHash.digest(parts: [Array("\(stat.size) \(stat.modified)".utf8)])
    }

    static func saveCache(_ loaded: Loaded, output: URL, records: [String: BuildCache.OutputRecord],
                                  data: (key: [UInt8], paths: [String]), journal: URL) {
        // Nothing to learn from a build that changed nothing: rewriting the cache would cost more
        // than the whole rebuild.
        if let previous = loaded.cache, previous.outputPath == BuildCache.outputPath(output, journal: journal), previous.outputs == records,
           previous.dataKey == data.key, previous.dataPaths == data.paths,
           previous.entries.count == loaded.entries.count,
           loaded.entries.allSatisfy({ $0.entry != nil && $0.stat != nil && previous.entries[$0.path]?.stat == $0.stat }) {
            return
        }
        var cache = BuildCache(parseKey: parseKey(loaded.journal.settings))
        cache.savedAt = FileStat.now
        let items = loaded.entries.filter { $0.entry != nil && $0.stat != nil }
        guard let bodies = storeBodies(items, journal: journal) else { return }
        for item in items {
            guard let body = bodies[item.path] else { continue }
            cache.entries[item.path] = BuildCache.CachedEntry(stat: item.stat!, hash: item.hash, entry: item.entry!,
                                                              diagnostics: item.diagnostics, body: body)
        }
        cache.outputPath = BuildCache.outputPath(output, journal: journal)
        cache.outputs = records
        cache.dataKey = data.key
        cache.dataPaths = data.paths
        cache.save(journal: journal)
    }

    /// Appends the bodies of newly parsed entries to the body store, or writes the store anew when
    /// most of it is stale; returns where every entry's body now is.
    private static func storeBodies(_ items: [LoadedEntry], journal: URL) -> [String: BodyStore.Reference]? {
        var references: [String: BodyStore.Reference] = [:]
        var fresh: [(path: String, html: String, text: String)] = []
        for item in items {
            if let body = item.body {
                references[item.path] = body
            } else {
                fresh.append((item.path, item.entry!.html, item.entry!.plainText))
            }
        }
        let storeSize = FileStat(path: BodyStore.url(in: journal).path)?.size ?? 0
        let live = references.values.reduce(0) { $0 + $1.htmlLength + $1.textLength }
        let rewrite = storeSize == 0 || live * 2 < storeSize
        if rewrite && !references.isEmpty {
            // Carry the still-current bodies over before the file is truncated.
            let store = BodyStore.open(journal: journal) ?? Data()
            for (path, reference) in references.sorted(by: { $0.key < $1.key }) {
                if let body = BodyStore.read(reference, from: store) { fresh.append((path, body.html, body.text)) }
            }
            references = [:]
        }
        guard !fresh.isEmpty else { return references }
        try? FileManager.default.createDirectory(at: journal.appendingPathComponent(BuildCache.folder), withIntermediateDirectories: true)
        guard let written = BodyStore.write(fresh.map { ($0.html, $0.text) }, journal: journal, rewrite: rewrite) else {
            return nil
        }
        for (body, reference) in zip(fresh, written) { references[body.path] = reference }
        return references
    }
}
