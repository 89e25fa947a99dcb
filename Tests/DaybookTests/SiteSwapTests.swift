import Foundation
import Testing
@testable import Daybook

/// How a new site takes the old one's place (`SiteSwap`), and what the next build does with what
/// a stopped one left beside the output. The kill test (`Tests/serve/test_kill.py`) stops real
/// builds; these are the paths it cannot reach on a file system that exchanges folders.
@Suite struct SiteSwapTests {
    func swap(in journal: TemporaryJournal) -> SiteSwap { SiteSwap(output: journal.root.appendingPathComponent("_site")) }

    @Test func exchangesTheNewSiteWithTheOldInOneStepAndRemovesTheOld() throws {
        let journal = try TemporaryJournal(["_site/index.html": "old\n", "_site/CNAME": "mine\n"])
        defer { journal.remove() }
        let swap = swap(in: journal)
        let next = try swap.makeNext()
        try TreeLinks.link(journal.site.path, into: next.path, skipping: ["index.html"])
        try FileWriter.write(Array("new\n".utf8), to: next.path + "/index.html", exclusive: true)
        #expect(try journal.read("_site/index.html") == "old\n", "the live page is not written through a link")
        try swap.swapIn()
        #expect(try journal.read("_site/index.html") == "new\n")
        #expect(try journal.read("_site/CNAME") == "mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: journal.root.path).sorted() == ["_site"])
    }

    /// The preview tells its pages before it removes the old site: the swap leaves it aside, and
    /// either `removeOld` or the next build's `recover` removes it.
    @Test func theOldSiteCanWaitBesideTheOutputForItsRemoval() throws {
        let journal = try TemporaryJournal(["_site/index.html": "old\n", "_site/2024/index.html": "year\n"])
        defer { journal.remove() }
        let swap = swap(in: journal)
        for round in ["new", "newer"] {
            let next = try swap.makeNext()
            try TreeLinks.link(journal.site.path, into: next.path, skipping: ["index.html"])
            try FileWriter.write(Array("\(round)\n".utf8), to: next.path + "/index.html", exclusive: true)
            try swap.swapIn(keepingOld: true)
            #expect(try journal.read("_site/index.html") == "\(round)\n")
            #expect(try journal.read("_site/2024/index.html") == "year\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: journal.root.path).sorted() == ["._site.daybook-gone", "_site"])
        }
        swap.removeOld()
        #expect(try FileManager.default.contentsOfDirectory(atPath: journal.root.path).sorted() == ["_site"])

        let next = try swap.makeNext()
        try TreeLinks.link(journal.site.path, into: next.path, skipping: [])
        try swap.swapIn(keepingOld: true)
        swap.recover()
        #expect(try FileManager.default.contentsOfDirectory(atPath: journal.root.path).sorted() == ["_site"], "a stopped preview's old site goes with the next build")
        #expect(try journal.read("_site/index.html") == "newer\n")
    }

    /// The preview's updates: each made from the site of the build before, kept beside the
    /// output with the list of what differs, and each gives the site a whole update would.
    @Test func anUpdateMadeFromTheOldSiteGivesTheSiteAWholeUpdateGives() throws {
        let journal = try TemporaryJournal(["_site/index.html": "1\n", "_site/a/page.html": "a\n", "_site/b/c/page.html": "c\n", "_site/CNAME": "mine\n"])
        defer { journal.remove() }
        let update = SiteUpdate(output: journal.site, keepingOld: true)
        let swap = swap(in: journal)
        let file = { (path: String, text: String) in OutputFile(path: path, bytes: Array(text.utf8)) }
        let rounds: [(changed: [OutputFile], removed: [String], expected: [String: String])] = [
            ([file("index.html", "2\n"), file("d/e/new.html", "e\n")], [],
             ["index.html": "2\n", "a/page.html": "a\n", "b/c/page.html": "c\n", "d/e/new.html": "e\n", "CNAME": "mine\n"]),
            ([file("a/page.html", "a2\n")], ["b/c/page.html"],
             ["index.html": "2\n", "a/page.html": "a2\n", "d/e/new.html": "e\n", "CNAME": "mine\n"]),
            ([file("index.html", "3\n")], ["d/e/new.html"],
             ["index.html": "3\n", "a/page.html": "a2\n", "CNAME": "mine\n"]),
            ([file("b/c/page.html", "c3\n")], [],
             ["index.html": "3\n", "a/page.html": "a2\n", "b/c/page.html": "c3\n", "CNAME": "mine\n"]),
        ]
        for (round, (changed, removed, expected)) in rounds.enumerated() {
            try update.apply(changed: changed, copies: [], removed: removed)
            let site = try tree(journal.site).mapValues { String(decoding: $0, as: UTF8.self) }
            #expect(site == expected, "round \(round)")
            let folders = Set(expected.keys.flatMap { path in
                path.split(separator: "/").dropLast().indices.map { path.split(separator: "/")[...$0].joined(separator: "/") }
            })
            #expect(RandomEditsTests.folders(journal.site) == folders, "round \(round): no folder left empty")
            #expect(journal.exists("._site.daybook-gone") && journal.exists("._site.daybook-gone-changes"), "round \(round)")
        }
        #expect(try journal.read("._site.daybook-gone-changes") == Self.identity(journal.site) + "\nb/c/page.html")
        swap.recover(keepingOld: true)
        #expect(journal.exists("._site.daybook-gone"))
        swap.recover()
        #expect(try FileManager.default.contentsOfDirectory(atPath: journal.root.path).sorted() == ["_site"], "a build of the CLI removes both")
    }

