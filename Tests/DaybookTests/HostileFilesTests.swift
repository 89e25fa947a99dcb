import Foundation
import Testing
@testable import Daybook

/// Links, loops and odd files in a journal: each folder read once, nothing from outside the
/// journal, every file passed over named in a warning (issue 23, issue 24 item 7).
@Suite struct HostileFilesTests {
    func link(_ journal: TemporaryJournal, _ path: String, to target: String) throws {
        let url = journal.root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    func headlines(_ files: JournalFiles) -> [String] { files.problems.map(\.headline) }

    @Test func loopsAndSecondLinksAreReadOnce() throws {
        let journal = try TemporaryJournal(["entries/2024/a.md": "a", "entries/2024/b.md": "b"])
        defer { journal.remove() }
        try link(journal, "entries/2024/loop", to: "..")
        try link(journal, "entries/again", to: "2024")
        try link(journal, "entries/x/y", to: "../z")
        try link(journal, "entries/z/x", to: "../x")
        let files = try JournalFiles.scan(journal.root)
        #expect(files.entries == ["entries/2024/a.md", "entries/2024/b.md"])
        #expect(headlines(files) == [
            "entries/2024/loop:1:1: warning: links to a folder that is read already (a loop, or a second link to it); read once",
            "entries/again:1:1: warning: links to a folder that is read already (a loop, or a second link to it); read once",
            "entries/x/y:1:1: warning: links to a folder that is read already (a loop, or a second link to it); read once",
            "entries/z/x:1:1: warning: links to a folder that is read already (a loop, or a second link to it); read once",
        ])
    }

    @Test func aLinkedFolderInsideTheJournalIsReadOnceUnderItsLink() throws {
        let journal = try TemporaryJournal(["notes/2024-05-01-a.md": "---\ntitle: A\n---\nText.\n", "entries/2024-05-02.md": "Text.\n"])
        defer { journal.remove() }
        try link(journal, "entries/notes", to: "../notes")
        let files = try JournalFiles.scan(journal.root)
        #expect(files.entries == ["entries/2024-05-02.md", "entries/notes/2024-05-01-a.md"])
        #expect(files.problems.isEmpty)
    }

    @Test func filesPassedOverEachGetAWarning() throws {
        let journal = try TemporaryJournal(["entries/2024-05-01.md": "Text.\n"])
        defer { journal.remove() }
        try link(journal, "entries/gone.md", to: "nowhere.md")
        #expect(mkfifo(journal.root.appendingPathComponent("entries/pipe.md").path, 0o644) == 0)
        var deep = "entries"
        for _ in 0..<70 { deep += "/d" }
        try journal.write(deep + "/deep.md", "Text.\n")
        let files = try JournalFiles.scan(journal.root)
        #expect(files.entries == ["entries/2024-05-01.md"])
        #expect(headlines(files) == [
            "entries/\(Array(repeating: "d", count: 64).joined(separator: "/")):1:1: warning: folder nested more than 64 deep; skipped",
            "entries/gone.md:1:1: warning: link leads nowhere (No such file or directory); skipped",
            "entries/pipe.md:1:1: warning: is a FIFO (named pipe), not a file; skipped",
        ].sorted())
    }

    @Test(arguments: ["entries/etc", "static/etc", "templates/etc", "entries/zero.md", "static/passwd", "static"])
    func aLinkOutOfTheJournalIsAnError(path: String) throws {
        let journal = try TemporaryJournal(["entries/2024-05-01.md": "Text.\n"])
        defer { journal.remove() }
        try link(journal, path, to: path.hasSuffix("zero.md") ? "/dev/zero" : path.hasSuffix("passwd") ? "/etc/passwd" : "/etc")
        #expect(throws: BuildFailure.self) { try JournalFiles.scan(journal.root) }
        do {
            _ = try JournalFiles.scan(journal.root)
        } catch {
            #expect(error.diagnostics.first?.location == SourceLocation(file: path))
            #expect(error.diagnostics.first?.message.hasSuffix("outside the journal; only files inside the journal are read") == true)
        }
    }

    @Test func aStaticFileLinkedInsideTheJournalIsCopiedAsAFile() async throws {
        let journal = try TemporaryJournal(["entries/2024-05-01.md": "Text.\n", "notes/CNAME": "example.org\n"])
        defer { journal.remove() }
        try link(journal, "static/CNAME", to: "../notes/CNAME")
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let copied = journal.root.appendingPathComponent("_site/CNAME").path
        let attributes = try FileManager.default.attributesOfItem(atPath: copied)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(try journal.read("_site/CNAME") == "example.org\n")
    }

    @Test func entriesThatIsAFileOrMissingIsAnError() async throws {
        let file = try TemporaryJournal(["entries": "not a folder\n"])
        defer { file.remove() }
        do {
            _ = try await Builder.run(BuildOptions(journal: file.root))
            Issue.record("a file named entries was taken for the entries folder")
        } catch {
            #expect(error.diagnostics.filter { $0.severity == .error }.map(\.headline) == ["entries:1:1: error: entries is a file; the entries go in a folder of that name"])
        }
        let none = try TemporaryJournal(["static/a.txt": "a"])
        defer { none.remove() }
        let result = try CLI.run(["build", none.root.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("no entries/ folder in \(none.root.path)"))
    }

    /// A 50 MB entry (sparse: no disk is used) is refused by its size, without being read: the
    /// build's peak memory stays far below four times the entry (it was 640 MB).
    @Test func aFiftyMegabyteEntryIsRefusedWithoutBeingRead() throws {
        let journal = try TemporaryJournal(["entries/2024-05-01.md": "Text.\n", "entries/2024-05-02-big.md": "---\ntitle: Big\n---\n"])
        defer { journal.remove() }
        let handle = try FileHandle(forWritingTo: journal.root.appendingPathComponent("entries/2024-05-02-big.md"))
        try handle.truncate(atOffset: 50 * 1024 * 1024)
        try handle.close()
        // Python measures the peak memory of its own child alone.
        let measure = "import resource, subprocess, sys; r = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
            + "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss); print(r.returncode); print(r.stderr)"
        let result = try CLI.run(["-c", measure, CLI.binary.path, "check", journal.root.path], binary: URL(fileURLWithPath: "/usr/bin/python3"))
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let peakKilobytes = try #require(lines.first.flatMap { Int($0) })
        #expect(peakKilobytes < 4 * 50 * 1024, "peak \(peakKilobytes) kB")
        #expect(lines.count > 1 && lines[1] == "1")
        #expect(result.stdout.contains("entries/2024-05-02-big.md:1:1: error: entry is 50 MB, over the limit of 20 MB"))
    }
}
