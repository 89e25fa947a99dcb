import Foundation
import Testing
@testable import Daybook

/// The output folder's manifest (`SiteManifest`) says which files Daybook made; every other file
/// there is the user's, and no build, full or incremental, removes or replaces it.
@Suite struct UserFilesTests {
    static let entryFolder = "_site/2024/03/02/day-2"

    /// A built journal with files of the user's at the root, inside a page's folder and in a
    /// folder of their own, as a pages branch's `.git` would be.
    static func journalWithUserFiles() async throws -> TemporaryJournal {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        _ = try await IncrementalBuildTests.build(journal.root)
        try journal.write("_site/CNAME", "journal.example.org\n")
        try journal.write("\(entryFolder)/notes.txt", "mine\n")
        try journal.write("_site/.git/HEAD", "ref: refs/heads/pages\n")
        return journal
    }

    static func expectUserFilesKept(_ journal: TemporaryJournal) throws {
        #expect(try journal.read("_site/CNAME") == "journal.example.org\n")
        #expect(try journal.read("\(entryFolder)/notes.txt") == "mine\n")
        #expect(try journal.read("_site/.git/HEAD") == "ref: refs/heads/pages\n")
    }

    @Test(arguments: [true, false])
    func keepsTheUsersFilesAndRemovesItsOwn(cache: Bool) async throws {
        let journal = try await Self.journalWithUserFiles()
        defer { journal.remove() }
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries/2024-03-02-day.md"))
        _ = try await IncrementalBuildTests.build(journal.root, cache: cache)
        try Self.expectUserFilesKept(journal)
        #expect(!journal.exists("\(Self.entryFolder)/index.html"), "the removed entry's page is gone")
        #expect(journal.exists("_site/2024/03/03/day-3/index.html"))
    }

    @Test(arguments: [true, false])
    func refusesToReplaceAFileItDidNotMake(cache: Bool) async throws {
        let journal = try await Self.journalWithUserFiles()
        defer { journal.remove() }
        let before = try tree(journal.site)
        try journal.write("_site/2024/05/01/new/index.html", "<p>my own page</p>\n")
        try journal.write("_site/2024/05/index.html", "<p>my own month</p>\n")
        try journal.write("entries/2024-05-01-new.md", "---\ntitle: New\ndate: 2024-05-01\n---\nNew.\n")
        let failure = await #expect(throws: BuildFailure.self) { try await IncrementalBuildTests.build(journal.root, cache: cache) }
        let messages = failure?.diagnostics.map(\.message) ?? []
        #expect(messages.count == 2, "every clash is named at once")
        #expect(messages.contains { $0.hasSuffix("_site/2024/05/01/new/index.html was not made by Daybook, and a file of this build would take its place; move it out of the output folder (your own files belong in static/)") })
        #expect(messages.contains { $0.contains("_site/2024/05/index.html was not made by Daybook") })
        var after = try tree(journal.site)
        #expect(after.removeValue(forKey: "2024/05/01/new/index.html") == Data("<p>my own page</p>\n".utf8))
        #expect(after.removeValue(forKey: "2024/05/index.html") == Data("<p>my own month</p>\n".utf8))
        #expect(after == before, "a refused build changes nothing")
    }

    @Test func listsExactlyTheFilesItMade() async throws {
        let journal = try await Self.journalWithUserFiles()
        defer { journal.remove() }
        func expectListed(_ step: String) throws {
            let made = Set(try tree(journal.site).keys).subtracting([SiteManifest.fileName, "CNAME", ".git/HEAD", "2024/03/02/day-2/notes.txt"])
            #expect(SiteManifest.read(journal.site) == made, "\(step)")
        }
        try expectListed("first build")
        try journal.write("entries/2024-05-01-new.md", "---\ntitle: New\ndate: 2024-05-01\n---\nNew.\n")
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries/2024-04-08-day.md"))
        _ = try await IncrementalBuildTests.build(journal.root)
        try expectListed("an entry added and one removed")
        _ = try await IncrementalBuildTests.build(journal.root, cache: false)
        try expectListed("a full build over the site")
    }

