import Crypto
import Foundation

/// Every file of an edition in one plaintext, sealed and published as chunks of equal size
/// (`docs/private.md`, "The format"). The onlooker sees only how many chunks there are: not how
/// many files, nor any file's size, so a public page's copy with private rows added cannot be
/// told by its size (finding 1 of the review).
///
/// A build makes the pack whole: the files in code-point order of their paths from offset 0,
/// then the table (JSON: each file's offset in the pack and its length), then zeros up to a whole
/// number of chunks. The manifest says where the table is. The preview, whose site is never
/// published, adds to the last pack instead (`segment`): the files that changed and a table of
/// them go after its last chunk, and the chunks before keep their bytes.
enum EditionPack {
    /// The most tables the preview chains before it writes one of every file again. Each save
    /// adds a table of what it changed, so the viewer reads a few entries per save instead of
    /// the table of every file (a megabyte at 10,000 entries); a reader who unlocks reads them
    /// all, so the chain is kept short.
    static let chainLimit = 16

    /// Where a file lies in the pack.
    struct Place: Sendable, Equatable {
        var offset: Int
        var length: Int
    }

    /// Part of a pack that begins `start` bytes in (a whole number of chunks): `files` in
    /// code-point order of their paths, then the table, then zeros up to a whole number of chunks.
    /// The table lists them and `kept` (files that stay where earlier parts put them); or, given
    /// `removed` (a chained table), them alone and the paths gone since the last table. Returns
    /// the places of every file of the pack either way.
    static func segment(_ files: [String: [UInt8]], at start: Int, keeping kept: [String: Place], removing removed: [String]? = nil)
        -> (segment: Segment, table: Place, places: [String: Place]) {
        let paths = codePointOrder(files.keys)
        var places = kept, own: [String: Place] = [:], at = start, pieces: [[UInt8]] = [], starts: [Int] = []
        pieces.reserveCapacity(paths.count + 1)
        starts.reserveCapacity(paths.count + 1)
        for path in paths {
            let bytes = files[path] ?? []
            places[path] = Place(offset: at, length: bytes.count)
            if removed != nil { own[path] = places[path] }
            starts.append(at - start)
            pieces.append(bytes)
            at += bytes.count
        }
        // A whole pack's table lists the paths just sorted: sorting 16,000 paths twice cost 20 ms.
        let table = removed.map { self.table(own, sorted: paths, removed: codePointOrder($0)) }
            ?? self.table(places, sorted: kept.isEmpty ? paths : nil)
        starts.append(at - start)
        pieces.append(table)
        let segment = Segment(pieces: pieces, starts: starts, chunkCount: Sealer.chunkCount(at - start + table.count))
        return (segment, Place(offset: at, length: table.count), places)
    }

    /// Part of a pack as `segment` lays it out: its pieces (files, then the table) one after
    /// another, then zeros up to a whole number of chunks. Each chunk is gathered from the pieces
    /// it holds when it is sealed, on every core: copying the part into one plaintext first took
    /// one core a tenth of a second of a whole-private update at 10,000 entries, and as much
    /// memory again as the edition.
    struct Segment: Sendable {
        let pieces: [[UInt8]]
        /// Where each piece begins, counted from the part's first byte.
        let starts: [Int]
        let chunkCount: Int

        /// Chunk `index` of the part: `Sealer.chunkSize` bytes.
        func chunk(_ index: Int) -> ArraySlice<UInt8> {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Sealer.chunkSize)
            let padding = parts(of: index) { bytes += $0 }
            bytes += repeatElement(0, count: padding)
            return bytes[...]
        }

