/// The term dictionary cut into shards, Pagefind's way: terms sorted, then cut into consecutive
/// ranges of about `targetBytes` each, so a query loads only the shards its words fall in.
/// A term is never split, so a very common word may make a shard alone, larger than the target.
struct SearchShards: Sendable {
    struct Shard: Sendable, Equatable {
        var terms: [String]
        /// Each term's posting list, encoded by `SearchCode.postings`.
        var postings: [String]
    }

    static let defaultTargetBytes = 8 * 1024

    var shards: [Shard]
    /// The lowest term of each shard's range: `""` for the first, then the shortest start of its
    /// first term that sorts after the previous shard's last term (`walk` after `wal`), which is
    /// enough for the script to find the shard of any term, at a few bytes a shard.
    var bounds: [String]

    /// - Parameter postings: term -> encoded posting list.
    init(_ postings: [String: String], targetBytes: Int = defaultTargetBytes) {
        let terms = postings.keys.sorted(by: SearchTokenizer.precedes)
        self.init(terms: terms, postings: terms.map { postings[$0]! }, targetBytes: targetBytes)
    }

    /// - Parameters:
    ///   - terms: in index order (`SearchTokenizer.precedes`).
    ///   - postings: each term's encoded posting list.
    init(terms: [String], postings: [String], targetBytes: Int = defaultTargetBytes) {
        var shards: [Shard] = []
        var current = Shard(terms: [], postings: [])
        var size = 0
        for (term, list) in zip(terms, postings) {
            // Quotes and commas of the two strings in the shard's JSON.
            let cost = term.utf8.count + list.utf8.count + 6
            if size > 0 && size + cost > targetBytes {
                shards.append(current)
                current = Shard(terms: [], postings: [])
                size = 0
            }
            current.terms.append(term)
            current.postings.append(list)
            size += cost
        }
        if !current.terms.isEmpty { shards.append(current) }
        self.shards = shards
        var bounds: [String] = []
        for index in shards.indices {
            bounds.append(index == 0 ? "" : Self.separator(after: shards[index - 1].terms.last!, upTo: shards[index].terms[0]))
        }
        self.bounds = bounds
    }

    /// The shortest start of `next` (whole characters) that sorts after `last`; `last` < `next`.
    static func separator(after last: String, upTo next: String) -> String {
        var prefix = String.UnicodeScalarView()
        for scalar in next.unicodeScalars {
            prefix.append(scalar)
            let candidate = String(prefix)
            if SearchTokenizer.precedes(last, candidate) { return candidate }
        }
        return next
    }

    /// The shard that would hold `term`: the last whose bound is not above it.
    func shard(for term: String) -> Int {
        var low = 0, high = bounds.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if SearchTokenizer.precedes(term, bounds[middle]) { high = middle - 1 } else { low = middle }
        }
        return low
    }

    func write(_ shard: Shard, to json: inout JSONWriter) {
        json.object { object in
            object.field("terms") { $0.stringArray(shard.terms) }
            object.field("postings") { $0.array(shard.postings) { $0.plainString($1) } }
        }
    }
}
