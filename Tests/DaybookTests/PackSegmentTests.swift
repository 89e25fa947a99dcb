import Crypto
import Foundation
import Testing
@testable import Daybook

extension EditionPack {
    /// The pack of `files` as one plaintext (a build never holds it whole), each file as the pack
    /// holds it (`PackDeflate`; the records as they are), where its table is and where each file is.
    static func make(_ files: [String: [UInt8]]) -> (pack: [UInt8], table: Place, places: [String: Place]) {
        let packed = Dictionary(uniqueKeysWithValues: files.map { path, bytes in
            (path, path == recordsPath ? bytes : PackDeflate.pack(bytes, path: path))
        })
        let made = segment(packed, at: 0, keeping: [:])
        return (made.segment.bytes, made.table, made.places)
    }
}

extension EditionPack.Segment {
    /// The whole part as one plaintext.
    var bytes: [UInt8] { (0..<chunkCount).flatMap(chunk) }
}

/// A pack's part is sealed chunk by chunk, each gathered from the files it holds
/// (`EditionPack.Segment`): the chunks must be those of the part's plaintext written out whole
/// (files in code-point order of their paths, the table, zeros), wherever the files' edges fall.
@Suite struct PackSegmentTests {
    static let size = Sealer.chunkSize

    /// The part as `EditionPack.segment` documents it, written out in one go.
    static func plaintext(_ files: [String: [UInt8]], table: [UInt8]) -> [UInt8] {
        var bytes = EditionPack.codePointOrder(files.keys).flatMap { files[$0] ?? [] } + table
        bytes += [UInt8](repeating: 0, count: (size - bytes.count % size) % size)
        return bytes
    }

    static func files(_ sizes: [Int]) -> [String: [UInt8]] {
        // Names out of code-point order, and one past ASCII, so the order is the part's to make.
        let names = ["z.html", "a/index.html", "é.html", "B.html", "m/n.js", "a.html", "0.json"]
        return Dictionary(uniqueKeysWithValues: sizes.enumerated().map { index, count in
            (names[index % names.count] + String(repeating: "x", count: index / names.count),
             (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ index) })
        })
    }

    @Test(arguments: [[0], [1], [size], [size - 1, 1], [3, size * 2 + 5, 0, 0, 17], [size + 1, size - 1, size, 2], [100_000, 40_000, 0, 70_000, 5, 9, 1]])
    func eachChunkHoldsTheFilesBytesInOrder(sizes: [Int]) {
        let files = Self.files(sizes)
        for start in [0, 3 * Self.size] {
            let kept = start == 0 ? [:] : ["kept.html": EditionPack.Place(offset: 10, length: 20)]
            let (segment, table, places) = EditionPack.segment(files, at: start, keeping: kept)
            let tableBytes = EditionPack.table(places)
            let whole = Self.plaintext(files, table: tableBytes)
            #expect(segment.chunkCount == whole.count / Self.size)
            let gathered = (0..<segment.chunkCount).map { Array(segment.chunk($0)) }
            #expect(gathered.allSatisfy { $0.count == Self.size })
            #expect(gathered.flatMap { $0 } == whole)
            #expect((0..<segment.chunkCount).map(segment.digest) == gathered.map { Array(SHA256.hash(data: $0)) })
            #expect(table == EditionPack.Place(offset: start + files.values.reduce(0) { $0 + $1.count }, length: tableBytes.count))
            for (path, bytes) in files {
                let place = places[path] ?? EditionPack.Place(offset: -1, length: -1)
                #expect(Array(whole[(place.offset - start)..<(place.offset - start + place.length)]) == bytes, "\(path)")
            }
            #expect(places["kept.html"] == kept["kept.html"])
        }
    }

    /// Sealing the gathered chunks gives the bytes sealing the part's plaintext gives.
    @Test func sealingGatheredChunksEqualsSealingThePlaintext() throws {
        let sealer = PrivateCryptoTests.sealer
        let (segment, _, _) = EditionPack.segment(Self.files([100_000, 3, 0, 70_000]), at: 0, keeping: [:])
        let count = segment.chunkCount
        let gathered = try sealer.sealed(count: count, role: .pack, range: 0..<count, digests: Sealer.digests(count: count, segment.chunk),
                                         segment.chunk)
        #expect(gathered == (try sealer.chunks(segment.bytes, role: .pack, range: nil)))
        // A batch in the middle, as `SealingSink` seals them, is the same as those chunks of the whole.
        let batch = try sealer.sealed(count: count, role: .pack, range: 1..<3, digests: Sealer.digests(count: count, segment.chunk), segment.chunk)
        #expect(batch == Array(gathered[1..<3]))
    }
}
