import Foundation
import Testing
import ZIPFoundation
@testable import Daybook

/// The pack's own DEFLATE encoder, opened by a decoder that is not its own (ZIPFoundation's, which
/// is zlib's on Linux and Apple's Compression on macOS): any stream it writes must open there as
/// the bytes it was given, and its bytes are fixed by the format's known answers
/// (`PrivateVectorTests`).
@Suite struct PackDeflateTests {
    /// `deflated` opened as raw DEFLATE by ZIPFoundation.
    static func inflate(_ deflated: [UInt8]) throws -> [UInt8] {
        let data = Data(deflated)
        var out = Data()
        _ = try Data.decompress(size: Int64(data.count), bufferSize: 65_536, skipCRC32: true, provider: { position, size in
            data.subdata(in: Int(position)..<min(data.count, Int(position) + size))
        }, consumer: { out.append($0) })
        return Array(out)
    }

    static func pseudoRandom(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    static let page = Array(String(repeating: "<li><a href=\"../2024/05/01/a-walk/\">A walk by the river</a> <time>1 May 2024</time></li>\n",
                                   count: 400).utf8)

    static let cases: [[UInt8]] = {
        var cases: [[UInt8]] = [[], [65], Array("abc".utf8), Array("abcd".utf8), [UInt8](repeating: 97, count: 41), page]
        cases.append(pseudoRandom(200_000, seed: 1))
        // Matches at the window's far edge and of every length, and runs longer than 258.
        let half: [UInt8] = pseudoRandom(33_000, seed: 2)
        cases.append(half + half + [UInt8](repeating: 7, count: 1_000))
        cases.append((0..<300_000).map { (index: Int) -> UInt8 in UInt8(truncatingIfNeeded: index % 251 + (index / 997) % 3) })
        return cases
    }()

    @Test(arguments: PackDeflateTests.cases)
    func opensAsWhatWasGiven(_ bytes: [UInt8]) throws {
        #expect(try Self.inflate(PackDeflate.compressed(bytes)) == bytes)
        #expect(try Self.inflate(PackDeflate.stored(bytes)) == bytes)
        #expect(try Self.inflate(PackDeflate.pack(bytes, path: "a/index.html")) == bytes)
    }

    @Test func makesAPageSmallAndStoresWhatWouldGrow() throws {
        let page = PackDeflate.pack(Self.page, path: "index.html")
        #expect(page.count * 10 < Self.page.count)
        let noise = Self.pseudoRandom(100_000, seed: 3)
        #expect(PackDeflate.pack(noise, path: "data.bin") == PackDeflate.stored(noise))
        // A photo is stored without trying: it is compressed already.
        #expect(PackDeflate.pack(Self.page, path: "photos/a.JPG") == PackDeflate.stored(Self.page))
        #expect(PackDeflate.stored([UInt8](repeating: 1, count: 140_000)).count == 140_000 + 15)
    }

    /// Inputs made of runs copied from anywhere behind them (inside the window and beyond it, of
    /// every length) between runs of noise: every kind of match and literal the encoder writes.
    @Test func opensWhateverRepeatsItHolds() throws {
        var state: UInt64 = 12_345
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        for _ in 0..<200 {
            var bytes: [UInt8] = []
            let size = next(80_000)
            while bytes.count < size {
                if bytes.count > 4, next(3) > 0 {
                    let from = max(0, bytes.count - 1 - next(min(bytes.count, 40_000))), length = 1 + next(400)
                    for offset in 0..<length { bytes.append(bytes[from + offset % (bytes.count - from)]) }
                } else {
                    bytes += (0..<1 + next(60)).map { _ in UInt8(next(next(2) == 0 ? 256 : 8)) }
                }
            }
            #expect(try Self.inflate(PackDeflate.compressed(bytes)) == bytes)
        }
    }

    @Test func givesTheSameBytesEveryTime() {
        #expect(PackDeflate.compressed(Self.page) == PackDeflate.compressed(Self.page))
    }
}
