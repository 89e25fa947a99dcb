import Crypto
import Foundation

/// The search index of a journal: JSON files under `search/`, a pure function of the journal, so
/// the same journal always gives the same bytes. `docs/search.md` describes the files;
/// `Templates/search.js` reads them.
///
/// Entries are numbered oldest first, so a new entry (usually the newest) changes no other entry's
/// number: an update rewrites only the files whose content changed. Every file but `meta` is
/// requested with the meta's `stamp`, a digest of them all (or, in a build that leaves some files
/// as they were, of everything they are made from), so a browser never mixes two builds.
struct SearchIndex: Sendable {
    static let formatVersion = 1
    /// Site path of the index folder.
    static let folder = "search/"
    /// Entries per record file. Fewer files make a faster build; more records a file make a list
    /// of scattered results download more (bench/README.md, "Building the index").
    static let defaultRecordsPerFile = 2

    /// The files made by this build.
    var files: [OutputFile]
    /// Every file of the index, those made and those left as they were.
    var paths: [String]

    /// The index of a journal from scratch, every file made, its stamp a digest of them all.
    static func build(_ view: JournalView, storage: some SearchIndexStorage = ScriptWrappedJSON(),
                      targetShardBytes: Int = SearchShards.defaultTargetBytes, recordsPerFile: Int = defaultRecordsPerFile,
                      jobs: Int = defaultJobs) async throws -> SearchIndex {
        var documents = SearchDocuments()
        let keys = view.journal.entries.indices.map { Array("\($0)".utf8) }
        return try await build(view, documents: &documents, keys: keys, storage: storage, targetShardBytes: targetShardBytes,
                               recordsPerFile: recordsPerFile, jobs: jobs)
    }

    /// The index of a journal, reusing `documents` from earlier builds and adding what is new.
    /// - Parameters:
    ///   - keys: per entry (journal order), what finds its document: a digest of its file.
    ///   - records: which record files to make, by number; nil for all. A build that skips some
    ///     must pass `stamp`, since it cannot digest files it did not make.
    ///   - recordKeys: what each record file is made from, given to its `OutputFile`.
    ///   - emit: when given, takes the record files a batch at a time as they are made, instead of
    ///     `files`, so a large journal's records (all of its text) are never in memory at once.
    ///     Only with `stamp`.
    static func build(_ view: JournalView, documents: inout SearchDocuments, keys: [[UInt8]], records: Set<Int>? = nil,
                      recordKeys: [[UInt8]]? = nil, stamp givenStamp: String? = nil,
                      emit: (@Sendable ([OutputFile]) throws -> Void)? = nil,
                      storage: some SearchIndexStorage = ScriptWrappedJSON(),
                      targetShardBytes: Int = SearchShards.defaultTargetBytes, recordsPerFile: Int = defaultRecordsPerFile,
                      jobs: Int = defaultJobs) async throws -> SearchIndex {
        precondition((records == nil && emit == nil) || givenStamp != nil, "a partial or emitted index needs a stamp")
        let count = view.journal.entries.count
        // Entry number n is journal index count - 1 - n: the oldest entry is 0.
        let oldestFirst = Array(view.journal.entries.indices.reversed())
        // Only the entries with no document yet are handed over: copying every entry would cost
        // more than tokenizing the one an edit changed.
        var found = oldestFirst.map { documents[keys[$0]] }
        let missing = found.indices.filter { found[$0] == nil }
        if !missing.isEmpty {
            let writers = Dictionary(view.journal.settings.writers.writers.map { ($0.key, $0.name) }, uniquingKeysWith: { a, _ in a })
            try await documents.add(missing.map { (keys[oldestFirst[$0]], view.entry(oldestFirst[$0])) }, writers: writers, jobs: jobs)
            for position in missing { found[position] = documents[keys[oldestFirst[position]]] }
        }
        let postings = try await Self.postings(found.map { $0! }, in: documents, jobs: jobs)
        let shards = SearchShards(terms: postings.terms, postings: postings.lists, targetBytes: targetShardBytes)
        // Each file is stored as soon as its JSON is made, so the JSON is never held twice.
        @Sendable func file(_ name: String, _ json: consuming [UInt8], key: [UInt8]? = nil) -> OutputFile {
            OutputFile(path: folder + storage.fileName(name), bytes: storage.encode(name: name, json: consume json), key: key)
        }
        var files = [file("days", days(oldestFirst.map { view.journal.entries[$0].date.day }))]
        for (index, shard) in shards.shards.enumerated() {
            var json = JSONWriter()
            shards.write(shard, to: &json)
            files.append(file("t/\(index)", json.bytes))
        }
        let groups = recordGroups(count: count, recordsPerFile: recordsPerFile)
        let wanted = groups.indices.filter { records?.contains($0) ?? true }
        let batch = emit == nil ? max(1, wanted.count) : 512
        for start in stride(from: 0, to: wanted.count, by: batch) {
            let made = try await parallelMap(Array(wanted[start..<min(start + batch, wanted.count)]), jobs: jobs) { number in
                var json = JSONWriter()
                json.array(groups[number]) { record(view, entry: count - 1 - $1, to: &$0) }
                return file("r/\(number)", json.take(), key: recordKeys?[number])
            }
            if let emit { try emit(made) } else { files += made }
        }

        var digest = SHA256()
        if givenStamp == nil {
            for file in files {
                digest.update(data: Array(file.path.dropFirst(folder.count).utf8) + [0])
                digest.update(data: file.bytes)
            }
        }
        let stamp = givenStamp ?? hexString(digest.finalize().prefix(5))
        var meta = JSONWriter()
        writeMeta(view, shards: shards, recordsPerFile: recordsPerFile, stamp: stamp, to: &meta)
        files.insert(OutputFile(path: folder + storage.fileName("meta"), bytes: storage.encode(name: "meta", json: meta.bytes)), at: 0)
        var paths = files.map(\.path)
        paths += groups.indices.filter { emit != nil || !(records?.contains($0) ?? true) }.map { recordPath($0, storage: storage) }
        return SearchIndex(files: files, paths: paths)
    }