    /// `_site` may be a link to the folder that is published (a pages repository beside the
    /// journal): builds write that folder, and the link stays a link.
    @Test(arguments: [true, false])
    func writesThroughALinkedOutput(cache: Bool) async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        let pages = journal.root.appendingPathComponent("pages")
        _ = try await IncrementalBuildTests.build(journal.root, output: pages)
        try journal.write("pages/CNAME", "journal.example.org\n")
        try FileManager.default.createSymbolicLink(atPath: journal.site.path, withDestinationPath: "pages")
        try journal.write("entries/2024-05-01-new.md", "---\ntitle: New\ndate: 2024-05-01\n---\nNew.\n")
        _ = try await IncrementalBuildTests.build(journal.root, cache: cache)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: journal.site.path) == "pages")
        #expect(journal.exists("pages/2024/05/01/new/index.html"))
        #expect(try journal.read("pages/CNAME") == "journal.example.org\n")
    }

    /// The cache and the output folder can come from different builds (a CI that restores them
    /// apart): a file the cache remembers writing is removed only if the folder's list claims it.
    @Test func removesOnlyWhatTheListClaims() async throws {
        let journal = try await Self.journalWithUserFiles()
        defer { journal.remove() }
        let page = "2024/03/02/day-2/index.html"
        var listed = try #require(SiteManifest.read(journal.site))
        listed.remove(page)
        try journal.write("_site/\(SiteManifest.fileName)", Array(SiteManifest.encode(listed)))
        try journal.write("_site/\(page)", "<p>theirs</p>\n")
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries/2024-03-02-day.md"))
        _ = try await IncrementalBuildTests.build(journal.root)
        #expect(try journal.read("_site/\(page)") == "<p>theirs</p>\n")
        #expect(SiteManifest.read(journal.site)?.contains(page) == false)
    }

    @Test func keepsWhatItCannotTellIsItsOwnInASiteWithoutAList() async throws {
        let journal = try await Self.journalWithUserFiles()
        defer { journal.remove() }
        // The bare marker Daybook wrote before manifests.
        try journal.write("_site/.daybook-site", "This folder is written by Daybook and replaced on every build.\n")
        try journal.write("_site/2024/03/index.html", "an old page\n")
        let report = try await IncrementalBuildTests.build(journal.root, cache: false)
        try Self.expectUserFilesKept(journal)
        #expect(try journal.read("_site/2024/03/index.html") != "an old page\n", "a file the new site makes is replaced")
        #expect(report.warnings.contains { $0.message.contains("kept 3 files or folders") && $0.message.contains("older Daybook") })
        #expect(SiteManifest.read(journal.site)?.contains("2024/03/index.html") == true, "the list is written")
    }

    /// What `OutputFolder.commit` does before the swap: the user's files are linked into the new
    /// site and stay in the old one, so a build stopped before the swap leaves them where they were.
    @Test func linksTheUsersFilesLeavingThemInPlace() async throws {
        let journal = try await Self.journalWithUserFiles()
        defer { journal.remove() }
        let staging = try TemporaryJournal(["2024/03/02/day-2/index.html": "new page\n"])
        defer { staging.remove() }
        let users = UserFiles(old: journal.site.path, new: staging.root.path, known: SiteManifest.read(journal.site))
        let linked = try users.carry()
        #expect(Set(linked) == [".git", "CNAME", "2024/03/02/day-2/notes.txt"])
        #expect(try staging.read("2024/03/02/day-2/notes.txt") == "mine\n")
        #expect(try staging.read(".git/HEAD") == "ref: refs/heads/pages\n")
        try Self.expectUserFilesKept(journal)
        let (old, new) = (try FileManager.default.attributesOfItem(atPath: journal.site.path + "/CNAME"),
                          try FileManager.default.attributesOfItem(atPath: staging.root.path + "/CNAME"))
        #expect(old[.systemFileNumber] as? Int == new[.systemFileNumber] as? Int, "a hard link, not a copy")
    }

    @Test func manifestsRoundTripAnyPath() {
        let paths: Set<String> = ["index.html", "a b/ü.html", "100%/x", "%0A literally", "line\nbreak", "cr\rhere", "%25"]
        let bytes = SiteManifest.encode(paths)
        #expect(SiteManifest.decode(bytes) == paths)
        #expect(String(decoding: bytes, as: UTF8.self).split(separator: "\n").count == paths.count + 1, "one line per path after the header")
        #expect(SiteManifest.decode(Array("This folder is written by Daybook and replaced on every build.\n".utf8)) == nil)
        #expect(SiteManifest.decode([]) == nil)
        #expect(SiteManifest.decode(SiteManifest.encode([String]())) == [])
    }

    @Test func anythingTheManifestDoesNotListIsTheUsers() throws {
        let manifest = String(decoding: SiteManifest.encode(["index.html", "2024/05/index.html", "2024/05/01/a/index.html"]), as: UTF8.self)
        let site = ["_site/.daybook-site": manifest, "_site/index.html": "", "_site/2024/05/index.html": "", "_site/2024/05/01/a/index.html": ""]
        let known = try #require(SiteManifest.decode(Array(manifest.utf8)))
        let cases: [(String, [String: String], Bool)] = [
            ("the site alone", [:], false), ("a CNAME", ["_site/CNAME": "x"], true),
            ("a note in a page's folder", ["_site/2024/05/01/a/notes.txt": "x"], true),
            ("a .git of a pages branch", ["_site/.git/HEAD": "x"], true),
            ("a folder in a year's", ["_site/2024/mine/x.txt": "x"], true),
        ]
        for (name, extra, expected) in cases {
            let journal = try TemporaryJournal(site.merging(extra) { $1 })
            defer { journal.remove() }
            #expect(UserFiles.present(in: journal.site.path, known: known) == expected, "\(name)")
        }
        let empty = try TemporaryJournal(site)
        defer { empty.remove() }
        try FileManager.default.createDirectory(at: empty.site.appendingPathComponent("empty"), withIntermediateDirectories: false)
        #expect(UserFiles.present(in: empty.site.path, known: known), "an empty folder of the user's")
        #expect(UserFiles.present(in: empty.site.path, known: nil), "a site without its manifest")
    }

    /// Given the time the last build ended (`SiteSwap.keptAt`), only the folders changed since are
    /// listed: a file or folder of the user's put anywhere since is found, even with its folder's
    /// time set back (as `cp -p` and `rsync -a` set it); one that was there before is not looked for.
    @Test func onlyFoldersChangedSinceTheLastBuildAreListed() throws {
        let manifest = String(decoding: SiteManifest.encode(["index.html", "2024/05/index.html", "2024/05/01/a/index.html"]), as: UTF8.self)
        let site = ["_site/.daybook-site": manifest, "_site/index.html": "", "_site/2024/05/index.html": "", "_site/2024/05/01/a/index.html": ""]
        let known = try #require(SiteManifest.decode(Array(manifest.utf8)))
        let cases: [(String, String?, Bool)] = [
            ("nothing since", nil, false), ("a note in a page's folder", "2024/05/01/a/notes.txt", true),
            ("a folder in a year's", "2024/mine/x.txt", true), ("a CNAME", "CNAME", true),
        ]
        for (name, added, expected) in cases {
            let journal = try TemporaryJournal(site.merging(["_site/2024/05/01/a/older.txt": "there before"]) { $1 })
            defer { journal.remove() }
            let since = try Self.changeTime(of: journal.root.appendingPathComponent("marker"), after: journal.site)
            if let added {
                try journal.write("_site/" + added, "x")
                // Its folder's times set back a year, as a copy that keeps times does.
                let folder = journal.site.appendingPathComponent(added).deletingLastPathComponent()
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -365 * 86_400)], ofItemAtPath: folder.path)
            }
            #expect(UserFiles.present(in: journal.site.path, known: known, changedSince: since) == expected, "\(name)")
            #expect(UserFiles.present(in: journal.site.path, known: known), "without the time, every folder is listed: \(name)")
        }
    }

    /// The change time of a file written at `url`, after every folder under `site` was last changed.
    private static func changeTime(of url: URL, after site: URL) throws -> Int {
        // The file system's clock may count in coarse steps: wait for the next one.
        Thread.sleep(forTimeInterval: 0.05)
        try Data("x".utf8).write(to: url)
        return try #require(FileStat.changeTime(of: url.path))
    }

    /// `daybook build` makes an update from the site it replaced, kept in the cache folder, only
    /// while the output holds no file of the user's: theirs are as they are now, not a build ago.
    @Test func anUpdateFromTheSiteItReplacedKeepsTheUsersFilesAndMatchesAFullBuild() async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        var options = BuildOptions(journal: journal.root)
        options.keepsOldSite = true
        options.keptSiteFolder = options.cacheFolder
        let kept = journal.cache.appendingPathComponent("site-gone")
        var round = 0
        func edit() async throws {
            round += 1
            try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day 2\ndate: 2024-03-02 09:00\n---\nEdit \(round).\n")
            _ = try await Builder.run(options)
        }
        _ = try await Builder.run(options)
        try await edit()
        #expect(FileManager.default.fileExists(atPath: kept.path), "the first update keeps the site it replaced")
        try journal.write("_site/CNAME", "journal.example.org\n")
        try journal.write("\(Self.entryFolder)/notes.txt", "mine\n")
        try await edit()
        #expect(try journal.read("_site/CNAME") == "journal.example.org\n")
        #expect(try journal.read("\(Self.entryFolder)/notes.txt") == "mine\n")
        #expect(!FileManager.default.fileExists(atPath: kept.path), "with the user's files in the output, no site is kept")
        try FileManager.default.removeItem(at: journal.site.appendingPathComponent("CNAME"))
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("\(Self.entryFolder)/notes.txt"))
        for _ in 0..<3 { try await edit() }
        #expect(FileManager.default.fileExists(atPath: kept.path))
        // Put where Daybook left it a build ago, its folder's time set back as `cp -p` would:
        // the folder's change time still tells the next update to look into it.
        try journal.write("\(Self.entryFolder)/copied.txt", "mine too\n")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -365 * 86_400)],
                                              ofItemAtPath: journal.root.appendingPathComponent(Self.entryFolder).path)
        try await edit()
        #expect(try journal.read("\(Self.entryFolder)/copied.txt") == "mine too\n")
        #expect(!FileManager.default.fileExists(atPath: kept.path), "with the user's file in the output, no site is kept")
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("\(Self.entryFolder)/copied.txt"))
        for _ in 0..<2 { try await edit() }
        #expect(FileManager.default.fileExists(atPath: kept.path))
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "updates made from the site they replaced")
        options.useCache = false
        _ = try await Builder.run(options)
        #expect(!FileManager.default.fileExists(atPath: kept.path), "a build from scratch removes it")
    }
}