    /// A list of changes without its old site, or an old site without its list (a build stopped
    /// between the two), is never taken: the update links the whole site as always.
    @Test func anOldSiteWithoutItsListIsNotTaken() throws {
        let journal = try TemporaryJournal(["_site/index.html": "1\n", "_site/a/page.html": "a\n",
                                            "._site.daybook-gone/index.html": "0\n", "._site.daybook-gone/a/page.html": "stale\n"])
        defer { journal.remove() }
        try SiteUpdate(output: journal.site, keepingOld: true).apply(changed: [OutputFile(path: "index.html", bytes: Array("2\n".utf8))], copies: [], removed: [])
        #expect(try journal.read("_site/a/page.html") == "a\n")
        #expect(try journal.read("_site/index.html") == "2\n")
    }

    /// The old site and its list are trusted as they are (they are Daybook's, in the preview's
    /// own folder): a file only the old site has reaches the output, which shows the update took
    /// it instead of linking the output anew.
    @Test func theOldSiteWithItsListIsTakenAsItIs() throws {
        let journal = try TemporaryJournal(["_site/index.html": "1\n", "._site.daybook-gone/index.html": "0\n",
                                            "._site.daybook-gone/only-here.txt": "kept\n"])
        defer { journal.remove() }
        try journal.write("._site.daybook-gone-changes", Self.identity(journal.site) + "\nindex.html")
        try SiteUpdate(output: journal.site, keepingOld: true).apply(changed: [], copies: [], removed: [])
        #expect(try journal.read("_site/index.html") == "1\n")
        #expect(try journal.read("_site/only-here.txt") == "kept\n")
    }

    /// The list names the output folder it was made against (its device and inode): another site
    /// put in the output's place since (a build from scratch, an older Daybook, another program)
    /// makes the old site useless, and the update links the whole output as always.
    @Test func aListMadeAgainstAnotherOutputFolderIsNotTaken() throws {
        let journal = try TemporaryJournal(["_site/index.html": "1\n", "._site.daybook-gone/index.html": "0\n",
                                            "._site.daybook-gone/only-here.txt": "stale\n"])
        defer { journal.remove() }
        try journal.write("._site.daybook-gone-changes", Self.identity(journal.site) + "\nindex.html")
        // The output replaced by another folder with the same files: the list's folder is gone.
        try FileManager.default.moveItem(at: journal.site, to: journal.root.appendingPathComponent("elsewhere"))
        try FileManager.default.copyItem(at: journal.root.appendingPathComponent("elsewhere"), to: journal.site)
        try SiteUpdate(output: journal.site, keepingOld: true).apply(changed: [], copies: [], removed: [])
        #expect(try journal.read("_site/index.html") == "1\n")
        #expect(!journal.exists("_site/only-here.txt"))
        #expect(try journal.read("._site.daybook-gone-changes") == Self.identity(journal.site), "kept again, against the new output")
    }

