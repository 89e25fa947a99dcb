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
}
