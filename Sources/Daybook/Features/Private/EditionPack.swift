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

extension EditionPack {
    /// The pack's file that records what each of the edition's files was made from, for the next
    /// build to compare with. No path in the site starts with "/", and the viewer never asks for it.
    static let recordsPath = "/records"

    /// Each file's key (`BuildCache.OutputRecord.key`) and what the data files were made from.
    struct Records: Sendable, Equatable {
        var keys: [String: [UInt8]]
        var dataKey: [UInt8]
        var dataPaths: [String]

        init(keys: [String: [UInt8]], dataKey: [UInt8], dataPaths: [String]) {
            (self.keys, self.dataKey, self.dataPaths) = (keys, dataKey, dataPaths)
        }

        init?(_ bytes: [UInt8]) {
            guard let json = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
                  let keys = json["keys"] as? [String: String], let dataKey = json["data_key"] as? String,
                  let dataPaths = json["data_paths"] as? [String] else { return nil }
            self.keys = keys.compactMapValues(Self.bytes(hex:))
            self.dataKey = Self.bytes(hex: dataKey) ?? []
            self.dataPaths = dataPaths
            guard self.keys.count == keys.count else { return nil }
        }

        var bytes: [UInt8] {
            var json = JSONWriter()
            json.object { object in
                object.field("data_key") { $0.plainString(hexString(dataKey)) }
                object.field("data_paths") { list in list.array(dataPaths.sorted()) { item, path in item.string(path) } }
                object.field("keys") { files in
                    files.object { entries in
                        for path in keys.keys.sorted() { entries.field(path) { $0.plainString(hexString(keys[path] ?? [])) } }
                    }
                }
            }
            return json.bytes
        }

        private static func bytes(hex: String) -> [UInt8]? {
            let digits = Array(hex.utf8)
            guard digits.count % 2 == 0 else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(digits.count / 2)
            for index in stride(from: 0, to: digits.count, by: 2) {
                guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
                out.append(byte)
            }
            return out
        }
    }

    /// The files of a pack, by path; nil when it is not one.
    static func unpack(_ pack: [UInt8]) -> [String: [UInt8]]? {
        guard pack.count >= 4 else { return nil }
        let length = pack.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        guard 4 + length <= pack.count, let table = try? JSONSerialization.jsonObject(with: Data(pack[4..<4 + length])) as? [String: Any],
              let places = table["files"] as? [String: [Int]] else { return nil }
        var files: [String: [UInt8]] = [:]
        files.reserveCapacity(places.count)
        for (path, place) in places {
            guard place.count == 2, place[0] >= 0, place[1] >= 0, 4 + length + place[0] + place[1] <= pack.count else { return nil }
            files[path] = Array(pack[4 + length + place[0]..<4 + length + place[0] + place[1]])
        }
        return files
    }
}
