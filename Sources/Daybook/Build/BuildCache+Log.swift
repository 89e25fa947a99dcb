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
    static let logName = "build.log"
    static let logMagic = Array("DAYBOOK-CACHE-LOG\n".utf8)

    static func logURL(in journal: URL) -> URL {
        journal.appendingPathComponent(folder).appendingPathComponent(logName)
    }

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

        var count: Int { entries.count + removedEntries.count + outputs.count + removedOutputs.count }
    }

    /// Appends `change` as one record to the log of the base `origin` describes; false when the
    /// base should be written anew instead (the log is full, damaged or not the one that was read).
    static func appendToLog(_ change: Change, journal: URL, origin: Origin) -> Bool {
        var writer = ByteWriter()
        writer.data(origin.digest)
        writer.int(change.savedAt)
        writer.string(change.outputPath)
        writer.int(change.entries.count)
        for (path, cached) in change.entries { write(path, cached, to: &writer) }
        writer.int(change.removedEntries.count)
        for path in change.removedEntries { writer.string(path) }
        writer.int(change.outputs.count)
        for (path, record) in change.outputs { write(path, record, to: &writer) }
        writer.int(change.removedOutputs.count)
        for path in change.removedOutputs { writer.string(path) }
        writer.data(change.dataKey)
        writer.bool(change.dataPaths != nil)
        if let paths = change.dataPaths {
            writer.int(paths.count)
            for path in paths { writer.string(path) }
        }
        return SealedLog.append(writer.bytes, to: logURL(in: journal), magic: logMagic, logBytes: origin.logBytes,
                                limit: max(64 << 10, origin.bytes / 8))
    }

    /// Applies the log's records that follow this cache's base, in order.
    mutating func applyLog(journal: URL) {
        guard let base = origin?.digest else { return }
        let read = SealedLog.read(Self.logURL(in: journal), magic: Self.logMagic) { apply($0, base: base) }
        origin?.logBytes = read
    }

    /// Applies one record; false (with nothing applied) when it follows another base or is damaged.
    private mutating func apply(_ payload: [UInt8], base: [UInt8]) -> Bool {
        guard let change = Self.change(from: payload, base: base) else { return false }
        savedAt = change.savedAt
        outputPath = change.outputPath
        for (path, cached) in change.entries { entries[path] = cached }
        for path in change.removedEntries { entries[path] = nil }
        for (path, record) in change.outputs { outputs[path] = record }
        for path in change.removedOutputs { outputs[path] = nil }
        dataKey = change.dataKey
        if let paths = change.dataPaths { dataPaths = paths }
        return true
    }

    private static func change(from payload: [UInt8], base: [UInt8]) -> Change? {
        var reader = ByteReader(payload)
        do {
            guard try reader.data() == base else { return nil }
            var change = Change(savedAt: try reader.int(), outputPath: try reader.string(), dataKey: [], dataPaths: nil)
            for _ in 0..<(try reader.int()) { change.entries.append(try readEntry(&reader)) }
            for _ in 0..<(try reader.int()) { change.removedEntries.append(try reader.string()) }
            for _ in 0..<(try reader.int()) { change.outputs.append(try readOutput(&reader)) }
            for _ in 0..<(try reader.int()) { change.removedOutputs.append(try reader.string()) }
            change.dataKey = try reader.data()
            if try reader.bool() {
                var paths: [String] = []
                for _ in 0..<(try reader.int()) { paths.append(try reader.string()) }
                change.dataPaths = paths
            }
            return reader.atEnd ? change : nil
        } catch {
            return nil
        }
    }
}
