import Crypto

/// The search index of a journal: JSON files under `search/`, a pure function of the journal, so
/// the same journal always gives the same bytes. `docs/search.md` describes the files;
/// `Templates/search.js` reads them.
///
/// Entries are numbered oldest first, so a new entry (usually the newest) changes no other entry's
/// number: an update rewrites only the files whose content changed. Every file but `meta` is
/// requested with the meta's `stamp`, a digest of them all, so a browser never mixes two builds.
struct SearchIndex: Sendable {
    static let formatVersion = 1
    /// Site path of the index folder.
    static let folder = "search/"
    /// Entries per record file. Fewer files make a faster build; more records a file make a list
    /// of scattered results download more. On 10,000 entries, 2 halves the files for about 20 kB
    /// more per query (bench/README.md).
    static let defaultRecordsPerFile = 2

    var files: [OutputFile]

    static func build(_ view: JournalView, storage: some SearchIndexStorage = ScriptWrappedJSON(),
                      targetShardBytes: Int = SearchShards.defaultTargetBytes, recordsPerFile: Int = defaultRecordsPerFile,
                      jobs: Int = defaultJobs) async throws -> SearchIndex {
        let count = view.journal.entries.count
        // Entry number n is journal index count - 1 - n: the oldest entry is 0.
        let oldestFirst = Array(view.journal.entries.reversed())
        let shards = SearchShards(try await postings(oldestFirst, jobs: jobs), targetBytes: targetShardBytes)
        var named: [(String, [UInt8])] = [("days", days(oldestFirst))]
        for (index, shard) in shards.shards.enumerated() {
            var json = JSONWriter()
            shards.write(shard, to: &json)
            named.append(("t/\(index)", json.bytes))
        }
        let groups = stride(from: 0, to: count, by: recordsPerFile).map { $0..<min($0 + recordsPerFile, count) }
        named += try await parallelMap(groups, jobs: jobs) { group in
            var json = JSONWriter()
            json.array(group) { record(view, entry: count - 1 - $1, to: &$0) }
            return ("r/\(group.lowerBound / recordsPerFile)", json.bytes)
        }

        var digest = SHA256()
        var files: [OutputFile] = []
        for (name, json) in named {
            let bytes = storage.encode(name: name, json: json)
            digest.update(data: Array(name.utf8) + [0])
            digest.update(data: bytes)
            files.append(OutputFile(path: folder + storage.fileName(name), bytes: bytes))
        }
        let stamp = digest.finalize().prefix(5).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        var meta = JSONWriter()
        writeMeta(view, shards: shards, recordsPerFile: recordsPerFile, stamp: stamp, to: &meta)
        files.insert(OutputFile(path: folder + storage.fileName("meta"), bytes: storage.encode(name: "meta", json: meta.bytes)), at: 0)
        return SearchIndex(files: files)
    }

    /// An entry in a posting list before it is encoded.
    struct RawPosting: Sendable {
        var entry: Int32
        /// Weighted occurrences; 0 in the list of a filter term.
        var frequency: Int32
    }

    /// The postings of a run of entries, made by one task.
    struct Partial: Sendable {
        var lists: [String: [RawPosting]] = [:]
        var lengths: [Int] = []
    }

    /// Term -> encoded posting list of `entries` (numbered by position). Tokenizing and encoding
    /// run in parallel; only the merge of each run's lists is sequential.
    static func postings(_ entries: [Entry], jobs: Int) async throws -> [String: String] {
        // Runs of entries, not single ones, so each task keeps one tokenizer and term counter.
        let runs = stride(from: 0, to: entries.count, by: 512).map { $0..<min($0 + 512, entries.count) }
        let partials = try await parallelMap(runs, jobs: jobs, chunksPerJob: 1) { range in
            var tokenizer = SearchTokenizer()
            var counter = SearchTermCounter()
            var lists: [[RawPosting]] = []
            var partial = Partial()
            for entry in range {
                let document = SearchDocument(entries[entry], tokenizer: &tokenizer, counter: &counter)
                partial.lengths.append(document.length)
                for (term, frequency) in document.frequencies {
                    while lists.count <= term { lists.append([]) }
                    lists[term].append(RawPosting(entry: Int32(entry), frequency: Int32(frequency)))
                }
                for filter in document.filters {
                    partial.lists[filter, default: []].append(RawPosting(entry: Int32(entry), frequency: 0))
                }
            }
            for (term, list) in zip(counter.terms, lists) where !list.isEmpty { partial.lists[term] = list }
            return partial
        }
        var lists: [String: [RawPosting]] = [:]
        var lengths: [Int] = []
        for partial in partials {
            lengths += partial.lengths
            for (term, postings) in partial.lists { lists[term, default: []] += postings }
        }
        let averageLength = Double(lengths.reduce(0, +)) / Double(max(1, lengths.count))
        let lengthOf = lengths
        let encoded = try await parallelMap(Array(lists), jobs: jobs) { term, raw in
            let postings = raw.map { posting in
                Posting(entry: Int(posting.entry), impact: posting.frequency == 0 ? 1 :
                            SearchCode.impact(frequency: Int(posting.frequency), length: lengthOf[Int(posting.entry)], averageLength: averageLength))
            }
            return (term, SearchCode.postings(postings))
        }
        return Dictionary(uniqueKeysWithValues: encoded)
    }
}