        /// The SHA-256 of chunk `index`, taken over the pieces where they are: gathering every
        /// chunk for its digest as well as for sealing copied the whole pack once more.
        func digest(_ index: Int) -> [UInt8] {
            var hasher = SHA256()
            let padding = parts(of: index) { part in part.withUnsafeBytes { hasher.update(bufferPointer: $0) } }
            Self.zeros.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0.prefix(padding))) }
            return Array(hasher.finalize())
        }

        private static let zeros = [UInt8](repeating: 0, count: Sealer.chunkSize)

        /// Hands each piece's part in chunk `index` to `take`, in order; how many zero bytes
        /// follow them to fill the chunk.
        private func parts(of index: Int, _ take: (ArraySlice<UInt8>) -> Void) -> Int {
            let begin = index * Sealer.chunkSize, end = begin + Sealer.chunkSize
            var piece = firstPiece(endingAfter: begin), taken = 0
            while piece < pieces.count, starts[piece] < end {
                let from = max(begin, starts[piece]) - starts[piece], to = min(end, starts[piece] + pieces[piece].count) - starts[piece]
                if from < to {
                    take(pieces[piece][from..<to])
                    taken += to - from
                }
                piece += 1
            }
            return Sealer.chunkSize - taken
        }

        /// The first piece that ends after `offset`: the pieces are in order, so a binary search.
        private func firstPiece(endingAfter offset: Int) -> Int {
            var low = 0, high = pieces.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] + pieces[middle].count > offset { high = middle } else { low = middle + 1 }
            }
            return low
        }
    }

    /// `paths` in the order of their code points (their UTF-8 bytes), compared in place: copying
    /// both paths at every comparison made sorting a large edition's table a tenth of a preview's
    /// rebuild.
    static func codePointOrder(_ paths: some Sequence<String>) -> [String] {
        ByteOrder.sorted(paths)
    }

    /// `{"files":{"<path>":[offset,length],…}}`, paths in code-point order; a chained table adds
    /// `"removed":["<path>",…]`, in the same order.
    static func table(_ places: [String: Place], sorted: [String]? = nil, removed: [String]? = nil) -> [UInt8] {
        let paths = sorted ?? codePointOrder(places.keys)
        var json = JSONWriter()
        json.object { object in
            object.field("files") { files in
                files.object { entries in
                    for path in paths {
                        let place = places[path] ?? Place(offset: 0, length: 0)
                        entries.field(path) { $0.array([place.offset, place.length]) { item, value in item.int(value) } }
                    }
                }
            }
            if let removed { object.field("removed") { list in list.array(removed) { item, path in item.string(path) } } }
        }
        return json.bytes
    }

    /// The places a table lists, each inside `size` bytes; nil when it is not one.
    static func places(_ table: ArraySlice<UInt8>, within size: Int) -> [String: Place]? {
        places(ofChain: [table], within: size)
    }

    /// The places of a chain of tables, oldest first: each table's files, less the paths a later
    /// table removed, as the later tables place them; nil when one is not a table.
    static func places(ofChain tables: [ArraySlice<UInt8>], within size: Int) -> [String: Place]? {
        chain(tables, within: size)?.places
    }

    /// `places(ofChain:within:)`, and the records (`recordsPath`) each table lists, in order: a
    /// chained table's follow those before (`Records.bytes(since:)`).
    static func chain(_ tables: [ArraySlice<UInt8>], within size: Int) -> (places: [String: Place], records: [Place])? {
        var places: [String: Place] = [:], records: [Place] = []
        for table in tables {
            guard let (listed, removed) = listedPlaces(table) else { return nil }
            if places.isEmpty { places.reserveCapacity(listed.count) }
            for path in removed { places[path] = nil }
            for (path, place) in listed {
                guard place.count == 2, place[0] >= 0, place[1] >= 0, place[0] + place[1] <= size else { return nil }
                places[path] = Place(offset: place[0], length: place[1])
            }
            if let place = places[recordsPath], listed[recordsPath] != nil { records.append(place) }
        }
        return (places, records)
    }

    /// The table's `files` and `removed`, read by `PackJSON`, or by Foundation when that cannot.
    private static func listedPlaces(_ table: ArraySlice<UInt8>) -> (files: [String: [Int]], removed: [String])? {
        var reader = PackJSON(table), listed: [String: [Int]]?, removed: [String] = []
        let read = reader.object { reader, key in
            switch key {
            case "files":
                var files: [String: [Int]] = [:]
                listed = reader.object { reader, path in
                    var place: [Int] = []
                    guard reader.array({ reader in reader.int().map { place.append($0) } != nil }) else { return false }
                    files[path] = place
                    return true
                } ? files : nil
                return listed != nil
            case "removed":
                return reader.array { reader in reader.string().map { removed.append($0) } != nil }
            default:
                return false
            }
        }
        if read, reader.atEnd, let listed { return (listed, removed) }
        guard let json = try? JSONSerialization.jsonObject(with: Data(table)) as? [String: Any],
              let files = json["files"] as? [String: [Int]] else { return nil }
        guard let gone = json["removed"] else { return (files, []) }
        return (gone as? [String]).map { (files, $0) }
    }

    /// The files of a pack whose table is at `table`, by path; nil when it is not one.
    static func unpack(_ pack: [UInt8], table: Place) -> [String: [UInt8]]? {
        guard table.offset >= 0, table.length >= 0, table.offset + table.length <= pack.count,
              let places = places(pack[table.offset..<table.offset + table.length], within: pack.count) else { return nil }
        return places.mapValues { Array(pack[$0.offset..<$0.offset + $0.length]) }
    }
}

/// A shared entry's copy (`Features/Shares`) is sealed whole, with no manifest, so it carries its
/// table in front: the table's length (4 bytes, big-endian), the table, whose offsets count from
/// its end, then the files in code-point order.
extension EditionPack {
    static func framed(_ files: inout [String: [UInt8]]) -> [UInt8] {
        let paths = codePointOrder(files.keys)
        var places: [String: Place] = [:], at = 0
        for path in paths {
            let length = files[path]?.count ?? 0
            places[path] = Place(offset: at, length: length)
            at += length
        }
        let table = self.table(places)
        var bytes = Sealer.bigEndian(UInt32(table.count)) + table
        bytes.reserveCapacity(bytes.count + at)
        for path in paths { bytes += files.removeValue(forKey: path) ?? [] }
        return bytes
    }

