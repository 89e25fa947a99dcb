/// The compact numbers of the search index: unsigned integers written as base-64 digits inside
/// JSON strings, five bits per digit, least significant first; a digit from the upper half of
/// the alphabet says another follows. No digit needs escaping in JSON or in a URL.
enum SearchCode {
    static let digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func append(_ value: Int, to out: inout [UInt8]) {
        digits.withUnsafeBufferPointer { append(value, to: &out, digits: $0) }
    }

    /// `append` with the alphabet in hand: reading the static `digits` for each digit costs a
    /// lazy-initialization check and a retain every time.
    @inline(__always)
    private static func append(_ value: Int, to out: inout [UInt8], digits: UnsafeBufferPointer<UInt8>) {
        precondition(value >= 0, "search codes are unsigned")
        var rest = value
        while rest >= 32 {
            out.append(digits[32 + rest & 31])
            rest >>= 5
        }
        out.append(digits[rest])
    }

    static func encode(_ values: [Int]) -> String {
        var out: [UInt8] = []
        for value in values { append(value, to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The numbers in `text`, or nil when it is not a valid code.
    static func decode(_ text: String) -> [Int]? {
        var values: [Int] = []
        var value = 0
        var shift = 0
        for byte in text.utf8 {
            guard let digit = digits.firstIndex(of: byte) else { return nil }
            value |= (digit & 31) << shift
            if digit >= 32 {
                shift += 5
            } else {
                values.append(value)
                value = 0
                shift = 0
            }
        }
        return shift == 0 ? values : nil
    }

    // MARK: Postings

    /// The largest impact, kept in three bits.
    static let maxImpact = 8

    /// A posting list: for each entry, newest first, the gap from the previous entry number
    /// (starting from -1) shifted left by three, with the impact less one in the low bits.
    static func postings(_ postings: [Posting]) -> String {
        Self.postings(packed: postings.map { posting(entry: $0.entry, impact: $0.impact) }[...])
    }

    /// One posting packed in 32 bits as the index builds its lists: the entry number above the
    /// impact less one.
    static func posting(entry: Int, impact: Int) -> UInt32 {
        UInt32(entry) << 3 | UInt32(impact - 1)
    }

    /// The list of packed postings, in entry order (see `postings(_:)`).
    static func postings(packed: ArraySlice<UInt32>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(packed.count * 2)
        var previous = -1
        digits.withUnsafeBufferPointer { digits in
            for code in packed {
                let entry = Int(code >> 3)
                append((entry - previous) << 3 | Int(code & 7), to: &out, digits: digits)
                previous = entry
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func decodePostings(_ text: String) -> [Posting]? {
        guard let values = decode(text) else { return nil }
        var previous = -1
        return values.map { value in
            previous += value >> 3
            return Posting(entry: previous, impact: value & 7 + 1)
        }
    }

    /// How much a term says about an entry, 1 to 8: Okapi BM25's term-frequency part (k1 1.2,
    /// b 0.75) for `frequency` weighted occurrences in an entry of `length` terms, where entries
    /// average `averageLength`. Computed at build time, so the script only adds impacts times
    /// the term's rarity, and never needs the entries' lengths.
    static func impact(frequency: Int, length: Int, averageLength: Double) -> Int {
        let k1 = 1.2, b = 0.75
        let tf = Double(frequency)
        let norm = k1 * (1 - b + b * Double(length) / max(averageLength, 1))
        let weight = tf * (k1 + 1) / (tf + norm) / (k1 + 1)
        return min(maxImpact, max(1, Int((weight * Double(maxImpact)).rounded(.up))))
    }
}

/// One entry in a term's posting list.
struct Posting: Sendable, Hashable {
    /// The entry's number: its position in journal order, newest first.
    var entry: Int
    var impact: Int
}