    /// `daybook build` keeps the old site in its cache folder (`keptIn`): nothing is left beside
    /// the journal's `_site`, and the next update is made from it as the preview's is.
    @Test func anUpdateCanKeepTheOldSiteInAFolderOfItsOwn() throws {
        let journal = try TemporaryJournal(["_site/index.html": "1\n", "_site/a/page.html": "a\n", ".daybook/cache/build.cache": "x"])
        defer { journal.remove() }
        let kept = journal.root.appendingPathComponent(".daybook/cache")
        let update = SiteUpdate(output: journal.site, keepingOld: true, keptIn: kept)
        let file = { (path: String, text: String) in OutputFile(path: path, bytes: Array(text.utf8)) }
        try update.apply(changed: [file("index.html", "2\n")], copies: [], removed: [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: journal.root.path).sorted() == [".daybook", "_site"])
        #expect(try journal.read(".daybook/cache/site-gone/index.html") == "1\n")
        #expect(try journal.read(".daybook/cache/site-gone-changes") == Self.identity(journal.site) + "\nindex.html")
        // A file only the kept site has reaches the output: the update was made from it.
        try journal.write(".daybook/cache/site-gone/only-here.txt", "kept\n")
        try update.apply(changed: [file("a/page.html", "a2\n")], copies: [], removed: [])
        #expect(try tree(journal.site).mapValues { String(decoding: $0, as: UTF8.self) }
            == ["index.html": "2\n", "a/page.html": "a2\n", "only-here.txt": "kept\n"])
        // A build from scratch removes it with the rest of what an update leaves.
        SiteSwap(output: journal.site, keptIn: kept).recover()
        #expect(!journal.exists(".daybook/cache/site-gone") && !journal.exists(".daybook/cache/site-gone-changes"))
        #expect(journal.exists(".daybook/cache/build.cache"))
    }

    /// What the list's first line holds for the output folder `site`.
    static func identity(_ site: URL) -> String {
        var info = stat()
        lstat(site.path, &info)
        return "\u{0}\(info.st_dev) \(info.st_ino)"
    }

    /// Where the file system cannot exchange two folders, the old site is moved aside first; a
    /// build stopped between the two renames leaves no output, and the next build puts it back.
    @Test func withoutAnExchangeAStoppedSwapIsUndoneByTheNextBuild() throws {
        let journal = try TemporaryJournal(["_site/index.html": "old\n", "._site.daybook-new/index.html": "half\n"])
        defer { journal.remove() }
        let swap = swap(in: journal)
        try FileManager.default.moveItem(at: journal.site, to: swap.previous)
        swap.recover()
        #expect(try journal.read("_site/index.html") == "old\n")
        #expect(!journal.exists("._site.daybook-new") && !journal.exists("._site.daybook-old"))

        let next = try swap.makeNext()
        try FileWriter.write(Array("new\n".utf8), to: next.path + "/index.html")
        try swap.swapIn(exchange: { _, _ in false })
        #expect(try journal.read("_site/index.html") == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: journal.root.path).sorted() == ["_site"])
    }

    @Test func removesOnlyWhatAStoppedBuildLeft() throws {
        let journal = try TemporaryJournal(["_site/index.html": "site\n", "._site.daybook-new/2024/index.html": "half\n",
                                            "._site.update-4242/0": "a page\n", "._site.update-notes/keep": "mine\n",
                                            ".site-notes/keep": "mine\n"])
        defer { journal.remove() }
        swap(in: journal).recover()
        #expect(try FileManager.default.contentsOfDirectory(atPath: journal.root.path).sorted() == ["._site.update-notes", ".site-notes", "_site"])
    }

    /// A cancelled build (Ctrl-C in the CLI) stops at the swap, and the output stays as it was.
    @Test func aCancelledBuildStopsBeforeTheSwap() async throws {
        let journal = try TemporaryJournal(["_site/index.html": "old\n"])
        defer { journal.remove() }
        let swap = swap(in: journal)
        let next = try swap.makeNext()
        try FileWriter.write(Array("new\n".utf8), to: next.path + "/index.html")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try swap.swapIn()
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try journal.read("_site/index.html") == "old\n")
    }

    /// A read-only folder of the user's (in a `.git`) is linked with its mode, and can be removed.
    @Test func copiesAndRemovesReadOnlyFoldersOfTheUsers() throws {
        let journal = try TemporaryJournal(["_site/.git/objects/ab/cd": "blob\n"])
        defer { journal.remove() }
        let objects = journal.site.path + "/.git/objects"
        chmod(objects + "/ab", 0o555)
        let copy = journal.root.path + "/copy"
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false)
        try TreeLinks.link(journal.site.path, into: copy)
        #expect(try journal.read("copy/.git/objects/ab/cd") == "blob\n")
        #expect((try FileManager.default.attributesOfItem(atPath: copy + "/.git/objects/ab")[.posixPermissions] as? Int) == 0o555)
        TreeLinks.remove(copy)
        #expect(!journal.exists("copy"))
        #expect(try journal.read("_site/.git/objects/ab/cd") == "blob\n")
    }

    /// An older Daybook stopped between its two renames left no output, the old site aside, and
    /// the user's files only in its staging folder: the next build puts both back.
    @Test func putsRightWhatAnOlderDaybookLeftWhenStopped() throws {
        let list = String(decoding: SiteManifest.encode(["index.html"]), as: UTF8.self)
        let journal = try TemporaryJournal(["._site.old-77/index.html": "old\n", "._site.old-77/.daybook-site": list,
                                            "._site.staging-77-1/index.html": "new\n", "._site.staging-77-1/.daybook-site": list,
                                            "._site.staging-77-1/CNAME": "mine\n", "._site.staging-77-1/.git/HEAD": "ref\n",
                                            "._site.staging-78-2/index.html": "half\n"])
        defer { journal.remove() }
        swap(in: journal).recover()
        #expect(try journal.read("_site/index.html") == "old\n")
        #expect(try journal.read("_site/CNAME") == "mine\n")
        #expect(try journal.read("_site/.git/HEAD") == "ref\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: journal.root.path).sorted() == ["_site"])
    }

    /// A file of the user's that the output has again by now is not replaced: that staging folder stays.
    @Test func leavesAnOlderStagingFolderWhoseFilesTheOutputHasAgain() throws {
        let list = String(decoding: SiteManifest.encode(["index.html"]), as: UTF8.self)
        let journal = try TemporaryJournal(["_site/index.html": "site\n", "_site/CNAME": "newer\n",
                                            "._site.staging-77-1/.daybook-site": list, "._site.staging-77-1/CNAME": "older\n"])
        defer { journal.remove() }
        swap(in: journal).recover()
        #expect(try journal.read("_site/CNAME") == "newer\n")
        #expect(try journal.read("._site.staging-77-1/CNAME") == "older\n")
    }
}
