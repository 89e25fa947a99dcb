/// The form a file takes in an edition's pack (`docs/private.md`, "The pack"): raw DEFLATE
/// (RFC 1951), which the browser opens with its own `DecompressionStream("deflate-raw")`. A page
/// is a third to a half of its size so, and every byte of a pack is hashed, sealed, encoded,
/// written and read again on every build: a smaller pack is a faster private build.
///
/// Written here, not taken from zlib: the pack must be the same bytes on every machine (it is
/// sealed, and a sealed chunk that changes is a file to upload), and what zlib writes differs
/// between its versions and its forks (zlib-ng, Apple's Compression), which no library promises
/// otherwise. This encoder is fixed by the format's known answers: greedy matching through one
/// hash table, then the fixed Huffman codes or codes made for the file (`PackHuffman`), whichever
/// takes fewer bits.
enum PackDeflate {
    /// Files already compressed, stored as they are: deflating them again costs time for nothing.
    static let storedKinds: Set<String> = ["avif", "gif", "gz", "jpeg", "jpg", "m4a", "mp3", "mp4", "ogg", "png", "webm", "webp",
                                           "woff", "woff2", "zip"]

    /// `bytes` of the file at `path`, deflated; in stored blocks when deflating would not make it
    /// smaller. `ownCodes`: false writes the fixed codes alone, as format 5 did (a test seals a
    /// site of that format so).
    static func pack(_ bytes: [UInt8], path: String, ownCodes: Bool = true) -> [UInt8] {
        let kind = path.split(separator: "/").last?.split(separator: ".", omittingEmptySubsequences: false).dropFirst().last
        if let kind, storedKinds.contains(kind.lowercased()) { return stored(bytes) }
        // The hash table holds positions as 32-bit numbers: a static file of 2 GiB is stored.
        guard bytes.count < Int(Int32.max) else { return stored(bytes) }
        let deflated = compressed(bytes, ownCodes: ownCodes)
        return deflated.count < storedSize(bytes.count) ? deflated : stored(bytes)
    }

    static let window = 32_768
    static let minMatch = 4, maxMatch = 258
    /// Matches longer than this leave their inner positions out of the table.
    static let insertLimit = 8

    /// The bits of the hash table's index: enough for the input, up to 2^15 entries. A table is
    /// zeroed for every file, and most files are pages of a few kilobytes.
    static func hashBits(_ count: Int) -> Int { min(15, max(8, Int.bitWidth - max(1, count).leadingZeroBitCount)) }

    /// One final block: each position's four bytes are looked up in a table of where they last
    /// began; a match within the window is taken as long as it goes, else a literal. The positions
    /// inside a match go into the table only for a short match, as zlib's fastest level does: a
    /// page's long matches are runs of its own markup. The block has the fixed Huffman codes, or
    /// codes made for the file (`PackHuffman`) when those and their description take fewer bits:
    /// a page's literals are mostly letters, which the fixed codes give eight bits each.
    static func compressed(_ input: [UInt8], ownCodes: Bool = true) -> [UInt8] {
        let tokens = matched(input)
        let counts = PackHuffman.Counts(tokens)
        let fixedBits = counts.bits(literals: FixedCodes.literalLengths, distances: FixedCodes.distanceLengths)
        let own = ownCodes ? PackHuffman.Block(counts) : nil
        let ownBits = own?.bits ?? Int.max, useOwn = ownBits < fixedBits
        let capacity = (3 + min(ownBits, fixedBits) + 7) / 8 + 8
        return [UInt8](unsafeUninitializedCapacity: capacity) { output, written in
            var out = BitWriter(output)
            let codes: (literals: [UInt32], distances: [UInt32])
            if useOwn, let own {
                out.write(0b101, bits: 3)  // BFINAL 1, BTYPE 10: codes of its own
                own.writeHeader(&out)
                codes = (own.literalCodes, own.distanceCodes)
            } else {
                out.write(0b011, bits: 3)  // BFINAL 1, BTYPE 01: the fixed codes
                codes = (FixedCodes.literals, FixedCodes.distances)
            }
            codes.literals.withUnsafeBufferPointer { literals in
                codes.distances.withUnsafeBufferPointer { distances in
                    tokens.withUnsafeBufferPointer { encode($0, literals, distances, &out) }
                    out.write(literals[256])
                }
            }
            written = out.finish()
        }
    }

    /// A match as a token: its length (3 to 258) above bit 16, its distance (1 to 32,768) below,
    /// and the top bit set; a literal is its byte.
    static let matchFlag: UInt32 = 1 << 31

