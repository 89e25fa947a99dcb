import Foundation
import Testing
@testable import Daybook

/// A build that continues the last one of the same process (`daybook serve`'s rebuilds) from
/// what it left in memory: it must write what a full build writes, and its memory must be what
/// the next build would read back from `.daybook/cache`.
@Suite struct BuildMemoryTests {
    /// Everything a cache holds, in an order that compares.
    static func summary(_ cache: BuildCache?) -> [String]? {
        guard let cache else { return nil }
        let hex: ([UInt8]) -> String = { ContentHash.hex($0) }
        var lines = ["parse \(hex(cache.parseKey)) saved \(cache.savedAt) output \(cache.outputPath) data \(hex(cache.dataKey))",
                     "data paths \(cache.dataPaths)"]
        if let origin = cache.origin { lines.append("origin \(hex(origin.digest)) \(origin.bytes) \(origin.logBytes)") }
        for (path, entry) in cache.entries.sorted(by: { $0.key < $1.key }) {
            let body = entry.body
            lines.append("entry \(path) \(entry.stat.size) \(entry.stat.modified) \(hex(entry.hash)) \(hex(entry.listKey)) "
                         + "\(body.offset) \(body.htmlLength) \(body.textLength) \(hex(body.digest)) \(entry.entry.title ?? "-")")
        }
        for (path, record) in cache.outputs.sorted(by: { $0.key < $1.key }) {
            lines.append("output \(path) \(hex(record.key)) \(record.stat.size) \(record.stat.modified)")
        }
        return lines
    }

    static func summary(_ state: UpToDate?) -> [String]? {
        guard let state else { return nil }
        return ["\(ContentHash.hex(state.fingerprint)) \(state.savedAt) \(state.report.entries) \(state.report.pages)"]
            + state.entries.map { "entry \($0.path) \($0.stat.size) \($0.stat.modified)" }
            + state.outputs.map { "output \($0.path) \($0.stat.size) \($0.stat.modified)" }.sorted()
    }

    @Test func aContinuedBuildMatchesAFullBuildAndItsMemoryMatchesTheDisk() async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        let options = BuildOptions(journal: journal.root)
        var memory = try #require(try await Builder.run(options).memory)
        for (name, change) in IncrementalBuildTests.steps(journal) {
            try change()
            let report = try await Builder.run(options, continuing: memory)
            memory = try #require(report.memory, "\(name)")
            #expect(Self.summary(memory.cache) == Self.summary(BuildCache.load(journal: journal.root)), "\(name): the cache")
            #expect(Self.summary(memory.state) == Self.summary(UpToDate.load(journal: journal.root)), "\(name): the state")
            try await IncrementalBuildTests.expectSameAsFullBuild(journal, name)
        }
    }

    /// With the cache files gone from disk, a continued build still updates only what changed,
    /// which it can know only from its memory; a build that does not continue starts afresh.
    @Test func aContinuedBuildReadsNothingBack() async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        let options = BuildOptions(journal: journal.root)
        var memory = try #require(try await Builder.run(options).memory)
        for round in 1...3 {
            try FileManager.default.removeItem(at: journal.root.appendingPathComponent(".daybook/cache"))
            try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day 2\ndate: 2024-03-02 09:00\n---\nRound \(round).\n")
            let report = try await Builder.run(options, continuing: memory)
            #expect(report.stages.contains { $0.name.hasPrefix("render ") && $0.name.hasSuffix(" pages") && $0.name.contains(" of ") },
                    "round \(round): \(report.stages.map(\.name))")
            memory = try #require(report.memory)
            try await IncrementalBuildTests.expectSameAsFullBuild(journal, "round \(round)")
        }
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent(".daybook/cache"))
        try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day 2\ndate: 2024-03-02 09:00\n---\nAfresh.\n")
        let afresh = try await Builder.run(options)
        #expect(afresh.stages.contains { $0.name == "render and write" }, "\(afresh.stages.map(\.name))")
    }

    /// Memory of one output is not used for another, nor for a build that writes nothing.
    @Test func memoryFitsOnlyItsJournalAndOutput() async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        let memory = try #require(try await Builder.run(BuildOptions(journal: journal.root)).memory)
        var other = BuildOptions(journal: journal.root)
        other.output = journal.root.appendingPathComponent("elsewhere")
        #expect(!memory.fits(other))
        var uncached = BuildOptions(journal: journal.root)
        uncached.useCache = false
        #expect(!memory.fits(uncached))
        #expect(memory.fits(BuildOptions(journal: journal.root)))
        _ = try await Builder.run(other, continuing: memory)
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "the first output, untouched")
        #expect(try tree(other.output!) == tree(journal.site))
    }
}
