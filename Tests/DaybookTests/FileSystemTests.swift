import Foundation
import Testing
@testable import Daybook

/// The POSIX helpers under the build: reading whole files and making folders from several tasks.
@Suite struct FileSystemTests {
    @Test func readsWholeFilesRelativeToAnOpenFolder() throws {
        let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let journal = try TemporaryJournal(["a/small.md": "héllo\n", "empty.md": ""], bytes: ["big.bin": big])
        defer { journal.remove() }
        let folder = Folder(journal.root.path)
        let root = journal.root.path + "/"
        #expect(folder.read("a/small.md", root: root) == Array("héllo\n".utf8))
        #expect(folder.read("big.bin", root: root) == big)
        #expect(folder.read("empty.md", root: root) == [])
        #expect(folder.read("missing.md", root: root) == nil)
        #expect(folder.read("a", root: root) == nil)
        #expect(FileBytes.read(root + "a/small.md") == Array("héllo\n".utf8))
        // A folder that could not be opened falls back to the full path.
        #expect(Folder(root + "missing").read("a/small.md", root: root) == Array("héllo\n".utf8))
    }

    @Test func theFoldersOfFilesAreEveryParentOnce() {
        let files = ["a/b/c.html", "a/d.html", "é/ü/x", "top.html", "a/b/e/f.html", "ü/g"]
        #expect(FileWriter.folders(of: files) == ["a", "a/b", "a/b/e", "é", "é/ü", "ü"])
        #expect(FileWriter.folders(of: []) == [])
    }

    @Test func makesEveryFolderParentsFirstFromSeveralTasks() async throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let files = (0..<400).map { "\(2000 + $0 % 20)/\($0 % 12 + 1)/\($0 % 28 + 1)/entry-\($0)/index.html" }
            + ["tags/x/index.html", "search/r/1.js", "index.html"]
        let work = FolderWork(FileWriter.folders(of: files), in: Folder(journal.root.path), root: journal.root.path + "/")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 { group.addTask { try work.help() } }
            try await group.waitForAll()
        }
        for file in files {
            let folder = journal.root.appendingPathComponent(file).deletingLastPathComponent().path
            var isFolder: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue, "\(folder)")
        }
        // Every group was taken once: a second helper finds nothing left and makes nothing.
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("tags"))
        try work.help()
        #expect(!FileManager.default.fileExists(atPath: journal.root.appendingPathComponent("tags").path))
    }

    @Test func writesPagesIntoTheStagingFolderAndNamesTheWholePathWhenItCannot() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let folder = try OutputFolder.prepare(journal.root.appendingPathComponent("_site"))
        defer { folder.discard() }
        try folder.makeFolders(for: ["2024/05/01/ferry/index.html"])
        try folder.write([OutputFile(path: "2024/05/01/ferry/index.html", bytes: Array("page".utf8))])
        #expect(FileBytes.read(folder.staging.path + "/2024/05/01/ferry/index.html") == Array("page".utf8))
        do {
            try folder.write([OutputFile(path: "no-such-folder/index.html", bytes: [])])
            Issue.record("writing into a folder that was not made should fail")
        } catch let failure as BuildFailure {
            let message = failure.diagnostics.map(\.message).joined()
            #expect(message.contains(folder.staging.path + "/no-such-folder/index.html"), "\(message)")
        }
    }
}