    /// Where record file `number` goes in the site.
    static func recordPath(_ number: Int, storage: some SearchIndexStorage = ScriptWrappedJSON()) -> String {
        folder + storage.fileName("r/\(number)")
    }

    /// The entries of each record file, by entry number (oldest first).
    static func recordGroups(count: Int, recordsPerFile: Int = defaultRecordsPerFile) -> [Range<Int>] {
        stride(from: 0, to: count, by: recordsPerFile).map { $0..<min($0 + recordsPerFile, count) }
    }

    /// A stamp for an index made from inputs whose digest is `key`.
    static func stamp(for key: [UInt8]) -> String {
        hexString(ContentHash.digest(parts: [Array("search \(formatVersion)".utf8), key]).prefix(5))
    }

    /// The posting lists of `documents` (numbered by position), as (terms in index order, each
    /// term's encoded list). The documents are split into runs, one per job: each run counts its
    /// postings per term and files them, term by term, in an array of its own as their final codes
    /// (entry number and impact), all runs at once; each term's list joins its runs' parts and is
    /// encoded, in parallel. The impacts of small counts are worked out once per entry.
    /// - Parameter runSize: the fewest documents worth a run of their own.
    static func postings(_ documents: [SearchDocuments.Document], in table: SearchDocuments,
                         jobs: Int, runSize: Int = 1024) async throws -> (terms: [String], lists: [String]) {
        let termCount = table.terms.count
        let runCount = max(1, min(jobs, documents.count / max(1, runSize)))
        let runs = (0..<runCount).map { documents.count * $0 / runCount..<documents.count * ($0 + 1) / runCount }
        // counts[run][term]: how many postings the run has for the term.
        let counted = concurrentMap(runs) { run in
            var count = [Int](repeating: 0, count: termCount)
            var length = 0
            count.withUnsafeMutableBufferPointer { count in
                for document in documents[run] {
                    length += document.length
                    for term in document.terms { count[Int(term)] += 1 }
                    for term in document.filters { count[Int(term)] += 1 }
                }
            }
            return (counts: count, length: length)
        }
        let (counts, lengths) = (counted.map(\.counts), counted.map(\.length))
        // Each run files its postings in an array of its own, term by term: runStarts[run][term]
        // is where the term's postings begin in it. A term's list is its runs' parts, in run order.
        let runStarts = counts.map { count in
            var starts = [Int](repeating: 0, count: termCount + 1)
            for term in 0..<termCount { starts[term + 1] = starts[term] + count[term] }
            return starts
        }
        let averageLength = Double(lengths.reduce(0, +)) / Double(max(1, documents.count))
        let filed = concurrentMap(Array(runs.indices)) { run in
            let total = runStarts[run][termCount]
            return [UInt32](unsafeUninitializedCapacity: total) { buffer, initialized in
                var next = Array(runStarts[run].dropLast())
                fill(documents, runs[run], averageLength: averageLength, next: &next, codes: buffer)
                initialized = total
            }
        }
        let order = table.sortedTerms().filter { term in runStarts.contains { $0[Int(term) + 1] > $0[Int(term)] } }
        let lists = try await parallelMap(order, jobs: jobs) { term in
            let term = Int(term)
            if filed.count == 1 { return SearchCode.postings(packed: filed[0][runStarts[0][term]..<runStarts[0][term + 1]]) }
            var packed: [UInt32] = []
            for (codes, starts) in zip(filed, runStarts) { packed += codes[starts[term]..<starts[term + 1]] }
            return SearchCode.postings(packed: packed[...])
        }
        return (order.map { table.terms[Int($0)] }, lists)
    }

    /// Files the postings of the documents in `run` as their codes, each at its term's `next` place.
    private static func fill(_ documents: [SearchDocuments.Document], _ run: Range<Int>, averageLength: Double,
                             next: inout [Int], codes: UnsafeMutableBufferPointer<UInt32>) {
        let smallCounts = 8
        var impacts = [Int](repeating: 1, count: smallCounts + 1)
        next.withUnsafeMutableBufferPointer { next in
            for number in run {
                let document = documents[number]
                let length = document.length
                for count in 1...smallCounts {
                    impacts[count] = SearchCode.impact(frequency: count, length: length, averageLength: averageLength)
                }
                for (term, frequency) in zip(document.terms, document.frequencies) {
                    let count = Int(frequency)
                    let impact = count <= smallCounts ? impacts[count]
                        : SearchCode.impact(frequency: count, length: length, averageLength: averageLength)
                    codes[next[Int(term)]] = SearchCode.posting(entry: number, impact: impact)
                    next[Int(term)] += 1
                }
                // A filter term (`#tag`) only says whether the entry has it.
                for term in document.filters {
                    codes[next[Int(term)]] = SearchCode.posting(entry: number, impact: 1)
                    next[Int(term)] += 1
                }
            }
        }
    }
}
