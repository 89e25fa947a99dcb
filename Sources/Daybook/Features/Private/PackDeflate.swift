/// The form a file takes in an edition's pack (`docs/private.md`, "The pack"): raw DEFLATE
/// (RFC 1951), which the browser opens with its own `DecompressionStream("deflate-raw")`. A page
/// is a third to a half of its size so, and every byte of a pack is hashed, sealed, encoded,
/// written and read again on every build: a smaller pack is a faster private build.
///
/// Written here, not taken from zlib: the pack must be the same bytes on every machine (it is
/// sealed, and a sealed chunk that changes is a file to upload), and what zlib writes differs
/// between its versions and its forks (zlib-ng, Apple's Compression), which no library promises
/// otherwise. This encoder is fixed by the format's known answers: greedy matching through one
/// hash table, and the fixed Huffman codes, so it needs no tables of its own in the stream.
enum PackDeflate {
    /// Files already compressed, stored as they are: deflating them again costs time for nothing.
    static let storedKinds: Set<String> = ["avif", "gif", "gz", "jpeg", "jpg", "m4a", "mp3", "mp4", "ogg", "png", "webm", "webp",
                                           "woff", "woff2", "zip"]

    /// `bytes` of the file at `path`, deflated; in stored blocks when deflating would not make it smaller.
    static func pack(_ bytes: [UInt8], path: String) -> [UInt8] {
        let kind = path.split(separator: "/").last?.split(separator: ".", omittingEmptySubsequences: false).dropFirst().last
        if let kind, storedKinds.contains(kind.lowercased()) { return stored(bytes) }
        // The hash table holds positions as 32-bit numbers: a static file of 2 GiB is stored.
        guard bytes.count < Int(Int32.max) else { return stored(bytes) }
        let deflated = compressed(bytes)
        return deflated.count < storedSize(bytes.count) ? deflated : stored(bytes)
    }

    static let window = 32_768
    static let minMatch = 4, maxMatch = 258
    /// Matches longer than this leave their inner positions out of the table.
    static let insertLimit = 8

    /// The bits of the hash table's index: enough for the input, up to 2^15 entries. A table is
    /// zeroed for every file, and most files are pages of a few kilobytes.
    static func hashBits(_ count: Int) -> Int { min(15, max(8, Int.bitWidth - max(1, count).leadingZeroBitCount)) }

    /// One final block with the fixed codes: each position's four bytes are looked up in a table
    /// of where they last began; a match within the window is taken as long as it goes, else a
    /// literal. The positions inside a match go into the table only for a short match, as zlib's
    /// fastest level does: a page's long matches are runs of its own markup.
    static func compressed(_ input: [UInt8]) -> [UInt8] {
        // At most 9 bits a byte, and the block's head and end.
        let capacity = input.count + input.count / 8 + 16
        let bits = hashBits(input.count)
        var table = [Int32](repeating: -1, count: 1 << bits)
        return [UInt8](unsafeUninitializedCapacity: capacity) { output, written in
            input.withUnsafeBufferPointer { source in
                table.withUnsafeMutableBufferPointer { last in
                    FixedCodes.literals.withUnsafeBufferPointer { literals in
                        FixedCodes.lengths.withUnsafeBufferPointer { lengths in
                            var out = BitWriter(output)
                            out.write(0b011, bits: 3)  // BFINAL 1, BTYPE 01: the fixed codes
                            encode(source, last, bits, Codes(literals: literals, lengths: lengths), &out)
                            out.write(literals[256])
                            written = out.finish()
                        }
                    }
                }
            }
        }
    }

    private struct Codes {
        let literals: UnsafeBufferPointer<UInt32>
        let lengths: UnsafeBufferPointer<UInt32>
    }

    private static func encode(_ source: UnsafeBufferPointer<UInt8>, _ last: UnsafeMutableBufferPointer<Int32>, _ bits: Int,
                               _ codes: Codes, _ out: inout BitWriter) {
        let n = source.count
        var at = 0
        while at + minMatch <= n {
            let hash = Self.hash(source, at, bits)
            let candidate = Int(last[hash])
            last[hash] = Int32(at)
            let length = candidate >= 0 && at - candidate <= window ? matchLength(source, candidate, at, min(maxMatch, n - at)) : 0
            guard length >= minMatch else {
                out.write(codes.literals[Int(source[at])])
                at += 1
                continue
            }
            out.write(codes.lengths[length])
            out.write(FixedCodes.distance(at - candidate))
            if length <= insertLimit {
                var next = at + 1
                while next < at + length, next + minMatch <= n {
                    last[Self.hash(source, next, bits)] = Int32(next)
                    next += 1
                }
            }
            at += length
        }
        while at < n {
            out.write(codes.literals[Int(source[at])])
            at += 1
        }
    }

