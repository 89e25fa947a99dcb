import Foundation
import Testing
@testable import Daybook

/// The feeds hold the newest 20 entries: an edit to an older entry leaves them as they were, an
/// edit to one of them changes them, and every rebuild writes what a full build writes.
@Suite struct FeedsIncrementalTests {
    static func entry(_ day: Int, _ text: String = "Text") -> String {
        "---\ntitle: Day \(day)\ndate: 2024-03-\(pad(day, 2)) 09:00\n---\n\(text) of day \(day).\n"
    }

    @Test func rebuildsTheFeedsOnlyWhenTheirEntriesChange() async throws {
        var files = ["daybook.yml": "title: Feeds\nbase_url: https://example.org/\n"]
        for day in 1...25 { files["entries/\(pad(day, 2)).md"] = Self.entry(day) }
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        _ = try await IncrementalBuildTests.build(journal.root)
        let feed = try journal.read("_site/feed.xml"), json = try journal.read("_site/feed.json")
        #expect(feed.components(separatedBy: "<entry>").count - 1 == 20)
        #expect(feed.contains("Day 25") && feed.contains("Day 6") && !feed.contains("Day 5<"))
        #expect(feed.contains("<updated>2024-03-25T09:00:00+00:00</updated>\n  <link rel=\"self\""))
        let times = IncrementalBuildTests.modificationTimes(journal.site)

        // Day 3 is older than the newest 20.
        try journal.write("entries/03.md", Self.entry(3, "Edited text"))
        _ = try await IncrementalBuildTests.build(journal.root)
        #expect(try journal.read("_site/feed.xml") == feed && journal.read("_site/feed.json") == json)
        let after = IncrementalBuildTests.modificationTimes(journal.site)
        #expect(after["feed.xml"] == times["feed.xml"] && after["feed.json"] == times["feed.json"])
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "an old entry edited")

        try journal.write("entries/24.md", Self.entry(24, "Edited text"))
        _ = try await IncrementalBuildTests.build(journal.root)
        #expect(try journal.read("_site/feed.xml").contains("Edited text of day 24"))
        #expect(try journal.read("_site/feed.json").contains("Edited text of day 24"))
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "a new entry edited")

        let steps: [(String, () throws -> Void)] = [
            ("a newer entry pushes one out", { try journal.write("entries/26.md", Self.entry(26)) }),
            ("a title changes", { try journal.write("entries/25.md", Self.entry(25).replacingOccurrences(of: "title: Day 25", with: "title: Renamed")) }),
            ("the newest goes", { try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries/26.md")) }),
            ("the base URL changes", { try journal.write("daybook.yml", "title: Feeds\nbase_url: https://example.net/sub/\n") }),
            ("the feeds are turned off", { try journal.write("daybook.yml", "title: Feeds\nbase_url: https://example.net/sub/\nfeed: false\n") }),
            ("and on", { try journal.write("daybook.yml", "title: Feeds\nbase_url: https://example.net/sub/\n") }),
            ("a static robots.txt", { try journal.write("static/robots.txt", "User-agent: *\n") }),
        ]
        for (step, change) in steps {
            try change()
            _ = try await IncrementalBuildTests.build(journal.root)
            try await IncrementalBuildTests.expectSameAsFullBuild(journal, step)
        }
        #expect(try journal.read("_site/feed.xml").contains("<id>tag:example.net,2024:sub/2024/03/25/renamed/</id>"))
        #expect(try journal.read("_site/robots.txt") == "User-agent: *\n")
    }

    /// Issue 23: a file moved to another folder under another name kept its old id in the
    /// incremental feeds, where a full build wrote one from the new path.
    @Test func anEntryMovedToAnotherFolderKeepsItsIdAndMatchesAFullBuild() async throws {
        var files = ["daybook.yml": "title: Feeds\nbase_url: https://example.org/\ntag_feeds: true\n"]
        for day in 20...26 {
            files["entries/2025/10/2025-10-\(day)-towel.md"] = "---\ntitle: Towel \(day)\ndate: 2025-10-\(day)\ntags: [sea]\n---\nDay \(day).\n"
        }
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        _ = try await IncrementalBuildTests.build(journal.root)
        let id = "<id>tag:example.org,2025:2025/10/26/towel-26/</id>"
        #expect(try journal.read("_site/feed.xml").contains(id))
        let from = journal.root.appendingPathComponent("entries/2025/10/2025-10-26-towel.md")
        let to = journal.root.appendingPathComponent("entries/renamed/0352780-2025-10-26-towel.md")
        try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: from, to: to)
        _ = try await IncrementalBuildTests.build(journal.root)
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "an entry moved and renamed")
        for feed in ["_site/feed.xml", "_site/tags/sea/feed.xml"] { #expect(try journal.read(feed).contains(id), "\(feed)") }
        #expect(try journal.read("_site/feed.json").contains("\"id\" : \"tag:example.org,2025:2025/10/26/towel-26/\""))
    }
}
