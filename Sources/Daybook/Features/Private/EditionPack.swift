import Foundation

/// Every file of an edition in one plaintext, sealed as one and published as chunks of equal
/// size (`docs/private.md`, "The format"). The onlooker sees only how many chunks there are:
/// not how many files, nor any file's size, so a public page's copy with private rows added
/// cannot be told by its size (finding 1 of the review).
///
/// The layout: the table's length (4 bytes, big-endian), the table (JSON: each file's offset
/// after the table and its length), the files in code-point order of their paths, then zeros up
/// to a whole number of chunks.
enum EditionPack {
    /// The pack of `files`, which it empties as it goes so the edition is held once.
    static func make(_ files: inout [String: [UInt8]]) -> [UInt8] {
        let paths = files.keys.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
        var offsets: [(String, Int, Int)] = [], at = 0
        for path in paths {
            let length = files[path]?.count ?? 0
            offsets.append((path, at, length))
            at += length
        }
        let table = self.table(offsets)
        let used = 4 + table.count + at
        var pack = [UInt8]()
        pack.reserveCapacity(Sealer.chunkCount(used) * Sealer.chunkSize)
        pack += Sealer.bigEndian(UInt32(table.count)) + table
        for path in paths { pack += files.removeValue(forKey: path) ?? [] }
        pack += [UInt8](repeating: 0, count: Sealer.chunkCount(used) * Sealer.chunkSize - used)
        return pack
    }

    /// `{"files":{"<path>":[offset,length],…}}`, paths in code-point order.
    static func table(_ offsets: [(String, Int, Int)]) -> [UInt8] {
        var json = JSONWriter()
        json.object { object in
            object.field("files") { files in
                files.object { entries in
                    for (path, offset, length) in offsets {
                        entries.field(path) { $0.array([offset, length]) { item, value in item.int(value) } }
                    }
                }
            }
        }
        return json.bytes
    }
}