    /// How many bytes from `from` repeat those from `earlier`, up to `limit`: eight at a time.
    private static func matchLength(_ source: UnsafeBufferPointer<UInt8>, _ earlier: Int, _ from: Int, _ limit: Int) -> Int {
        guard let base = source.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var length = 0
        while length + 8 <= limit {
            let a = raw.loadUnaligned(fromByteOffset: earlier + length, as: UInt64.self)
            let b = raw.loadUnaligned(fromByteOffset: from + length, as: UInt64.self)
            if a != b { return length + (a ^ b).littleEndian.trailingZeroBitCount / 8 }
            length += 8
        }
        while length < limit, base[earlier + length] == base[from + length] { length += 1 }
        return length
    }

    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ at: Int, _ bits: Int) -> Int {
        let word = UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped).loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian
        return Int((word &* 2_654_435_761) >> UInt32(32 - bits))
    }

    /// `bytes` in stored blocks of at most 65,535 bytes, the last one final; one empty block for none.
    static func stored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(storedSize(bytes.count))
        var at = 0
        repeat {
            let length = min(65_535, bytes.count - at), final = at + length == bytes.count
            out += [final ? 1 : 0, UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8(~length >> 8 & 0xff)]
            out += bytes[at..<at + length]
            at += length
        } while at < bytes.count
        return out
    }

    static func storedSize(_ count: Int) -> Int { count + 5 * max(1, (count + 65_534) / 65_535) }
}

/// Bits as DEFLATE packs them, from the lowest bit of each byte up, into `output`, which has room.
private struct BitWriter {
    private let output: UnsafeMutableBufferPointer<UInt8>
    private var at = 0
    private var buffer: UInt64 = 0
    private var count: UInt64 = 0

    init(_ output: UnsafeMutableBufferPointer<UInt8>) { self.output = output }

    @inline(__always)
    mutating func write(_ value: UInt32, bits: UInt32) {
        buffer |= UInt64(value) << count
        count += UInt64(bits)
        if count >= 32 {
            UnsafeMutableRawPointer(output.baseAddress.unsafelyUnwrapped + at).storeBytes(of: UInt32(truncatingIfNeeded: buffer).littleEndian,
                                                                                         as: UInt32.self)
            at += 4
            buffer >>= 32
            count -= 32
        }
    }

    /// A code as `FixedCodes` holds it: its bits (a Huffman code's reversed, as DEFLATE sends its
    /// first bit first), and their count in the top byte.
    @inline(__always)
    mutating func write(_ code: UInt32) { write(code & 0xff_ffff, bits: code >> 24) }

    /// How many bytes were written, the last one padded with zero bits.
    mutating func finish() -> Int {
        while count > 0 {
            output[at] = UInt8(truncatingIfNeeded: buffer)
            at += 1
            buffer >>= 8
            count = count > 8 ? count - 8 : 0
        }
        return at
    }
}

/// RFC 1951, 3.2.5 and 3.2.6: the fixed Huffman codes, and the length and distance codes'
/// bases and extra bits, each code with its extra bits as `BitWriter.write` takes them.
private enum FixedCodes {
    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
                               6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// Each literal or length symbol's code.
    static let literals: [UInt32] = (0..<288).map { symbol in
        let (code, length) = switch symbol {
        case 0...143: (0x30 + symbol, 8)
        case 144...255: (0x190 + symbol - 144, 9)
        case 256...279: (symbol - 256, 7)
        default: (0xC0 + symbol - 280, 8)
        }
        return pack(reversed(code, length), length)
    }

    /// Each match length's symbol and extra bits, by length (3 to 258).
    static let lengths: [UInt32] = (0...258).map { length in
        let slot = max(0, lengthBase.lastIndex { $0 <= length } ?? 0), symbol = literals[257 + slot]
        let symbolBits = Int(symbol >> 24)
        return pack(Int(symbol & 0xff_ffff) | (max(0, length - lengthBase[slot]) << symbolBits), symbolBits + lengthExtra[slot])
    }

    /// Each distance code's bits (5) and extra bits, for the distances up to 256, and for each 128
    /// beyond by `(distance - 1) >> 7`: every code from 257 on begins at one more than a multiple of 128.
    private static let nearSlots: [UInt8] = (0...256).map { slot(max(1, $0)) }
    private static let farSlots: [UInt8] = (0..<256).map { slot($0 << 7 + 1) }
    private static let distanceCodes: [UInt32] = (0..<30).map { UInt32(reversed($0, 5)) }

    @inline(__always)
    static func distance(_ distance: Int) -> UInt32 {
        let slot = Int(distance <= 256 ? nearSlots[distance] : farSlots[(distance - 1) >> 7])
        return distanceCodes[slot] | UInt32(distance - distanceBase[slot]) << 5 | UInt32(5 + distanceExtra[slot]) << 24
    }

    private static func slot(_ distance: Int) -> UInt8 { UInt8(distanceBase.lastIndex { $0 <= distance } ?? 0) }

    private static func pack(_ bits: Int, _ count: Int) -> UInt32 { UInt32(bits) | UInt32(count) << 24 }

    private static func reversed(_ value: Int, _ length: Int) -> Int {
        var out = 0
        for bit in 0..<length where value & (1 << bit) != 0 { out |= 1 << (length - 1 - bit) }
        return out
    }
}
