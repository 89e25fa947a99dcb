/// The entries of a journal as the search index sees them: each entry's terms with their weighted
/// counts, under one shared table of terms. Documents are found by a key that changes whenever
/// what the entry says changes (the content hash of its file), so the set can be kept between
/// builds and an edit tokenizes one entry again, not the whole journal.
struct SearchDocuments: Sendable {
    struct Document: Sendable, Equatable {
        /// Term numbers, each once, and their weighted occurrences, in the order first met.
        var terms: [Int32]
        var frequencies: [Int32]
        /// Terms in the title and body.
        var length: Int
        /// Term numbers of the filter terms (`#tag`, `@place`, `!rating`, `~writer`).
        var filters: [Int32]
    }

    /// Every term, by number. Terms `0..<sortedCount` are in index order (`SearchTokenizer.precedes`).
    private(set) var terms: [String] = []
    private(set) var sortedCount = 0
    /// The numbers of the terms after `sortedCount`; those before are found by binary search, so
    /// adding one entry's terms to a large table does not first build a table of all of them.
    private var addedNumbers: [String: Int32] = [:]
    private(set) var documents: [[UInt8]: Document] = [:]

    init() {}

    /// A set read back from a cache: `terms` must be in index order.
    init(sortedTerms: [String], documents: [[UInt8]: Document]) {
        terms = sortedTerms
        sortedCount = sortedTerms.count
        self.documents = documents
    }

    subscript(key: [UInt8]) -> Document? { documents[key] }

    /// Adds terms read back from a log of changes, numbered from `terms.count` on, unsorted.
    mutating func appendTerms(_ added: [String]) {
        for (offset, term) in added.enumerated() { addedNumbers[term] = Int32(terms.count + offset) }
        terms += added
    }

    /// Sets or removes the document of `key`, as read back from a log of changes.
    mutating func set(_ document: Document?, for key: [UInt8]) {
        documents[key] = document
    }

    /// Tokenizes the entries whose key has no document yet, in parallel.
    /// - Parameter writers: the writers' display names, by key (`by:` reads both).
    mutating func add(_ entries: [(key: [UInt8], entry: Entry)], writers: [String: String] = [:], jobs: Int) async throws {
        let missing = entries.filter { documents[$0.key] == nil }
        guard !missing.isEmpty else { return }
        // Runs of entries, not single ones, so each task keeps one tokenizer and term counter;
        // each run's terms are numbered by its own counter and renumbered into the table here.
        let runSize = max(64, missing.count / max(1, jobs * 4) + 1)
        let runs = stride(from: 0, to: missing.count, by: runSize).map { missing[$0..<min($0 + runSize, missing.count)] }
        let tokenized = try await parallelMap(runs, jobs: jobs, chunksPerJob: 1) { run in
            var tokenizer = SearchTokenizer()
            var counter = SearchTermCounter()
            let documents = run.map { item -> (key: [UInt8], document: Document) in
                let document = SearchDocument(item.entry, writerName: item.entry.writer.flatMap { writers[$0] },
                                              tokenizer: &tokenizer, counter: &counter)
                let filters = document.filters.map { Int32(counter.number(of: $0)) }
                return (item.key, Document(terms: document.frequencies.map { Int32($0.term) },
                                           frequencies: document.frequencies.map { Int32($0.frequency) },
                                           length: document.length, filters: filters))
            }
            return (documents: documents, terms: counter.terms)
        }
        for run in tokenized {
            let global = run.terms.map { number(of: $0) }
            for (key, local) in run.documents {
                var document = local
                document.terms = local.terms.map { global[Int($0)] }
                document.filters = local.filters.map { global[Int($0)] }
                documents[key] = document
            }
        }
    }

    /// Only the documents of `keys`, with every term in index order: what is worth keeping for the
    /// next build. Terms no kept document uses are dropped when new terms have to be sorted in
    /// anyway (every number changes then); until then they cost a few bytes each.
    func keeping(_ keys: some Sequence<[UInt8]>) -> SearchDocuments {
        var kept: [[UInt8]: Document] = [:]
        for key in keys { kept[key] = documents[key] }
        guard sortedCount < terms.count else { return SearchDocuments(sortedTerms: terms, documents: kept) }
        var used = [Bool](repeating: false, count: terms.count)
        for document in kept.values {
            for term in document.terms { used[Int(term)] = true }
            for term in document.filters { used[Int(term)] = true }
        }
        let order = sortedTerms().filter { used[Int($0)] }
        var renumbered = [Int32](repeating: -1, count: terms.count)
        for (position, term) in order.enumerated() { renumbered[Int(term)] = Int32(position) }
        for (key, document) in kept {
            kept[key]!.terms = document.terms.map { renumbered[Int($0)] }
            kept[key]!.filters = document.filters.map { renumbered[Int($0)] }
        }
        return SearchDocuments(sortedTerms: order.map { terms[Int($0)] }, documents: kept)
    }

    /// Every term number in index order. Terms already sorted stay in place; only those added
    /// since are sorted and merged in.
    func sortedTerms() -> [Int32] {
        let added = (sortedCount..<terms.count).map(Int32.init).sorted { SearchTokenizer.precedes(terms[Int($0)], terms[Int($1)]) }
        guard !added.isEmpty else { return (0..<sortedCount).map(Int32.init) }
        var merged: [Int32] = []
        merged.reserveCapacity(terms.count)
        var old: Int32 = 0
        for term in added {
            while old < sortedCount && SearchTokenizer.precedes(terms[Int(old)], terms[Int(term)]) {
                merged.append(old)
                old += 1
            }
            merged.append(term)
        }
        while old < sortedCount { merged.append(old); old += 1 }
        return merged
    }

    private mutating func number(of term: String) -> Int32 {
        var low = 0, high = sortedCount
        while low < high {
            let middle = (low + high) / 2
            if SearchTokenizer.precedes(terms[middle], term) { low = middle + 1 } else { high = middle }
        }
        if low < sortedCount && terms[low] == term { return Int32(low) }
        if let number = addedNumbers[term] { return number }
        let number = Int32(terms.count)
        terms.append(term)
        addedNumbers[term] = number
        return number
    }
}
