import Crypto
import Foundation

/// What the last build published of an edition, opened again with the edition's keys: its files
/// and the record of what each was made from (`EditionPack.recordsPath`). An edition's build
/// compares with it as the public site's compares with the cache, and takes the files it keeps
/// from it, so no plain copy of a private page is ever kept anywhere but in the sealed output.
/// Nil, and the edition is made in full, when anything does not open: a first build, new keys
/// (a password or a reader changed), a damaged or foreign file.
/// An edition as a build of this process sealed it, kept in memory for the next (`BuildMemory`):
/// what opening its pack would give, with the key it was sealed with, so new keys still make it anew.
struct RememberedEdition: Sendable, CustomStringConvertible {
    var key: [UInt8]
    var manifest: String
    var edition: PreviousEdition
    var description: String { "RememberedEdition(\(manifest), redacted)" }
}

struct PreviousEdition: Sendable, CustomStringConvertible {
    var files: [String: [UInt8]]
    var records: EditionPack.Records
    /// Where each file lies in the sealed pack, and its chunks' names: what the preview adds to.
    var layout: PackLayout?
    var description: String { "PreviousEdition(\(files.count) files, redacted)" }

    /// - Parameter recorded: the sizes and times the last build recorded for its files (by path
    ///   in the site): a chunk file that still has them is the one it wrote, so its name is not
    ///   checked against a digest of it again. AES-GCM still checks every chunk.
    static func open(output: URL, keyFile: LastKeyFile?, sealer: Sealer, recorded: [String: FileStat] = [:]) -> PreviousEdition? {
        let folder = output.appendingPathComponent("private")
        guard let manifestName = keyFile?.manifest(of: sealer.folder),
              let manifest = try? sealer.open(binary(folder, sealer.folder, manifestName).map(Array.init) ?? [], role: .manifest),
              let json = try? JSONSerialization.jsonObject(with: Data(manifest)) as? [String: Any],
              json["format"] as? Int == PrivateFiles.format, let chunks = json["chunks"] as? [String], !chunks.isEmpty,
              let table = json["table"] as? [Int], table.count == 2,
              // The tables the preview chained before the last (`EditionPack.chainLimit`).
              let earlier = json["tables"] == nil ? [] : json["tables"] as? [[Int]], earlier.allSatisfy({ $0.count == 2 })
        else { return nil }
        let opened = concurrentMap(Array(chunks.enumerated())) { index, name in
            binary(folder, sealer.folder, name, recorded: recorded[sealer.path(of: name)]).flatMap {
                try? sealer.openChunkData($0, index: index, count: chunks.count)
            }
        }
        let chunkBytes = opened.compactMap { $0 }
        guard chunkBytes.count == chunks.count, chunkBytes.allSatisfy({ $0.count == Sealer.chunkSize }) else { return nil }
        let size = chunks.count * Sealer.chunkSize
        let tables = (earlier + [table]).map { EditionPack.Place(offset: $0[0], length: $0[1]) }
        guard tables.allSatisfy({ $0.offset >= 0 && $0.length >= 0 && $0.offset + $0.length <= size }),
              let (places, recordsPlaces) = EditionPack.chain(tables.map { gather(chunkBytes, $0)[...] }, within: size) else { return nil }
        // Each file copied straight from the chunks that hold it, on every core: joining the
        // chunks first, then copying each file, took one core two passes over the pack.
        let listed = Array(places)
        let batches = concurrentMap(Array(stride(from: 0, to: listed.count, by: 256))) { start in
            listed[start..<min(start + 256, listed.count)].map { (path: $0.key, bytes: gather(chunkBytes, $0.value)) }
        }
        var files: [String: [UInt8]] = [:]
        files.reserveCapacity(listed.count)
        for batch in batches { for file in batch { files[file.path] = file.bytes } }
        files[EditionPack.recordsPath] = nil
        // The records of a chained table are what changed since the table before's.
        var records: EditionPack.Records?
        for place in recordsPlaces {
            guard let next = EditionPack.Records(gather(chunkBytes, place), after: records) else { return nil }
            records = next
        }
        guard let records else { return nil }
        return PreviousEdition(files: files, records: records,
                               layout: PackLayout(chunks: chunks, places: places, table: tables[tables.count - 1], tables: Array(tables.dropLast())))
    }

    /// The bytes at `place` in the pack whose chunks are `chunks`, all `Sealer.chunkSize` long.
    private static func gather(_ chunks: [Data], _ place: EditionPack.Place) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(place.length)
        var at = place.offset
        while at < place.offset + place.length {
            let chunk = at / Sealer.chunkSize, start = at % Sealer.chunkSize
            let end = min(Sealer.chunkSize, start + place.offset + place.length - at)
            // Through the chunk's bytes: appending a `Data` slice goes element by element.
            chunks[chunk].withUnsafeBytes { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
            at += end - start
        }
        return bytes
    }

    /// The sealed binary published as `name`, checked against its name unless the file has the
    /// size and time `recorded` when the last build wrote it, as the public site's files are taken:
    /// the digest of every chunk took a mixed journal's update (two editions of 100 MB) about a
    /// tenth of a second of CPU.
    private static func binary(_ folder: URL, _ edition: String, _ name: String, recorded: FileStat? = nil) -> Data? {
        let path = folder.appendingPathComponent("\(edition)/\(name.prefix(2))/\(name).js").path
        let asWritten = recorded != nil && FileStat(path: path) == recorded
        guard let script = FileBytes.read(path), let comma = script.firstIndex(of: UInt8(ascii: ",")), script.count > comma + 5 else { return nil }
        // Decoded from the script in place, not from a copy of its text.
        let decoded = script.withUnsafeBytes { bytes in
            Data(base64Encoded: Sealer.borrowed(UnsafeRawBufferPointer(rebasing: bytes[(comma + 2)..<(script.count - 4)])))
        }
        guard let decoded, asWritten || Sealer.name(of: decoded) == name else { return nil }
        return decoded
    }
}

/// A sealed pack as the manifest and its tables describe it: the chunks' names in order, where
/// each file (and the table) lies.
struct PackLayout: Sendable, Equatable {
    var chunks: [String]
    var places: [String: EditionPack.Place]
    var table: EditionPack.Place
    /// The tables the preview chained before `table`, oldest first; none in a whole pack.
    var tables: [EditionPack.Place] = []
}
