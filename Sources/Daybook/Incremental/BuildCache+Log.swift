import Foundation

/// The build cache's log, `build.log` beside `build.cache`: what each build changed, appended, so
/// a build that touched one entry writes a few hundred bytes instead of the whole cache (megabytes
/// for a large journal). The base file is written anew, and the log emptied, once the log has grown
/// past an eighth of the base's size or 64 kB, whichever is more (so reading it back stays cheap),
/// or when one build changed an eighth of everything.
///
/// A `SealedLog`: each record names the digest of the base it follows, and records are applied in
/// order up to the first that is damaged or names another base. An older state of the cache is
/// still a safe one, since every file it describes is checked against the disk before it is trusted.
extension BuildCache {
    /// What one build changed in the cache.
    struct Change {
        var savedAt: Int
        var outputPath: String
        var entries: [(String, CachedEntry)] = []
        var removedEntries: [String] = []
        var outputs: [(String, OutputRecord)] = []
        var removedOutputs: [String] = []
        var dataKey: [UInt8]
        var dataPaths: [String]?
    }

    /// Appends `change` as one record to the log of the base `origin` describes; nil when the
    /// base should be written anew instead (the log is full, damaged or not the one that was read).
    /// - Returns: the origin with the record counted.
    static func appendToLog(_ change: Change, folder: URL, origin: Origin) -> Origin? {
        file.append(folder: folder, origin: origin) { writer in
            writer.int(change.savedAt)
            writer.string(change.outputPath)
            writer.list(change.entries) { write($1.0, $1.1, to: &$0) }
            writer.list(change.removedEntries) { $0.string($1) }
            writer.list(change.outputs) { write($1.0, $1.1, to: &$0) }
            writer.list(change.removedOutputs) { $0.string($1) }
            writer.data(change.dataKey)
            writer.bool(change.dataPaths != nil)
            if let paths = change.dataPaths { writer.list(paths) { $0.string($1) } }
        }
    }

    /// Applies the log's records that follow this cache's base, in order.
    mutating func applyLog(folder: URL) {
        guard var origin else { return }
        Self.file.readLog(folder: folder, origin: &origin) { (reader) throws(ByteReader.Damaged) in
            // Read whole before any of it is applied.
            let change = try Self.change(from: &reader)
            guard reader.atEnd else { return false }
            apply(change)
            return true
        }
        self.origin = origin
    }

    mutating func apply(_ change: Change) {
        savedAt = change.savedAt
        outputPath = change.outputPath
        for (path, cached) in change.entries { entries[path] = cached }
        for path in change.removedEntries { entries[path] = nil }
        for (path, record) in change.outputs { outputs[path] = record }
        for path in change.removedOutputs { outputs[path] = nil }
        dataKey = change.dataKey
        if let paths = change.dataPaths { dataPaths = paths }
    }

    private static func change(from reader: inout ByteReader) throws(ByteReader.Damaged) -> Change {
        var change = Change(savedAt: try reader.int(), outputPath: try reader.string(), dataKey: [], dataPaths: nil)
        change.entries = try reader.list { try readEntry(&$0) }
        change.removedEntries = try reader.list { try $0.string() }
        change.outputs = try reader.list { try readOutput(&$0) }
        change.removedOutputs = try reader.list { try $0.string() }
        change.dataKey = try reader.data()
        if try reader.bool() { change.dataPaths = try reader.list { try $0.string() } }
        return change
    }
}
