/// One entry as the search index sees it: how often each term occurs, weighted by where, and the
/// filter terms of its tags, place, rating and writer.
struct SearchDocument: Sendable {
    /// Weight of an occurrence in the title, and in a tag or the place name, against 1 in the body.
    static let titleWeight = 3
    static let tagWeight = 2

    /// (term number in the task's counter, weighted occurrences).
    var frequencies: [(term: Int, frequency: Int)]
    /// Number of terms in the title and body.
    var length: Int
    /// `#road-trip` for each tag, `@new` and `@york` for a place named New York, `!4` for a rating,
    /// `~anna` for a writer, `%travel` for the journal.
    var filters: [String]

    /// - Parameter writerName: the display name of the entry's writer, for `by:` with a name.
    init(_ entry: Entry, writerName: String? = nil, tokenizer: inout SearchTokenizer, counter: inout SearchTermCounter) {
        var length = 0
        if let title = entry.title {
            tokenizer.terms(title) { counter.add($0, weight: Self.titleWeight); length += 1 }
        }
        tokenizer.terms(entry.plainText) { counter.add($0, weight: 1); length += 1 }
        var filters: [String] = []
        for tag in entry.tags {
            tokenizer.terms(tag) { counter.add($0, weight: Self.tagWeight) }
            if let key = Self.tagKey(tag, tokenizer: &tokenizer) { filters.append(key) }
        }
        if let name = entry.place?.name {
            tokenizer.terms(name) { counter.add($0, weight: Self.tagWeight) }
            filters += tokenizer.words(name).map { "@" + $0 }
        }
        if let rating = entry.rating { filters.append("!\(rating)") }
        if let writer = entry.writer { filters += Self.writerKeys(writer, name: writerName, tokenizer: &tokenizer) }
        // `journal:travel`: the entry's journal, part of its document's key (`SearchPlan`).
        if !entry.journal.isEmpty { filters.append("%" + entry.journal) }
        frequencies = counter.take()
        self.length = length
        // Two tags of an entry can fold to one key (`Road trip`, `road-trip`).
        var seen = Set<String>()
        self.filters = filters.filter { seen.insert($0).inserted }
    }

    /// `~anna` for the writer's key and `~anna-lindqvist` for its name: what `by:` looks up.
    static func writerKeys(_ key: String, name: String?, tokenizer: inout SearchTokenizer) -> [String] {
        // Folded as the query's words are (`search.js`), so `by:Anna` finds `anna`.
        let keyed = tokenizer.words(key).joined(separator: "-")
        let named = name.map { tokenizer.words($0).joined(separator: "-") } ?? ""
        return ["~" + (keyed.isEmpty ? key : keyed)] + (named.isEmpty || named == keyed ? [] : ["~" + named])
    }

    /// `#` and the tag's words joined by `-`: `Road trip` and `road-trip` are `#road-trip`.
    /// Nil for a tag with no letters or digits (an emoji), which no query can name.
    static func tagKey(_ tag: String, tokenizer: inout SearchTokenizer) -> String? {
        let words = tokenizer.words(tag)
        return words.isEmpty ? nil : "#" + words.joined(separator: "-")
    }
}
