import Foundation

/// What one build leaves for the next, in `JOURNAL/.daybook/cache/build.cache`: every entry file
/// read (its size, modification time, content hash and parsed entry) and every file written to the
/// output (its key and the size and time it had when written). A cache that is stale (another
/// Daybook version or parse settings), damaged or unreadable is ignored, never trusted.
struct BuildCache: Sendable {
    /// Bumped whenever the encoding or the meaning of a key changes.
    static let format = 10
    static let folder = CacheFile.folder
    static let file = CacheFile(name: "build", magic: Array("DAYBOOK-CACHE\n".utf8), logMagic: Array("DAYBOOK-CACHE-LOG\n".utf8))

    /// An entry as parsed, without its body (see `BodyStore`).
    struct CachedEntry: Sendable {
        var stat: FileStat
        var hash: [UInt8]
        var body: BodyStore.Reference
        /// What lists show of the entry (`Entry.listKey`).
        var listKey: [UInt8]
        /// The parse, shared with the build that reads the cache (see `ParsedEntry`).
        let parsed: ParsedEntry
        var entry: Entry { parsed.entry! }
        var diagnostics: [Diagnostic] { parsed.diagnostics }

        init(stat: FileStat, hash: [UInt8], parsed: ParsedEntry, body: BodyStore.Reference, listKey: [UInt8]) {
            self.stat = stat
            self.hash = hash
            self.body = body
            self.listKey = listKey
            self.parsed = parsed
        }

        init(stat: FileStat, hash: [UInt8], entry: Entry, diagnostics: [Diagnostic], body: BodyStore.Reference, listKey: [UInt8]) {
            self.init(stat: stat, hash: hash, parsed: ParsedEntry(entry, diagnostics), body: body, listKey: listKey)
        }
    }

    struct OutputRecord: Sendable, Equatable {
        /// For a page, the hash of everything it was rendered from; for other files, of their content.
        var key: [UInt8]
        var stat: FileStat
    }

    /// Hash of the Daybook version and the settings that change how entries are parsed.
    var parseKey: [UInt8] = []
    /// Wall-clock time of the save, in nanoseconds; files modified since are re-read.
    var savedAt = 0
    var entries: [String: CachedEntry] = [:]
    /// The output folder the records describe: relative to the journal when inside it (`_site`),
    /// so a journal checked out elsewhere, as a CI runner does, keeps its cache.
    var outputPath = ""

    static func outputPath(_ output: URL, journal: URL) -> String {
        let root = journal.standardizedFileURL.path + "/"
        return output.path.hasPrefix(root) ? String(output.path.dropFirst(root.count)) : output.path
    }

    /// Whether the records are of the files in `output` (the preview's folder has a cache of its own).
    func describes(output: URL, journal: URL) -> Bool { outputPath == Self.outputPath(output, journal: journal) }
    var outputs: [String: OutputRecord] = [:]
    /// What the data files (search index, quote list) were made from, and their paths.
    var dataKey: [UInt8] = []
    var dataPaths: [String] = []
    /// Where a loaded cache came from (see `BuildCache+Log`); nil for one made by this build.
    var origin: Origin?

    typealias Origin = CacheFile.Origin

    static func url(in folder: URL) -> URL { file.url(in: folder) }

    /// The cache in `folder` (`CacheFile.location`), or nil when there is none or it cannot be trusted.
    static func load(folder: URL, parseKey: [UInt8]) -> BuildCache? {
        load(folder: folder).flatMap { $0.parseKey == parseKey ? $0 : nil }
    }

