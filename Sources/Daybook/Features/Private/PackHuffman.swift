/// A DEFLATE block's own Huffman codes (RFC 1951, 3.2.7), made for one file of the pack: a page's
/// literals are mostly letters, which the fixed codes give eight bits each, where codes made for
/// the file give them about five. Every step is fixed, so the same file always gives the same
/// bytes (`docs/private.md`, "Each file deflated"; `Tests/site/private_reference.py` does the same).
enum PackHuffman {
    /// How often each literal and length symbol (0 to 285, the end of the block counted once) and
    /// each distance symbol (0 to 29) occurs in a file's tokens (`PackDeflate.matched`).
    struct Counts {
        let literals: [Int]
        let distances: [Int]
        /// The extra bits of every length and distance, which no code changes.
        let extraBits: Int

        init(_ tokens: [UInt32]) {
            var literals = [Int](repeating: 0, count: 286), distances = [Int](repeating: 0, count: 30)
            literals[256] = 1
            // Through the arrays' buffers: an array property checks for sharing at every increment.
            extraBits = literals.withUnsafeMutableBufferPointer { literals in
                distances.withUnsafeMutableBufferPointer { distances in Self.count(tokens, literals, distances) }
            }
            self.literals = literals
            self.distances = distances
        }

        /// Adds `tokens`' symbols to the counts given; the extra bits of their lengths and distances.
        private static func count(_ tokens: [UInt32], _ literals: UnsafeMutableBufferPointer<Int>,
                                  _ distances: UnsafeMutableBufferPointer<Int>) -> Int {
            let slots = FixedCodes.Slots()
            var extraBits = 0
            for token in tokens {
                guard token & PackDeflate.matchFlag != 0 else {
                    literals[Int(token)] += 1
                    continue
                }
                let length = slots.length(token), distance = slots.distance(token)
                literals[257 + Int(length & 0xff)] += 1
                distances[Int(distance & 0xff)] += 1
                extraBits += Int(length >> 16) + Int(distance >> 24)
            }
            return extraBits
        }

        /// The bits of the tokens and the end of the block with codes of these lengths.
        func bits(literals lengths: [Int], distances distanceLengths: [Int]) -> Int {
            var bits = extraBits
            for (count, length) in zip(literals, lengths) { bits += count * length }
            for (count, length) in zip(distances, distanceLengths) { bits += count * length }
            return bits
        }
    }

    /// The block's codes, and how its head describes them.
    struct Block {
        let literalCodes: [UInt32]
        let distanceCodes: [UInt32]
        /// The code lengths' symbols (0 to 18) with their extra bits, and the code they are written in.
        let runs: [(symbol: Int, extra: Int)]
        let runLengths: [Int]
        let runCodes: [UInt32]
        let literalCount: Int, distanceCount: Int, runLengthCount: Int
        /// The block's bits after its first three: the head, the tokens and the end.
        let bits: Int

        /// The order in which the head gives the lengths of the code lengths' code.
        static let runOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        /// How many extra bits follow a code length's symbol: 2, 3 and 7 after 16, 17 and 18.
        static func runExtra(_ symbol: Int) -> Int { symbol < 16 ? 0 : symbol == 16 ? 2 : symbol == 17 ? 3 : 7 }

        init(_ counts: Counts) {
            let literalLengths = PackHuffman.lengths(counts.literals, limit: 15)
            let distanceLengths = PackHuffman.lengths(counts.distances, limit: 15)
            literalCodes = PackHuffman.codes(literalLengths)
            distanceCodes = PackHuffman.codes(distanceLengths)
            literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
            distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
            runs = PackHuffman.runs(Array(literalLengths[..<literalCount]) + Array(distanceLengths[..<distanceCount]))
            var runCounts = [Int](repeating: 0, count: 19)
            for run in runs { runCounts[run.symbol] += 1 }
            let runLengths = PackHuffman.lengths(runCounts, limit: 7)
            self.runLengths = runLengths
            runCodes = PackHuffman.codes(runLengths)
            runLengthCount = max(4, (Self.runOrder.lastIndex { runLengths[$0] > 0 } ?? 0) + 1)
            var bits = 5 + 5 + 4 + 3 * runLengthCount
            for run in runs { bits += runLengths[run.symbol] + Self.runExtra(run.symbol) }
            self.bits = bits + counts.bits(literals: literalLengths, distances: distanceLengths)
        }

        /// The head after BFINAL and BTYPE: the counts, the code lengths' code, the code lengths.
        func writeHeader(_ out: inout BitWriter) {
            out.write(UInt32(literalCount - 257), bits: 5)
            out.write(UInt32(distanceCount - 1), bits: 5)
            out.write(UInt32(runLengthCount - 4), bits: 4)
            for symbol in Self.runOrder.prefix(runLengthCount) { out.write(UInt32(runLengths[symbol]), bits: 3) }
            for run in runs {
                out.write(runCodes[run.symbol])
                out.write(UInt32(run.extra), bits: UInt32(Self.runExtra(run.symbol)))
            }
        }
    }

