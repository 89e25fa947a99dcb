/// The known words nearest a misspelt one, for "did you mean" hints.
enum Spelling {
    /// The words within a third of `word`'s length (at least 2) edits of it, nearest first.
    static func nearest(_ word: String, among known: [String]) -> [String] {
        let limit = max(2, word.count / 3)
        let scored = known.map { ($0, distance(word.lowercased(), $0.lowercased())) }.filter { $0.1 <= limit }
        guard let best = scored.map(\.1).min() else { return [] }
        return scored.filter { $0.1 == best }.map(\.0)
    }

    /// Levenshtein distance over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for i in a.indices {
            var previous = row[0]
            row[0] = i + 1
            for j in b.indices {
                let substitution = previous + (a[i] == b[j] ? 0 : 1)
                previous = row[j + 1]
                row[j + 1] = min(substitution, row[j] + 1, row[j + 1] + 1)
            }
        }
        return row[b.count]
    }
}
