import Foundation
import Testing
@testable import Daybook

/// When the build cache is written whole and when a build's changes go to its log
/// (`docs/builds.md`, "The cache").
@Suite struct CacheLogTests {
    /// A change to most of the site's files goes to the log while the log stays within an eighth
    /// of the cache's bytes. A private journal's every edit replaces all of an edition's chunk
    /// files; counting changes instead of bytes wrote its 5 MB cache whole on every edit.
    @Test func aChangeToMostFilesGoesToTheLogWhileTheLogStaysSmall() async throws {
        var files = ["daybook.yml": "title: Before\n"]
        for day in 0..<300 {
            files["entries/e\(pad(day, 3)).md"] = "---\ntitle: Entry \(day)\ndate: 2024-01-01 09:00\n---\nThe words of entry \(day).\n"
        }
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        _ = try await IncrementalBuildTests.build(journal.root)
        let base = BuildCache.url(in: journal.cache)
        let baseBytes = try Data(contentsOf: base)
        // The site's title is on every page.
        try journal.write("daybook.yml", "title: After\n")
        let report = try await IncrementalBuildTests.build(journal.root)
        #expect((report.outputChanges?.changed.count ?? 0) >= 300, "every entry's page changed")
        #expect(try Data(contentsOf: base) == baseBytes, "the cache is not written whole")
        let logged = try #require(BuildCache.load(folder: journal.cache, parseKey: Builder.parseKey(Settings())))
        #expect((logged.origin?.logBytes ?? 0) > 0)
        #expect((logged.origin?.logBytes ?? .max) <= SealedLog.limit(baseBytes: baseBytes.count))
        for (path, record) in logged.outputs {
            #expect(FileStat(path: journal.site.path + "/" + path) == record.stat, "\(path)")
        }
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "after the title changed")
    }
}