    /// Huffman code lengths for `counts` of at most `limit` bits. Symbols that never occur get
    /// none; a code has at least two symbols (one alone would be an incomplete code, which some
    /// decoders refuse), the lowest unused ones added with a count of one. The two least counts
    /// are joined first, a symbol's before a join's of the same count and, among symbols, the
    /// lower first. While a length passes the limit, every count is halved (rounding up) and the
    /// code made again.
    static func lengths(_ counts: [Int], limit: Int) -> [Int] {
        var counts = counts, used = 0
        for count in counts where count > 0 { used += 1 }
        for symbol in counts.indices where used < 2 && counts[symbol] == 0 {
            counts[symbol] = 1
            used += 1
        }
        while true {
            let lengths = huffman(counts)
            if lengths.max() ?? 0 <= limit { return lengths }
            counts = counts.map { ($0 + 1) / 2 }
        }
    }

    /// Unlimited Huffman code lengths, by two queues: the symbols by count (then by symbol), and
    /// the joins in the order they were made, whose counts never fall.
    private static func huffman(_ counts: [Int]) -> [Int] {
        // By count, then symbol: one number each, sorted without a comparison closure.
        let symbols = counts.indices.compactMap { counts[$0] > 0 ? counts[$0] << 16 | $0 : nil }.sorted().map { $0 & 0xffff }
        var weight = symbols.map { counts[$0] }, parent = [Int](repeating: -1, count: symbols.count)
        var leaf = 0, join = symbols.count
        func smallest() -> Int {
            let takeLeaf = leaf < symbols.count && (join >= weight.count || weight[leaf] <= weight[join])
            defer { if takeLeaf { leaf += 1 } else { join += 1 } }
            return takeLeaf ? leaf : join
        }
        for _ in 1..<symbols.count {
            let (a, b) = (smallest(), smallest())
            weight.append(weight[a] + weight[b])
            parent.append(-1)
            parent[a] = weight.count - 1
            parent[b] = weight.count - 1
        }
        // Each join is made after its children, so its depth is known before theirs.
        var depth = [Int](repeating: 0, count: weight.count)
        for node in stride(from: weight.count - 2, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        var lengths = [Int](repeating: 0, count: counts.count)
        for (node, symbol) in symbols.enumerated() { lengths[symbol] = depth[node] }
        return lengths
    }

    /// The canonical codes of `lengths` (RFC 1951, 3.2.2), each reversed, as DEFLATE sends a
    /// code's first bit first, with its length in the top byte: as `BitWriter.write` takes it.
    static func codes(_ lengths: [Int]) -> [UInt32] {
        let longest = lengths.max() ?? 0
        var perLength = [Int](repeating: 0, count: longest + 1)
        for length in lengths where length > 0 { perLength[length] += 1 }
        var next = [Int](repeating: 0, count: longest + 2), code = 0
        for length in stride(from: 1, through: max(1, longest), by: 1) {
            code = (code + (length > 1 ? perLength[length - 1] : 0)) << 1
            if length <= longest { next[length] = code }
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            defer { next[length] += 1 }
            return UInt32(reversed(next[length], length)) | UInt32(length) << 24
        }
    }

    /// The code lengths as the head gives them: a length; 16, the last length again 3 to 6 times;
    /// 17, 3 to 10 zeros; 18, 11 to 138 zeros. Runs are taken as long as they go, longest first.
    static func runs(_ lengths: [Int]) -> [(symbol: Int, extra: Int)] {
        var runs: [(symbol: Int, extra: Int)] = [], at = 0
        runs.reserveCapacity(lengths.count)
        while at < lengths.count {
            let value = lengths[at]
            var run = 1
            while at + run < lengths.count, lengths[at + run] == value { run += 1 }
            at += run
            if value == 0 {
                while run >= 11 {
                    let taken = min(run, 138)
                    runs.append((18, taken - 11))
                    run -= taken
                }
                if run >= 3 {
                    runs.append((17, run - 3))
                    run = 0
                }
            } else {
                runs.append((value, 0))
                run -= 1
                while run >= 3 {
                    let taken = min(run, 6)
                    runs.append((16, taken - 3))
                    run -= taken
                }
            }
            for _ in 0..<run { runs.append((value, 0)) }
        }
        return runs
    }

    /// The low `length` bits of `value` (at most 16) in the opposite order.
    static func reversed(_ value: Int, _ length: Int) -> Int {
        var bits = UInt32(truncatingIfNeeded: value)
        bits = (bits >> 1 & 0x5555_5555) | (bits & 0x5555_5555) << 1
        bits = (bits >> 2 & 0x3333_3333) | (bits & 0x3333_3333) << 2
        bits = (bits >> 4 & 0x0f0f_0f0f) | (bits & 0x0f0f_0f0f) << 4
        bits = (bits >> 8 & 0x00ff_00ff) | (bits & 0x00ff_00ff) << 8
        bits = bits >> 16 | bits << 16
        return length == 0 ? 0 : Int(bits >> (32 - UInt32(length)))
    }
}
