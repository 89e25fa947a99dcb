import Foundation
import Synchronization
import Testing
@testable import Daybook

/// The index files: numbers, shards, ranking weights, records, and their stability.
@Suite struct SearchIndexTests {
    static let entries = [
        ("entries/2024/05/2024-05-01-ferry.md", """
            ---
            title: Ferry to the island
            date: 2024-05-01 08:30
            rating: 4
            location: { name: Naoshima, lat: 34.46, lon: 133.99 }
            tags: [travel, Road trip]
            ---
            The morning ferry from Uno, and a café by the pier.
            """),
        ("entries/2024/04/2024-04-30.md", "---\ndate: 2024-04-30\n---\n서울의 밤. 🌙 Quiet ferry dreams.\n"),
        ("entries/2023/12/2023-12-31-last.md", "---\ntitle: Last day\ndate: 2023-12-31\nrating: 2\n---\nSnow.\n"),
    ]

    static func view(_ sources: [(String, String)] = entries) -> JournalView {
        var settings = Settings()
        settings.locale = "en_GB"
        let loaded = sources.compactMap { loadEntry($0.1, path: $0.0).0 }
        return JournalView(journal: JournalAssembler.assemble(loaded, settings: settings).0)
    }

    static func json(_ file: OutputFile) throws -> Any {
        let decoded = try #require(ScriptWrappedJSON().decode(file.bytes))
        return try JSONSerialization.jsonObject(with: Data(decoded.json))
    }

    static func files(_ index: SearchIndex) -> [String: OutputFile] {
        Dictionary(uniqueKeysWithValues: index.files.map { ($0.path, $0) })
    }