    /// The literals and matches of `input`, in order.
    static func matched(_ input: [UInt8]) -> [UInt32] {
        let bits = hashBits(input.count)
        var table = [Int32](repeating: -1, count: 1 << bits)
        return [UInt32](unsafeUninitializedCapacity: input.count) { tokens, count in
            input.withUnsafeBufferPointer { source in
                table.withUnsafeMutableBufferPointer { last in
                    count = match(source, last, bits, into: tokens)
                }
            }
        }
    }

    private static func match(_ source: UnsafeBufferPointer<UInt8>, _ last: UnsafeMutableBufferPointer<Int32>, _ bits: Int,
                              into tokens: UnsafeMutableBufferPointer<UInt32>) -> Int {
        let n = source.count
        var at = 0, count = 0
        while at + minMatch <= n {
            let hash = Self.hash(source, at, bits)
            let candidate = Int(last[hash])
            last[hash] = Int32(at)
            let length = candidate >= 0 && at - candidate <= window ? matchLength(source, candidate, at, min(maxMatch, n - at)) : 0
            guard length >= minMatch else {
                tokens[count] = UInt32(source[at])
                count += 1
                at += 1
                continue
            }
            tokens[count] = matchFlag | UInt32(length) << 16 | UInt32(at - candidate)
            count += 1
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
            tokens[count] = UInt32(source[at])
            count += 1
            at += 1
        }
        return count
    }

    /// Writes `tokens` with the codes given (each as `BitWriter.write` takes one), and each
    /// length's and distance's extra bits.
    private static func encode(_ tokens: UnsafeBufferPointer<UInt32>, _ literals: UnsafeBufferPointer<UInt32>,
                               _ distances: UnsafeBufferPointer<UInt32>, _ out: inout BitWriter) {
        let slots = FixedCodes.Slots()
        for token in tokens {
            guard token & matchFlag != 0 else {
                out.write(literals[Int(token)])
                continue
            }
            let length = slots.length(token), distance = slots.distance(token)
            out.write(literals[257 + Int(length & 0xff)])
            out.write(length >> 8 & 0xff, bits: length >> 16)
            out.write(distances[Int(distance & 0xff)])
            out.write(distance >> 8 & 0xffff, bits: distance >> 24)
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
struct BitWriter {
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

    /// A code as `PackHuffman.codes` makes it: its bits (a Huffman code's reversed, as DEFLATE sends its
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

/// RFC 1951, 3.2.5 and 3.2.6: the length and distance codes' bases and extra bits, and the
/// fixed Huffman codes, each code as `BitWriter.write` takes it.
enum FixedCodes {
    static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
                               6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    /// The fixed codes' lengths: of the 288 literal and length symbols (the last two never used,
    /// but part of the code), and of the 30 distance symbols.
    static let literalLengths: [Int] = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
    static let distanceLengths = [Int](repeating: 5, count: 30)
    static let literals = PackHuffman.codes(literalLengths)
    static let distances = PackHuffman.codes(distanceLengths)

    /// Each match length (3 to 258) as `Slots.length` gives it.
    static let lengthSlots: [UInt32] = (0...258).map { length in
        let slot = max(0, lengthBase.lastIndex { $0 <= length } ?? 0)
        return UInt32(slot) | UInt32(max(0, length - lengthBase[slot])) << 8 | UInt32(lengthExtra[slot]) << 16
    }

    /// Each distance's slot, for the distances up to 256, and for each 128 beyond by
    /// `(distance - 1) >> 7`: every slot from 257 on begins at one more than a multiple of 128.
    static let nearSlots: [UInt8] = (0...256).map { slot(max(1, $0)) }
    static let farSlots: [UInt8] = (0..<256).map { slot($0 << 7 + 1) }
    static let distanceBases = distanceBase.map(UInt32.init), distanceExtras = distanceExtra.map(UInt32.init)

    /// The tables of the length and distance slots, taken out of their globals once per file:
    /// read in the loop over a file's tokens, each global was looked up again (`swift_once`) for
    /// every match.
    struct Slots {
        let lengths = FixedCodes.lengthSlots, near = FixedCodes.nearSlots, far = FixedCodes.farSlots
        let bases = FixedCodes.distanceBases, extra = FixedCodes.distanceExtras

        /// A match token's length: `slot | extra bits' value << 8 | their count << 16`.
        @inline(__always)
        func length(_ token: UInt32) -> UInt32 { lengths[Int(token >> 16 & 0x1ff)] }

        /// A match token's distance: `slot | extra bits' value << 8 | their count << 24`.
        @inline(__always)
        func distance(_ token: UInt32) -> UInt32 {
            let distance = Int(token & 0xffff)
            let slot = Int(distance <= 256 ? near[distance] : far[(distance - 1) >> 7])
            return UInt32(slot) | (UInt32(distance) - bases[slot]) << 8 | extra[slot] << 24
        }
    }

    private static func slot(_ distance: Int) -> UInt8 { UInt8(distanceBase.lastIndex { $0 <= distance } ?? 0) }
}