    /// The files of a copy `framed` made, by path; nil when it is not one.
    static func unframe(_ bytes: [UInt8]) -> [String: [UInt8]]? {
        guard bytes.count >= 4 else { return nil }
        let length = bytes.prefix(4).reduce(0) { $0 << 8 | Int($1) }, start = 4 + length
        guard start <= bytes.count, let places = places(bytes[4..<start], within: bytes.count - start) else { return nil }
        return places.mapValues { Array(bytes[start + $0.offset..<start + $0.offset + $0.length]) }
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

        /// The records `bytes` (or `bytes(since:)`, given the records `old` they follow) wrote.
        init?(_ bytes: [UInt8], after old: Records? = nil) {
            guard let (read, dataKey, dataPaths, removed) = Self.read(bytes) else { return nil }
            if let removed {
                // What changed since `old`: nothing to apply it to is a damaged chain.
                guard var all = old?.keys else { return nil }
                for path in removed { all[path] = nil }
                all.merge(read) { _, new in new }
                self.keys = all
            } else {
                self.keys = read
            }
            self.dataKey = Daybook.bytes(fromHex: dataKey.utf8) ?? []
            self.dataPaths = dataPaths
        }

        var bytes: [UInt8] { Self.json(keys, dataKey: dataKey, dataPaths: dataPaths) }

        /// What changed since `old`, for the preview's chained tables (`EditionPack.chainLimit`):
        /// the keys that differ or are new, the paths gone (`removed`), and the data files' key and
        /// paths. A save changes a few of a large edition's 16,000 records.
        func bytes(since old: Records) -> [UInt8] {
            bytes(changes(since: old))
        }

        /// The keys that differ from `old`'s or are new, and the paths `old` has and these not.
        func changes(since old: Records) -> (changed: [String: [UInt8]], removed: [String]) {
            var changed: [String: [UInt8]] = [:], shared = 0
            for (path, key) in keys {
                guard let was = old.keys[path] else { changed[path] = key; continue }
                shared += 1
                if was != key { changed[path] = key }
            }
            // When every old path is still here, none is looked up again: a preview's save, whose
            // records differ in a few of a large edition's 16,000 files.
            return (changed, shared == old.keys.count ? [] : old.keys.keys.filter { keys[$0] == nil })
        }

        /// `bytes(since:)` of the `changes` since the records before.
        func bytes(_ changes: (changed: [String: [UInt8]], removed: [String])) -> [UInt8] {
            Self.json(changes.changed, dataKey: dataKey, dataPaths: dataPaths, removed: changes.removed)
        }

        private static func json(_ keys: [String: [UInt8]], dataKey: [UInt8], dataPaths: [String], removed: [String]? = nil) -> [UInt8] {
            var json = JSONWriter()
            json.object { object in
                object.field("data_key") { $0.hexString(dataKey) }
                object.field("data_paths") { list in list.array(dataPaths.sorted()) { item, path in item.string(path) } }
                object.field("keys") { files in
                    files.object { entries in
                        for path in keys.keys.sorted() { entries.field(path) { $0.hexString(keys[path] ?? []) } }
                    }
                }
                if let removed { object.field("removed") { list in list.array(removed.sorted()) { item, path in item.string(path) } } }
            }
            return json.bytes
        }

        /// The records' fields, read by `PackJSON`, or by Foundation when that cannot; `removed`
        /// only in what `bytes(since:)` wrote. The keys come as bytes, not as the hexadecimal
        /// text they are written in: a second dictionary of 16,000 keys for nothing.
        private static func read(_ bytes: [UInt8]) -> (keys: [String: [UInt8]], dataKey: String, dataPaths: [String], removed: [String]?)? {
            var reader = PackJSON(bytes[...]), keys: [String: [UInt8]]?, dataKey: String?, dataPaths: [String]?, removed: [String]?
            let read = reader.object { reader, field in
                switch field {
                case "removed":
                    var paths: [String] = []
                    removed = reader.array { reader in reader.string().map { paths.append($0) } != nil } ? paths : nil
                    return removed != nil
                case "data_key":
                    dataKey = reader.string()
                    return dataKey != nil
                case "data_paths":
                    var paths: [String] = []
                    dataPaths = reader.array { reader in reader.string().map { paths.append($0) } != nil } ? paths : nil
                    return dataPaths != nil
                case "keys":
                    var listed: [String: [UInt8]] = [:]
                    keys = reader.object { reader, path in reader.hexBytes().map { listed[path] = $0 } != nil } ? listed : nil
                    return keys != nil
                default:
                    return false
                }
            }
            if read, reader.atEnd, let keys, let dataKey, let dataPaths { return (keys, dataKey, dataPaths, removed) }
            guard let json = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
                  let hexKeys = json["keys"] as? [String: String], let dataKey = json["data_key"] as? String,
                  let dataPaths = json["data_paths"] as? [String] else { return nil }
            let decoded = hexKeys.compactMapValues { Daybook.bytes(fromHex: $0.utf8) }
            guard decoded.count == hexKeys.count else { return nil }
            guard let gone = json["removed"] else { return (decoded, dataKey, dataPaths, nil) }
            return (gone as? [String]).map { (decoded, dataKey, dataPaths, $0) }
        }
    }
}