    /// The cache in `folder` whatever settings it was parsed with (the caller compares
    /// `parseKey`), or nil when there is none or it is damaged.
    static func load(folder: URL) -> BuildCache? {
        guard let (payload, origin) = file.readBase(folder: folder) else { return nil }
        var reader = ByteReader(payload)
        do {
            guard try reader.int() == format else { return nil }
            var cache = BuildCache(parseKey: try reader.data())
            cache.savedAt = try reader.int()
            cache.entries = Dictionary(try reader.list { try readEntry(&$0) }, uniquingKeysWith: { _, last in last })
            cache.outputPath = try reader.string()
            cache.outputs = Dictionary(try reader.list { try readOutput(&$0) }, uniquingKeysWith: { _, last in last })
            cache.dataKey = try reader.data()
            cache.dataPaths = try reader.list { try $0.string() }
            guard reader.atEnd else { return nil }
            cache.origin = origin
            cache.applyLog(folder: folder)
            return cache
        } catch {
            return nil
        }
    }

    /// Makes the cache `folder` (nil: `.daybook/cache`), and keeps `.daybook` out of the journal's
    /// git repository without touching the user's `.gitignore`.
    static func makeFolder(journal: URL, folder: URL? = nil) {
        try? FileManager.default.createDirectory(at: folder ?? journal.appendingPathComponent(Self.folder), withIntermediateDirectories: true)
        let ignore = journal.appendingPathComponent(".daybook/.gitignore")
        if !FileManager.default.fileExists(atPath: ignore.path) { try? Data("*\n".utf8).write(to: ignore) }
    }

    /// Writes the whole cache atomically as the base file and starts an empty log.
    /// - Returns: where a load would now find the cache came from; nil when it was not written.
    @discardableResult
    func saveBase(journal: URL, folder: URL) -> Origin? {
        var writer = ByteWriter(capacity: 600 * entries.count + 100 * outputs.count)
        writer.int(Self.format)
        writer.data(parseKey)
        writer.int(savedAt)
        // In the dictionaries' order, unsorted: nothing reads the cache but Daybook, and sorting
        // every entry and output path would slow every save.
        writer.list(entries) { Self.write($1.key, $1.value, to: &$0) }
        writer.string(outputPath)
        writer.list(outputs) { Self.write($1.key, $1.value, to: &$0) }
        writer.data(dataKey)
        writer.list(dataPaths) { $0.string($1) }
        Self.makeFolder(journal: journal, folder: folder)
        return Self.file.writeBase(writer.bytes, folder: folder)
    }

    static func write(_ path: String, _ cached: CachedEntry, to writer: inout ByteWriter) {
        writer.string(path)
        writer.int(cached.stat.size)
        writer.int(cached.stat.modified)
        writer.data(cached.hash)
        cached.entry.bodyless.encode(into: &writer)
        writer.list(cached.diagnostics) { $1.encode(into: &$0) }
        writer.int(cached.body.offset)
        writer.int(cached.body.htmlLength)
        writer.int(cached.body.textLength)
        writer.data(cached.body.digest)
        writer.data(cached.listKey)
    }

    static func readEntry(_ reader: inout ByteReader) throws(ByteReader.Damaged) -> (String, CachedEntry) {
        let path = try reader.string()
        let stat = FileStat(size: try reader.int(), modified: try reader.int())
        let hash = try reader.data()
        let entry = try Entry(from: &reader)
        let diagnostics = try reader.list { try Diagnostic(from: &$0) }
        let body = BodyStore.Reference(offset: try reader.int(), htmlLength: try reader.int(),
                                       textLength: try reader.int(), digest: try reader.data())
        return (path, CachedEntry(stat: stat, hash: hash, entry: entry, diagnostics: diagnostics, body: body, listKey: try reader.data()))
    }

    static func write(_ path: String, _ record: OutputRecord, to writer: inout ByteWriter) {
        writer.string(path)
        writer.data(record.key)
        writer.int(record.stat.size)
        writer.int(record.stat.modified)
    }

    static func readOutput(_ reader: inout ByteReader) throws(ByteReader.Damaged) -> (String, OutputRecord) {
        let path = try reader.string()
        return (path, OutputRecord(key: try reader.data(), stat: FileStat(size: try reader.int(), modified: try reader.int())))
    }
}
