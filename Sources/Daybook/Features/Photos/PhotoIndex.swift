import Foundation

/// What the last build learnt of each photo file, by its size and time: its SHA-256, header
/// and copies, so a build whose photos did not change reads none of their bytes. Kept in
/// `JOURNAL/.daybook/photos/index.cache`; it only saves reading, the copies' cache stays keyed
/// by content.
struct PhotoIndex: Sendable {
    static let fileName = "index.cache"
    static let magic = Array("DAYBOOK-PHOTO-INDEX\n".utf8)

    struct Record: Sendable {
        var stat: FileStat
        var digest: [UInt8]
        var source: PhotoSource
    }

    var records: [String: Record] = [:]
    /// Wall-clock time of the save, in nanoseconds.
    var savedAt = 0

    /// The record of `path` when its file is as it was, and was not changed so close to the save
    /// that a second change could hide in the same timestamp.
    func trusted(_ path: String, stat: FileStat?) -> Record? {
        guard let stat, let record = records[path], record.stat == stat, stat.modified < savedAt - 2_000_000_000 else { return nil }
        return record
    }

    static func load(_ folder: URL) -> PhotoIndex {
        guard let (payload, _) = SealedFile.read(folder.appendingPathComponent(fileName), magic: magic) else { return PhotoIndex() }
        var reader = ByteReader(payload)
        do {
            var index = PhotoIndex(savedAt: try reader.int())
            let records = try reader.list { reader in try readRecord(&reader) }
            for (path, record) in records { index.records[path] = record }
            return reader.atEnd ? index : PhotoIndex()
        } catch {
            return PhotoIndex()
        }
    }

    private static func readRecord(_ reader: inout ByteReader) throws -> (String, Record) {
        let path = try reader.string()
        let stat = FileStat(size: try reader.varint(), modified: try reader.varint())
        let digest = try reader.data(), key = try reader.data()
        var header = PhotoHeader(storedWidth: try reader.varint(), storedHeight: try reader.varint(),
                                 orientation: try reader.varint(), format: try reader.string())
        header.latitude = try reader.optionalString().flatMap(Double.init)
        header.longitude = try reader.optionalString().flatMap(Double.init)
        header.takenAt = try reader.optionalString()
        header.takenOffset = try reader.optionalString()
        let copies = try reader.list { PhotoCopy(suffix: try $0.string(), width: try $0.varint(), height: try $0.varint(), bytes: []) }
        let source = PhotoSource(path: path, key: key, header: header, copies: copies)
        return (path, Record(stat: stat, digest: digest, source: source))
    }

    func save(_ folder: URL) {
        var writer = ByteWriter(capacity: 256 * records.count)
        writer.int(Int(Date().timeIntervalSince1970 * 1_000_000_000))
        writer.list(records.sorted { $0.key < $1.key }) { writer, item in
            let (path, record) = item
            let header = record.source.header
            writer.string(path)
            writer.varint(max(0, record.stat.size))
            writer.varint(max(0, record.stat.modified))
            writer.data(record.digest)
            writer.data(record.source.key)
            writer.varint(header.storedWidth)
            writer.varint(header.storedHeight)
            writer.varint(header.orientation)
            writer.string(header.format)
            writer.optionalString(header.latitude.map { "\($0)" })
            writer.optionalString(header.longitude.map { "\($0)" })
            writer.optionalString(header.takenAt)
            writer.optionalString(header.takenOffset)
            writer.list(record.source.copies) { writer, copy in
                writer.string(copy.suffix)
                writer.varint(copy.width)
                writer.varint(copy.height)
            }
        }
        SealedFile.write(writer.bytes, to: folder.appendingPathComponent(Self.fileName), magic: Self.magic)
    }
}