    @Test func writesMetaDaysShardsAndOneRecordPerEntry() async throws {
        let index = try await SearchIndex.build(Self.view())
        #expect(index.files.map(\.path).sorted() == [
            "search/days.js", "search/meta.js", "search/r/0.js", "search/r/1.js", "search/t/0.js",
        ])
        let meta = try #require(try Self.json(Self.files(index)["search/meta.js"]!) as? [String: Any])
        #expect(meta["version"] as? Int == 1)
        #expect(meta["entries"] as? Int == 3)
        #expect(meta["records_per_file"] as? Int == 2)
        #expect(meta["shards"] as? [String] == [""])
        #expect((meta["stamp"] as? String)?.count == 10)
        // Oldest first: December 2023 (index 24287), four months on April 2024, then May.
        #expect(SearchCode.decode(meta["months"] as! String) == [2023 * 12 + 11, 0, 1, 4, 1, 1, 1])
        let days = try #require(try Self.json(Self.files(index)["search/days.js"]!) as? [String: String])
        #expect(SearchCode.decode(days["days"]!) == [31, 30, 1])
    }

    @Test func numbersEntriesOldestFirstInRecords() async throws {
        let index = try await SearchIndex.build(Self.view())
        let oldest = try #require(try Self.json(Self.files(index)["search/r/0.js"]!) as? [[String: Any]])
        #expect(oldest.map { $0["title"] as? String } == ["Last day", "Tuesday, 30 April 2024"])
        #expect(oldest.map { $0["has_title"] as? Bool } == [true, false])
        let record = Self.files(index)["search/r/1.js"]!
        #expect(String(decoding: record.bytes, as: UTF8.self) == """
            daybook.receive("r/1",[{"url":"2024/05/01/ferry-to-the-island/index.html","title":"Ferry to the island",\
            "has_title":true,"date":"1 May 2024","weekday":"Wednesday","datetime":"2024-05-01T08:30:00+00:00",\
            "place":"Naoshima","rating":4,"tags":["travel","Road trip"],\
            "text":"The morning ferry from Uno, and a café by the pier."}]);

            """)
    }

    @Test func postsWordsTagsPlacesAndRatingsWithTheirEntries() async throws {
        let index = try await SearchIndex.build(Self.view())
        let shard = try #require(try Self.json(Self.files(index)["search/t/0.js"]!) as? [String: [String]])
        let terms = shard["terms"]!
        #expect(terms == terms.sorted { SearchTokenizer.precedes($0, $1) })
        func entries(_ term: String) -> [Int]? {
            terms.firstIndex(of: term).flatMap { SearchCode.decodePostings(shard["postings"]![$0]) }?.map(\.entry)
        }
        #expect(entries("ferry") == [1, 2])
        #expect(entries("cafe") == [2])
        #expect(entries("서울") == [1])
        #expect(entries("#travel") == [2])
        #expect(entries("#road-trip") == [2])
        #expect(entries("@naoshima") == [2])
        #expect(entries("!4") == [2])
        #expect(entries("!2") == [0])
        #expect(entries("naoshima") == [2])
        #expect(entries("🌙") == nil)
    }

    @Test func theTitleWeighsMoreThanTheBody() async throws {
        var documents = SearchDocuments()
        let oldestFirst = Array(Self.view().journal.entries.reversed())
        try await documents.add(oldestFirst.enumerated().map { ([UInt8($0.offset)], $0.element) }, jobs: 2)
        let lists = try await SearchIndex.postings(oldestFirst.indices.map { documents[[UInt8($0)]]! }, in: documents, jobs: 2)
        let ferry = try #require(SearchCode.decodePostings(lists.lists[lists.terms.firstIndex(of: "ferry")!]))
        // Entry 2 has "ferry" in its title and body, entry 1 once in its body.
        #expect(ferry.map(\.entry) == [1, 2])
        #expect(ferry[1].impact > ferry[0].impact)
    }

    @Test func postingListsAreTheSameHoweverTheEntriesAreSplitIntoRuns() async throws {
        var documents = SearchDocuments()
        let oldestFirst = Array(Self.view().journal.entries.reversed())
        try await documents.add(oldestFirst.enumerated().map { ([UInt8($0.offset)], $0.element) }, jobs: 2)
        let table = oldestFirst.indices.map { documents[[UInt8($0)]]! }
        let whole = try await SearchIndex.postings(table, in: documents, jobs: 1)
        for jobs in [2, 3, oldestFirst.count] {
            let split = try await SearchIndex.postings(table, in: documents, jobs: jobs, runSize: 1)
            #expect(split.terms == whole.terms && split.lists == whole.lists, "\(jobs) runs")
        }
        #expect(whole.lists.contains { (SearchCode.decodePostings($0)?.count ?? 0) > 1 }, "some term is in several entries")
    }

    @Test func theSameJournalGivesTheSameBytesWhateverTheParallelism() async throws {
        let one = try await SearchIndex.build(Self.view(), targetShardBytes: 64, jobs: 1)
        let many = try await SearchIndex.build(Self.view(), targetShardBytes: 64, jobs: 8)
        #expect(one.files == many.files)
        #expect(one.files.filter { $0.path.hasPrefix("search/t/") }.count > 2)
    }

    @Test func aNewerEntryLeavesTheOlderRecordsAsTheyWere() async throws {
        let before = Self.files(try await SearchIndex.build(Self.view()))
        let newer = ("entries/2024/06/2024-06-02.md", "---\ndate: 2024-06-02\n---\nStrawberries.\n")
        let after = Self.files(try await SearchIndex.build(Self.view(Self.entries + [newer])))
        // Records go two to a file: the oldest two are untouched, the newest file gains the new entry.
        #expect(before["search/r/0.js"] == after["search/r/0.js"])
        #expect(before["search/r/1.js"] != after["search/r/1.js"])
        #expect(after["search/r/2.js"] == nil)
        #expect(before["search/meta.js"] != after["search/meta.js"])
    }

    /// An incremental build reuses the documents of an earlier build, whose term table holds
    /// terms no entry has any more and numbers them its own way: the index must not show it.
    @Test func documentsKeptFromAnEarlierJournalGiveTheSameIndex() async throws {
        let older = Self.view(Self.entries + [("entries/2022/01/zebra.md", "---\ndate: 2022-01-02\n---\nA zebra crossing.\n")])
        func keys(_ view: JournalView) -> [[UInt8]] { view.journal.entries.map { Array($0.sourcePath.utf8) } }
        var documents = SearchDocuments()
        _ = try await SearchIndex.build(older, documents: &documents, keys: keys(older))
        #expect(documents.terms.contains("zebra"))
        let view = Self.view()
        var kept = documents.keeping(keys(view))
        #expect(!kept.terms.contains("zebra") && kept.documents.count == 3)
        let reused = try await SearchIndex.build(view, documents: &kept, keys: keys(view))
        #expect(reused.files == (try await SearchIndex.build(view)).files)
        // And with a new term sorted in among the kept ones.
        let newer = Self.view(Self.entries + [("entries/2024/06/aa.md", "---\ndate: 2024-06-01\n---\nAardvark.\n")])
        let grown = try await SearchIndex.build(newer, documents: &kept, keys: keys(newer))
        #expect(grown.files == (try await SearchIndex.build(newer)).files)
    }

    @Test func makesOnlyTheRecordFilesAsked() async throws {
        var documents = SearchDocuments()
        let view = Self.view()
        let keys = view.journal.entries.map { Array($0.sourcePath.utf8) }
        let index = try await SearchIndex.build(view, documents: &documents, keys: keys, records: [1], recordKeys: [[7], [8]], stamp: "0123456789")
        #expect(index.files.filter { $0.path.hasPrefix("search/r/") }.map(\.path) == ["search/r/1.js"])
        #expect(index.files.first { $0.path == "search/r/1.js" }?.key == [8])
        #expect(index.paths.sorted() == ["search/days.js", "search/meta.js", "search/r/0.js", "search/r/1.js", "search/t/0.js"])
        #expect(String(decoding: index.files[0].bytes, as: UTF8.self).contains("\"stamp\":\"0123456789\""))
    }

    @Test func emitsRecordFilesAsTheyAreMade() async throws {
        let view = Self.view()
        let keys = view.journal.entries.map { Array($0.sourcePath.utf8) }
        var documents = SearchDocuments()
        let whole = try await SearchIndex.build(view, documents: &documents, keys: keys, stamp: "0123456789")
        let emitted = Mutex<[OutputFile]>([])
        let streamed = try await SearchIndex.build(view, documents: &documents, keys: keys, stamp: "0123456789",
                                                   emit: { files in emitted.withLock { $0 += files } })
        #expect(streamed.files.allSatisfy { !$0.path.hasPrefix("search/r/") })
        #expect(Set(streamed.paths) == Set(whole.paths))
        #expect(Set(streamed.files + emitted.withLock { $0 }) == Set(whole.files))
    }

    @Test func recordsGoAsManyToAFileAsAsked() async throws {
        let files = Self.files(try await SearchIndex.build(Self.view(), recordsPerFile: 1))
        for path in ["search/r/0.js", "search/r/1.js", "search/r/2.js"] {
            #expect(try (Self.json(files[path]!) as? [Any])?.count == 1)
        }
        let meta = try #require(try Self.json(files["search/meta.js"]!) as? [String: Any])
        #expect(meta["records_per_file"] as? Int == 1)
    }
}

/// Cutting the sorted terms into shards, and finding a term's shard again.
@Suite struct SearchShardTests {
    static let postings: [String: String] = {
        var lists: [String: String] = [:]
        for word in ["a", "walk", "walked", "walking", "wall", "zebra", "서울", "\u{1F600}x", "\u{FF5E}", "the", "then", "there"] {
            lists[word] = SearchCode.postings((0..<20).map { Posting(entry: $0 * 3, impact: 1 + $0 % 8) })
        }
        lists["common"] = SearchCode.postings((0..<2000).map { Posting(entry: $0, impact: 8) })
        return lists
    }()

    @Test func everyTermIsInExactlyOneShardInOrderAndFoundThere() {
        let shards = SearchShards(Self.postings, targetBytes: 80)
        let all = shards.shards.flatMap(\.terms)
        #expect(all == Self.postings.keys.sorted { SearchTokenizer.precedes($0, $1) })
        #expect(shards.bounds.first == "")
        for (number, shard) in shards.shards.enumerated() {
            for term in shard.terms { #expect(shards.shard(for: term) == number, "\(term)") }
            if number > 0 {
                #expect(!SearchTokenizer.precedes(shard.terms[0], shards.bounds[number]))
                #expect(SearchTokenizer.precedes(shards.shards[number - 1].terms.last!, shards.bounds[number]))
            }
        }
    }

    @Test func aTermLargerThanTheTargetMakesAShardAlone() {
        let shards = SearchShards(Self.postings, targetBytes: 80)
        let common = try! #require(shards.shards.first { $0.terms.contains("common") })
        #expect(common.terms == ["common"])
        // Consecutive entries cost one digit each, whatever their impact.
        #expect(common.postings[0].utf8.count == 2000)
    }

    @Test(arguments: [("wal", "walk", "walk"), ("apple", "banana", "b"), ("walked", "walking", "walki"), ("the", "then", "then")])
    func boundsAreTheShortestStartThatSortsAfter(last: String, next: String, expected: String) {
        #expect(SearchShards.separator(after: last, upTo: next) == expected)
    }

    @Test func numbersAndPostingsRoundTrip() {
        let values = [0, 1, 31, 32, 1023, 1024, 123_456_789]
        #expect(SearchCode.decode(SearchCode.encode(values)) == values)
        #expect(SearchCode.encode([0, 31, 32]) == "A" + "f" + "gB")
        #expect(SearchCode.decode("g") == nil)
        #expect(SearchCode.decode("A*") == nil)
        let list = [Posting(entry: 0, impact: 1), Posting(entry: 1, impact: 8), Posting(entry: 900, impact: 3)]
        #expect(SearchCode.decodePostings(SearchCode.postings(list)) == list)
    }

    @Test func impactsRewardRepeatsAndShortEntries() {
        let average = 100.0
        #expect(SearchCode.impact(frequency: 1, length: 100, averageLength: average) == 4)
        #expect(SearchCode.impact(frequency: 3, length: 100, averageLength: average) > SearchCode.impact(frequency: 1, length: 100, averageLength: average))
        #expect(SearchCode.impact(frequency: 1, length: 20, averageLength: average) > SearchCode.impact(frequency: 1, length: 1000, averageLength: average))
        #expect(SearchCode.impact(frequency: 50, length: 10, averageLength: average) == 8)
        #expect(SearchCode.impact(frequency: 1, length: 100_000, averageLength: average) == 1)
    }

    @Test func indexFilesRoundTripThroughTheirStorage() throws {
        let storage = ScriptWrappedJSON()
        let bytes = storage.encode(name: "t/3", json: Array(#"{"a":"\"x"}"#.utf8))
        #expect(String(decoding: bytes, as: UTF8.self) == "daybook.receive(\"t/3\",{\"a\":\"\\\"x\"});\n")
        let decoded = try #require(storage.decode(bytes))
        #expect(decoded.name == "t/3")
        #expect(decoded.json == Array(#"{"a":"\"x"}"#.utf8))
        #expect(storage.decode(Array("{}".utf8)) == nil)
        #expect(storage.fileName("r/12") == "r/12.js")
    }
}

/// The index's JSON, byte for byte.
@Suite struct JSONWriterTests {
    @Test func escapesOnlyWhatJSONAndScriptsNeed() {
        var json = JSONWriter()
        json.object { object in
            object.field("text") { $0.string("Say \"hi\"\\ now\nthen\ttab \u{2028}x\u{2029} café 🌙 </script>") }
            object.field("list") { $0.array([1, 2]) { $0.int($1) } }
            object.field("empty") { $0.stringArray([]) }
            object.field("flag") { $0.bool(false) }
            object.field("none") { $0.null() }
        }
        #expect(String(decoding: json.bytes, as: UTF8.self) ==
                #"{"text":"Say \"hi\"\\ now\nthen\u0009tab \u2028x\u2029 café 🌙 </script>","list":[1,2],"empty":[],"flag":false,"none":null}"#)
        let parsed = try? JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String: Any]
        #expect(parsed?["text"] as? String == "Say \"hi\"\\ now\nthen\ttab \u{2028}x\u{2029} café 🌙 </script>")
    }

    /// Every ASCII character, and characters whose UTF-8 starts as U+2028's does, round-trip;
    /// only quotes, backslashes, controls and the two line separators are escaped.
    @Test func everyASCIICharacterAndTheLineSeparatorsRoundTrip() throws {
        let text = String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }) + "€ – … \u{2028}\u{2029} \u{2027}\u{202A}"
        var json = JSONWriter()
        json.array([text]) { $0.string($1) }
        let written = String(decoding: json.bytes, as: UTF8.self)
        #expect(try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String] == [text])
        #expect(!json.bytes.contains { $0 < 0x20 } && !written.contains("\u{2028}") && !written.contains("\u{2029}"))
        #expect(written.contains("€ – … \\u2028\\u2029 \u{2027}\u{202A}") && written.contains(##"!\"#$"##) && written.contains(#"[\\]"#))
    }

    /// Numbers as Swift prints them, from the smallest to the largest; digests in lowercase
    /// hexadecimal, every byte two digits.
    @Test func writesNumbersAndDigests() {
        let numbers = [0, 7, 9, 10, 99, 100, 65_536, 1_000_000_007, -1, -10, -65_536, Int.max, Int.min]
        var json = JSONWriter()
        json.array(numbers) { $0.int($1) }
        #expect(String(decoding: json.bytes, as: UTF8.self) == "[" + numbers.map(String.init).joined(separator: ",") + "]")
        var digest = JSONWriter()
        digest.array([[], [0x00, 0x0f, 0xa0, 0xff], Array(0...255)] as [[UInt8]]) { $0.hexString($1) }
        #expect(String(decoding: digest.bytes, as: UTF8.self) ==
                "[\"\",\"000fa0ff\",\"\(hexString(0...255))\"]")
    }
}
