import Foundation

/// Cuts text into search terms exactly as `Templates/search.js` cuts a query, so what a reader
/// types meets what the index holds. Both sides fold one character at a time: lower case,
/// compatibility decomposition, combining marks removed, a few letters spelled out (`ß` -> `ss`),
/// recomposed; `Café`, `CAFE` and `cafe` become one term. Runs of letters and digits make words;
/// Chinese, Japanese and Korean runs, written without spaces between words, give every character
/// and every pair of neighbouring characters instead. Anything else, emoji included, separates.
/// `Tests/search/tokenize-cases.json` holds the cases both implementations must agree on.
struct SearchTokenizer {
    /// Longest term, in characters; longer words are cut to it, in queries too.
    static let maxTermLength = 40

    enum Kind { case separator, word, cjk }

    /// A folded character: its UTF-8 bytes and its kind.
    struct Piece {
        var bytes: [UInt8]
        var kind: Kind
    }

    /// Folded forms of the non-ASCII characters met so far.
    private var cache: [UInt32: [Piece]] = [:]

    /// The index terms of `text` as UTF-8 bytes, in order, with repeats.
    mutating func terms(_ text: String, _ body: (ArraySlice<UInt8>) -> Void) {
        runs(text) { run, starts, kind in
            guard kind == .cjk, starts.count > 1 else { return body(run) }
            let base = run.startIndex
            for index in starts.indices {
                let end = index + 1 < starts.count ? base + starts[index + 1] : run.endIndex
                body(run[(base + starts[index])..<end])
                if index + 1 < starts.count {
                    body(run[(base + starts[index])..<(index + 2 < starts.count ? base + starts[index + 2] : run.endIndex)])
                }
            }
        }
    }

    /// The index terms of `text`, in order, with repeats.
    mutating func terms(_ text: String) -> [String] {
        var terms: [String] = []
        self.terms(text) { terms.append(String(decoding: $0, as: UTF8.self)) }
        return terms
    }

    /// The words of `text`: each run of letters and digits, CJK runs whole. Tag and place keys.
    mutating func words(_ text: String) -> [String] {
        var words: [String] = []
        runs(text) { run, _, _ in words.append(String(decoding: run, as: UTF8.self)) }
        return words
    }

    /// `text` folded character by character, separators kept: how month and weekday names compare.
    func folded(_ text: String) -> String {
        text.unicodeScalars.map(Self.fold).joined()
    }

    /// Calls `body` with the UTF-8 bytes of each run of word or CJK characters, cut to
    /// `maxTermLength` characters, and where each character starts (CJK runs only). Works on
    /// bytes, without closures over mutable state: an index build reads every word of the journal.
    private mutating func runs(_ text: String, _ body: (ArraySlice<UInt8>, [Int], Kind) -> Void) {
        var run = Run()
        var utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if run.kind == .separator, Self.isASCIIWord(byte) {
                // Most words are plain ASCII: lower-case them in place and pass them on as they are.
                var end = index + 1
                while end < utf8.count && Self.isASCIIWord(utf8[end]) { end += 1 }
                if end == utf8.count || (utf8[end] < 0x80 && utf8[end] != 0x27) {
                    for position in index..<end where utf8[position] <= 0x5A && utf8[position] >= 0x41 { utf8[position] += 0x20 }
                    body(utf8[index..<min(end, index + Self.maxTermLength)], [], .word)
                    index = end
                    continue
                }
            }
            if byte < 0x80 {
                index += 1
                switch byte {
                case 0x61...0x7A, 0x30...0x39:
                    if run.kind != .word { run.finish(body); run.kind = .word }
                    run.append(byte)
                case 0x41...0x5A:
                    if run.kind != .word { run.finish(body); run.kind = .word }
                    run.append(byte + 0x20)
                // Apostrophes join: `don't` is one word, as in addresses.
                case 0x27: continue
                default: run.finish(body)
                }
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            var value = UInt32(byte) & (length == 4 ? 0x07 : length == 3 ? 0x0F : 0x1F)
            for offset in 1..<length where index + offset < utf8.count {
                value = value << 6 | UInt32(utf8[index + offset] & 0x3F)
            }
            index += length
            if value == 0x2019 { continue }
            for piece in fold(value) {
                if piece.kind != run.kind { run.finish(body); run.kind = piece.kind }
                if piece.kind != .separator { run.append(piece.bytes) }
            }
        }
        run.finish(body)
    }

    /// The run of characters being read.
    private struct Run {
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var kind = Kind.separator

        mutating func append(_ byte: UInt8) {
            guard starts.count < SearchTokenizer.maxTermLength else { return }
            starts.append(bytes.count)
            bytes.append(byte)
        }

        mutating func append(_ piece: [UInt8]) {
            guard starts.count < SearchTokenizer.maxTermLength else { return }
            starts.append(bytes.count)
            bytes += piece
        }

        /// Hands the run to `body`, if there is one, and starts afresh.
        mutating func finish(_ body: (ArraySlice<UInt8>, [Int], Kind) -> Void) {
            if !starts.isEmpty { body(bytes[...], starts, kind) }
            bytes.removeAll(keepingCapacity: true)
            starts.removeAll(keepingCapacity: true)
            kind = .separator
        }
    }

    private static func isASCIIWord(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
    }

    /// One character folded, as pieces with their kinds.
    private mutating func fold(_ value: UInt32) -> [Piece] {
        if let known = cache[value] { return known }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        let result = Self.fold(scalar).unicodeScalars.map { Piece(bytes: Array(String($0).utf8), kind: Self.kind($0)) }
        cache[value] = result
        return result
    }

    /// Lower case, NFKD, no nonspacing marks, lower case again, the spelled-out letters, NFC.
    static func fold(_ scalar: Unicode.Scalar) -> String {
        let decomposed = String(scalar).lowercased().decomposedStringWithCompatibilityMapping
        var kept = String.UnicodeScalarView()
        for part in decomposed.unicodeScalars where part.properties.generalCategory != .nonspacingMark {
            kept.append(part)
        }
        var result = ""
        for part in String(kept).lowercased().unicodeScalars {
            if let spelled = spelledOut[part] { result += spelled } else { result.unicodeScalars.append(part) }
        }
        return result.precomposedStringWithCanonicalMapping
    }

    /// Letters that do not decompose into a base letter and a mark, but that readers type plainly.
    static let spelledOut: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ð": "d", "ł": "l", "þ": "th",
        "ı": "i", "ſ": "s", "ς": "σ",
    ]

    static func kind(_ scalar: Unicode.Scalar) -> Kind {
        if isCJK(scalar.value) { return .cjk }
        switch scalar.properties.generalCategory {
        case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .spacingMark:
            return .word
        default:
            return .separator
        }
    }

    /// Han, kana and Hangul, the scripts written without spaces between words (Korean mostly
    /// has them, but particles stick to nouns, so pairs find `서울` in `서울의`).
    static func isCJK(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x11FF, 0x3005...0x3007, 0x3041...0x309F, 0x30A0...0x30FF, 0x3130...0x318F,
             0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF,
             0xF900...0xFAFF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// Term order, shared with the script: UTF-16 code units, as JavaScript compares strings.
    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf16.lexicographicallyPrecedes(b.utf16)
    }
}
