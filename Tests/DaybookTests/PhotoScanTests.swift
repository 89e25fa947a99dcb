import Foundation
import Testing
@testable import Daybook

/// Every entry file is read for the photos it may name. A continued build (the preview's, told
/// which files changed) and a build after one that saved its state (the CLI's, which finds the
/// changed files by their sizes and times) read all of them again on every build; they now read
/// those that changed and those that named photos, and find the same photos.
@Suite struct PhotoScanTests {
    /// Three entries, one of which names an image on another host.
    static let files = [
        "daybook.yml": "title: Scanned\n",
        "entries/2024/05/2024-05-01-a.md": "---\ndate: 2024-05-01\n---\nNo picture.\n",
        "entries/2024/05/2024-05-02-b.md": "---\ndate: 2024-05-02\n---\n![Gull](https://images.example.org/gull.png)\n",
        "entries/2024/05/2024-05-03-c.md": "---\ndate: 2024-05-03\n---\nNone either.\n",
    ]

    @Test func aContinuedBuildReadsOnlyTheChangedFilesAndThoseThatNamedPhotos() async throws {
        let journal = try TemporaryJournal(Self.files)
        defer { journal.remove() }
        func build(_ memory: BuildMemory?, changed: Set<String>? = nil) async throws -> BuildReport {
            try await Builder.run(BuildOptions(journal: journal.root), continuing: memory, changed: changed)
        }
        func remote(_ report: BuildReport) -> String? {
            report.warnings.first { $0.message.contains("from another host") }?.message
        }
        let first = try await build(nil)
        #expect(first.entryFilesScannedForPhotos == 3)
        #expect(remote(first)?.hasPrefix("1 image in 1 entry") == true)
        try journal.write("entries/2024/05/2024-05-01-a.md", "---\ndate: 2024-05-01\n---\n![Tern](https://images.example.org/tern.png)\n")
        let second = try await build(first.memory, changed: ["entries/2024/05/2024-05-01-a.md"])
        #expect(second.entryFilesScannedForPhotos == 2, "the changed file and the one that named a photo")
        #expect(remote(second)?.hasPrefix("2 images in 2 entries") == true, "\(remote(second) ?? "no warning")")
        try journal.write("entries/2024/05/2024-05-03-c.md", "---\ndate: 2024-05-03\n---\nStill none.\n")
        let third = try await build(second.memory, changed: ["entries/2024/05/2024-05-03-c.md"])
        #expect(third.entryFilesScannedForPhotos == 3, "two that named photos and the changed one")
        #expect(remote(third)?.hasPrefix("2 images in 2 entries") == true)
        // The preview removes the state, so the next build reads every file.
        #expect(try await build(nil).entryFilesScannedForPhotos == 3)
    }

    @Test func aBuildAfterOneThatSavedItsStateReadsOnlyTheChangedFilesAndThoseThatNamedPhotos() async throws {
        let journal = try TemporaryJournal(Self.files)
        defer { journal.remove() }
        // Each file written is dated back first: one changed within two seconds of a build's end
        // is never trusted, and counts as changed.
        func build() async throws -> BuildReport {
            try UpToDateTests.backdate(journal)
            return try await Builder.run(BuildOptions(journal: journal.root))
        }
        func remote(_ report: BuildReport) -> String? {
            report.warnings.first { $0.message.contains("from another host") }?.message
        }
        #expect(try await build().entryFilesScannedForPhotos == 3)
        try journal.write("entries/2024/05/2024-05-01-a.md", "---\ndate: 2024-05-01\n---\n![Tern](https://images.example.org/tern.png)\n")
        let second = try await build()
        #expect(second.entryFilesScannedForPhotos == 2, "the changed file and the one that named a photo")
        #expect(remote(second)?.hasPrefix("2 images in 2 entries") == true, "\(remote(second) ?? "no warning")")
        try journal.write("entries/2024/05/2024-05-02-b.md", "---\ndate: 2024-05-02\n---\nThe gull flew off.\n")
        let third = try await build()
        #expect(third.entryFilesScannedForPhotos == 2, "the two that named photos, one of them changed")
        #expect(remote(third)?.hasPrefix("1 image in 1 entry") == true, "\(remote(third) ?? "no warning")")
        try journal.write("entries/2024/05/2024-05-04-d.md", "---\ndate: 2024-05-04\n---\nNew, and none.\n")
        #expect(try await build().entryFilesScannedForPhotos == 2, "the one that named a photo and the new one")
        // Another setting: the state's list is not taken.
        try journal.write("daybook.yml", "title: Scanned again\n")
        #expect(try await build().entryFilesScannedForPhotos == 4)
    }
}
