import Foundation
import Testing
@testable import Daybook

/// `daybook serve` builds into `.daybook/serve/site`, `daybook build` into `_site`. They shared one
/// cache, which keeps the records of one output folder: after a preview, the next `build` found
/// another folder's records and made every page again (5 s instead of 0.13 s at 10,000 entries),
/// and a private journal sealed its editions whole. Each now keeps a cache of its own.
@Suite struct PreviewCacheTests {
    static func preview(_ root: URL) -> URL {
        root.appendingPathComponent(BuildOptions.previewFolder + "/site", isDirectory: true)
    }

    static func didNothing(_ report: BuildReport) -> Bool {
        report.stages.contains { $0.name == "nothing changed" } && !report.stages.contains { $0.name == "render and write" }
    }

    @Test func aBuildAfterThePreviewGoesOnFromItsOwnCache() async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        // Entry files written within two seconds of a build are never trusted unchanged.
        try UpToDateTests.backdate(journal)
        let preview = Self.preview(journal.root)
        _ = try await IncrementalBuildTests.build(journal.root)
        let buildCaches = try Self.files(in: journal.cache)
        _ = try await IncrementalBuildTests.build(journal.root, output: preview, drafts: true)
        #expect(try Self.files(in: journal.cache) == buildCaches, "the preview leaves the build's caches as they were")
        #expect(FileManager.default.fileExists(atPath: BuildCache.url(in: CacheFile.location(journal: journal.root, output: preview)).path))

        #expect(Self.didNothing(try await IncrementalBuildTests.build(journal.root)), "nothing changed for _site")
        #expect(Self.didNothing(try await IncrementalBuildTests.build(journal.root, output: preview, drafts: true)),
                "nothing changed for the preview")

        try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day 2\ndate: 2024-03-02 09:00\n---\nEdited.\n")
        _ = try await IncrementalBuildTests.build(journal.root, output: preview, drafts: true)
        let edit = try await IncrementalBuildTests.build(journal.root)
        let changed = edit.outputChanges?.changed ?? []
        #expect(!changed.isEmpty && changed.count < 20, "an update of _site, not a full build: \(changed.count) files")
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "a build after the preview")
    }

    /// A whole-private journal: the build after a preview is a no-op, and an edit then renders a
    /// few pages of each edition, without deriving a reader's key again.
    @Test func aPrivateBuildAfterThePreviewIsStillIncremental() async throws {
        var files = PrivateIncrementalTests.files(whole: true)
        for day in 10...29 {
            files["entries/2024/03/2024-03-\(day)-day.md"] = "---\ntitle: Day \(day)\ndate: 2024-03-\(day)\ntags: [t\(day % 3)]\n---\nWords of day \(day).\n"
        }
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        try UpToDateTests.backdate(journal)
        func build(_ output: URL? = nil) async throws -> BuildReport {
            var options = BuildOptions(journal: journal.root)
            options.output = output
            options.includeDrafts = output != nil
            options.secrets = Secrets(["DAYBOOK_SITE_KEY": PrivateIncrementalTests.siteKey,
                                       "DAYBOOK_PASSWORD_ANNA": "anna's passphrase", "DAYBOOK_PASSWORD_BEN": "ben's passphrase"])
            options.keyIterations = 1_000
            return try await Builder.run(options)
        }
        let preview = Self.preview(journal.root)
        _ = try await build()
        _ = try await build(preview)
        #expect(Self.didNothing(try await build()), "nothing changed for _site")
        try journal.write("entries/2024/03/2024-03-15-day.md", "---\ntitle: Day 15\ndate: 2024-03-15\ntags: [t0]\n---\nOther words.\n")
        _ = try await build(preview)
        let edit = try await build()
        #expect(edit.encryptedPagesRendered >= 2 && edit.encryptedPagesRendered * 3 < edit.encryptedPages,
                "rendered \(edit.encryptedPagesRendered) of \(edit.encryptedPages)")
        #expect(edit.readerKeysDerived == 0, "the key file's rows are the last build's")
    }

    /// Name and bytes of each file directly in `folder`.
    static func files(in folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let url = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = try Data(contentsOf: url)
            }
        }
        return files
    }
}
