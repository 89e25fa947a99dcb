/// Inputs made from the seed corpus, each a pure function of (seed, index): the harness and its
/// worker make the same input `i` without passing bytes, and a finding is replayed from its number.
struct Mutator {
    let corpus: [[UInt8]]
    let seed: UInt64

    /// Pieces of the syntaxes under test and of the inputs that broke them before (issue 23).
    static let tokens: [[UInt8]] = ([
        "---\n", "+++\n", "{", "}", "[", "]", "\"", "'", "\"\"\"", "'''", ":", ": ", "=", " = ", ",", "\n", " ", "\t", "#",
        "&a ", "*a", "&b [*a,*a,*a,*a]", "!!str ", "!!binary ", "? ", "- ", "|\n", ">-\n", "%YAML 1.1\n", "...\n",
        "\\u0000", "\\e", "\\0", "\\U0010FFFF", "\\uD800", "\\x41", "\u{2028}", "\u{2029}", "\u{85}", "\u{FEFF}", "\r", "\r\n",
        "{{<", ">}}", "{{%", "%}}", "{%", "%}", "{{< youtube x >}}", "{% highlight ruby %}", "{% endhighlight %}", "```\n",
        "0000-01-01", "0001-01-01", "1979-05-27 2}", "1979-05-27T07:32:00Z", "07:32", "2024-02-30", "24:00", "+25:00",
        "0x1p4", "0x", "0o7", "0b2", "1e400", "-0", "1_000", "nan", "inf", "true", "null", "~",
        "date: ", "date = ", "title: ", "tags: ", "tags = [", "location: ", "lat: ", "rating: ", "draft: ", "[location]\n",
        "[[a]]\n", "a.b.c = 1\n", "{\"date\": ", "\u{0}", "\u{1B}", "\u{FFFF}", "\u{1F600}", "é",
    ] as [String]).map { Array($0.utf8) } + [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xFF, 0xFE], [0x00, 0x2D]]

    static let sizeLimit = 64 * 1024

    func input(_ index: Int) -> [UInt8] {
        var random = SplitMix(seed &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15)
        var bytes = corpus[Int(random.next() % UInt64(corpus.count))]
        for _ in 0..<(1 + Int(random.next() % 6)) {
            mutate(&bytes, &random)
            if bytes.count > Self.sizeLimit { bytes.removeLast(bytes.count - Self.sizeLimit) }
        }
        return bytes
    }

    private func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix) {
        let at = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count + 1))
        switch random.next() % 7 {
        case 0 where !bytes.isEmpty:
            bytes[min(at, bytes.count - 1)] = UInt8(truncatingIfNeeded: random.next())
        case 1, 2:
            bytes.insert(contentsOf: Self.tokens[Int(random.next() % UInt64(Self.tokens.count))], at: at)
        case 3:
            let length = min(bytes.count - at, 1 + Int(random.next() % 16))
            bytes.removeSubrange(at..<(at + length))
        case 4:
            // A piece repeated: deep nesting, long lines, many shortcodes, many aliases.
            let length = min(bytes.count - at, 1 + Int(random.next() % 64))
            let piece = bytes[at..<(at + length)]
            let times = 1 + Int(random.next() % 64)
            bytes.insert(contentsOf: Array(repeating: Array(piece), count: times).joined(), at: at)
        case 5:
            let other = corpus[Int(random.next() % UInt64(corpus.count))]
            let from = other.isEmpty ? 0 : Int(random.next() % UInt64(other.count))
            bytes = Array(bytes[..<at]) + other[from...]
        default:
            bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
        }
    }
}

/// A small, fast generator of the same numbers on every machine (SplitMix64).
struct SplitMix {
    private var state: UInt64

    init(_ seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
