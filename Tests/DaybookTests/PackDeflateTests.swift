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
        #expect(try Self.inflate(PackDeflate.compressed(bytes, ownCodes: false)) == bytes)
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

    /// A page's literals are mostly letters: codes of its own (BTYPE 2) write it in fewer bytes
    /// than the fixed codes, which stay for a file too short to pay for describing its codes.
    @Test func aPageGetsCodesOfItsOwnAndAShortFileTheFixedOnes() throws {
        let text = Array(String(repeating: "Grey morning on the water; rain, then the long view from the hill. ", count: 40).utf8)
            + Self.pseudoRandom(3_000, seed: 4).map { 97 + $0 % 26 }
        let own = PackDeflate.compressed(text), fixed = PackDeflate.compressed(text, ownCodes: false)
        #expect(own[0] & 0b111 == 0b101 && fixed[0] & 0b111 == 0b011)
        #expect(own.count * 10 < fixed.count * 8)
        #expect(try Self.inflate(own) == text)
        let short = Array("<p>Tea.</p>".utf8)
        #expect(PackDeflate.compressed(short) == PackDeflate.compressed(short, ownCodes: false))
    }

    /// Code lengths are a complete code within the limit, whatever the counts: the unlimited
    /// code of Fibonacci counts is 29 deep; one symbol alone gets a second, so no code is incomplete.
    @Test func codeLengthsAreCompleteAndWithinTheLimit() {
        var fibonacci = [1, 1]
        while fibonacci.count < 30 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        for (counts, limit) in [(fibonacci, 15), (Array(fibonacci.prefix(19)), 7), ([0, 0, 9], 15), ([Int](repeating: 0, count: 30), 15),
                                (Self.pseudoRandom(286, seed: 5).map { Int($0) }, 15)] {
            let lengths = PackHuffman.lengths(counts, limit: limit)
            #expect(lengths.max()! <= limit)
            #expect(lengths.filter { $0 > 0 }.count >= 2)
            // Kraft: the lengths fill the code space exactly.
            var space = 0
            for length in lengths where length > 0 { space += 1 << (limit - length) }
            #expect(space == 1 << limit)
            for (symbol, count) in counts.enumerated() where count > 0 { #expect(lengths[symbol] > 0) }
        }
    }

    /// The code lengths' runs give back the lengths: 16 repeats the last length 3 to 6 times, 17
    /// and 18 give 3 to 10 and 11 to 138 zeros.
    @Test func theCodeLengthsRunsGiveTheLengthsBack() {
        var state: UInt64 = 99
        for _ in 0..<300 {
            var lengths: [Int] = []
            while lengths.count < 316 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                lengths += [Int](repeating: Int(state >> 60), count: 1 + Int(state >> 33) % 150)
            }
            var back: [Int] = []
            for run in PackHuffman.runs(lengths) {
                let (symbol, extra) = (run.symbol, run.extra)
                let most = [16: 3, 17: 7, 18: 127][symbol] ?? 0
                #expect(extra >= 0 && extra <= most)
                switch symbol {
                case 16: back += [Int](repeating: back.last ?? -1, count: 3 + extra)
                case 17: back += [Int](repeating: 0, count: 3 + extra)
                case 18: back += [Int](repeating: 0, count: 11 + extra)
                default: back.append(symbol)
                }
            }
            #expect(back == lengths)
        }
    }

    @Test func givesTheSameBytesEveryTime() {
        #expect(PackDeflate.compressed(Self.page) == PackDeflate.compressed(Self.page))
    }
}
