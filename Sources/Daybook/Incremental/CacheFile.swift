import Foundation

/// One of Daybook's caches in `.daybook/cache`: a base file, `NAME.cache`, that a save writes whole
/// (a `SealedFile`), and beside it a log, `NAME.log`, of what builds changed since (a `SealedLog`),
/// so a build that changed little appends a few bytes instead of writing the whole cache again.
/// The base is written anew, and the log emptied, once the log outgrows an eighth of the base.
struct CacheFile: Sendable {
    static let folder = ".daybook/cache"
    /// The preview's caches, beside its site: `daybook serve` and `daybook build` write different
    /// folders, and one cache for both made each find the other's records and build everything.
    static let previewFolder = BuildOptions.previewFolder + "/cache"

    /// The folder of the caches of a build of `journal` into `output`: the preview's own when the
    /// output is inside the preview's folder, else `.daybook/cache`.
    static func location(journal: URL, output: URL) -> URL {
        let isPreview = BuildOptions.isInPreviewFolder(output, journal: journal)
        return journal.appendingPathComponent(isPreview ? previewFolder : folder, isDirectory: true)
    }

    let name: String
    let magic: [UInt8]
    let logMagic: [UInt8]

    /// Which base a loaded cache came from, and how much of its log was read: what the next
    /// save appends to.
    struct Origin: Sendable {
        /// SHA-256 of the base file's payload: the log's records name the base they follow.
        var digest: [UInt8]
        var bytes: Int
        /// Bytes of the log read after the base; `Int.max` when the log has a damaged record, so
        /// the next save starts afresh rather than append after it.
        var logBytes = 0
    }

    func url(in folder: URL) -> URL {
        folder.appendingPathComponent(name + ".cache")
    }

    func logURL(in folder: URL) -> URL {
        folder.appendingPathComponent(name + ".log")
    }

    /// The base file's payload and where it came from; nil when missing or damaged.
    func readBase(folder: URL) -> (payload: [UInt8], origin: Origin)? {
        guard let (payload, digest) = SealedFile.read(url(in: folder), magic: magic) else { return nil }
        return (payload, Origin(digest: digest, bytes: payload.count))
    }

    /// Hands each log record that follows `origin`'s base to `apply`, in order, until one is
    /// damaged or refused, and notes in `origin` how much was read.
    func readLog(folder: URL, origin: inout Origin, apply: (inout ByteReader) throws(ByteReader.Damaged) -> Bool) {
        origin.logBytes = SealedLog.read(logURL(in: folder), magic: logMagic, base: origin.digest, apply: apply)
    }

    /// Appends one record to the log of `origin`'s base; nil when the base should be written
    /// anew instead (the log is full, damaged, or not the one that was read).
    /// - Returns: `origin` with the record counted, as a load would find it now.
    func append(folder: URL, origin: Origin, record: (inout ByteWriter) -> Void) -> Origin? {
        SealedLog.append(to: logURL(in: folder), magic: logMagic, base: origin.digest, baseBytes: origin.bytes,
                         logBytes: origin.logBytes, record: record).map { Origin(digest: origin.digest, bytes: origin.bytes, logBytes: $0) }
    }

    /// Writes `payload` as the base file and empties the log: records of the old base would be
    /// ignored anyway (they name it), and the space is freed.
    /// - Returns: where a load would now find the cache came from; nil when it was not written.
    @discardableResult
    func writeBase(_ payload: [UInt8], folder: URL) -> Origin? {
        let digest = SealedFile.write(payload, to: url(in: folder), magic: magic)
        unlink(logURL(in: folder).path)
        return digest.map { Origin(digest: $0, bytes: payload.count) }
    }
}
