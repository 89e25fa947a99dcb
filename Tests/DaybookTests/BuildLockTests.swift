import Foundation
import Synchronization
import Testing
@testable import Daybook

/// Two builds of one journal at once take turns (`BuildLock`).
@Suite struct BuildLockTests {
    @Test func aBuildWaitsForTheOneUnderWay() async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        var held = await BuildLock.acquire(journal: journal.root) { Issue.record("nothing else holds the lock") }
        #expect(held != nil)
        let waited = Mutex(false), finished = Mutex(false)
        let build = Task {
            let report = try await Builder.run(BuildOptions(journal: journal.root)) { progress in
                if progress.stage.hasPrefix("Waiting for another build") { waited.withLock { $0 = true } }
            }
            finished.withLock { $0 = true }
            return report
        }
        for _ in 0..<200 where !waited.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(25)) }
        #expect(waited.withLock { $0 }, "the build said it was waiting")
        try await Task.sleep(for: .milliseconds(100))
        #expect(!finished.withLock { $0 } && !journal.exists("_site"), "nothing was built while the lock was held")
        held = nil
        let report = try await build.value
        #expect(report.pages > 0 && journal.exists("_site/index.html"))
        #expect(journal.exists(BuildLock.fileName))
        #expect(try journal.read(".daybook/.gitignore") == "*\n", "the lock is kept out of git with the cache")
    }

    @Test func aJournalThatIsNotThereGetsNoLockAndNoFolder() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-missing-\(UUID().uuidString)")
        #expect(await BuildLock.acquire(journal: missing) {} == nil)
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
}
