import Foundation
import Testing
@testable import Daybook

/// Rebuilds after changes to writers write exactly what a full build writes: whether rows name a
/// writer depends on every entry (two writers or more), and an entry's writer on the settings
/// (`default_writer:`), not only on its own file.
@Suite struct WritersIncrementalTests {
    static func entry(_ day: String, _ title: String, author: String? = nil, extra: String = "") -> String {
        "---\ntitle: \(title)\ndate: \(day)\n\(author.map { "author: \($0)\n" } ?? "")\(extra)---\nText of \(title).\n"
    }

    static let settings = "title: Writers\nhome_entries: 2\nwriters:\n  anna: {name: Anna}\n  ben: {name: Ben}\n  cleo: Cleo\ndefault_writer: anna\n"

    @Test func matchesAFullBuildAfterEveryChangeOfWriter() async throws {
        var files = ["daybook.yml": Self.settings]
        for day in 1...6 { files["entries/2024-0\(day <= 3 ? 3 : 4)-0\(day).md"] = Self.entry("2024-0\(day <= 3 ? 3 : 4)-0\(day)", "Day \(day)") }
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        _ = try await IncrementalBuildTests.build(journal.root)
        let steps: [(String, () throws -> Void)] = [
            // A second writer: every row, on pages whose entries did not change, names its writer.
            ("an entry changes writer, so two write", { try journal.write("entries/2024-04-06.md", Self.entry("2024-04-06", "Day 6", author: "ben")) }),
            ("an entry changes writer again", { try journal.write("entries/2024-03-01.md", Self.entry("2024-03-01", "Day 1", author: "cleo")) }),
            ("the default writer changes", { try journal.write("daybook.yml", Self.settings.replacingOccurrences(of: "default_writer: anna", with: "default_writer: cleo")) }),
            ("a writer is renamed", { try journal.write("daybook.yml", Self.settings.replacingOccurrences(of: "Ben}", with: "Benjamin}")) }),
            ("a writer's only entry becomes a draft", {
                try journal.write("entries/2024-04-06.md", Self.entry("2024-04-06", "Day 6", author: "ben", extra: "draft: true\n"))
            }),
            ("back to one writer", { try journal.write("entries/2024-03-01.md", Self.entry("2024-03-01", "Day 1")) }),
            ("the writers go", { try journal.write("daybook.yml", "title: Writers\nhome_entries: 2\n") }),
        ]
        for (step, change) in steps {
            try change()
            _ = try await IncrementalBuildTests.build(journal.root)
            try await IncrementalBuildTests.expectSameAsFullBuild(journal, step)
        }
    }

    /// `by:` reads the writer from each entry's search document, which is kept between builds
    /// by a key: a writer given by the settings alone must make the document again.
    @Test func searchDocumentsFollowTheDefaultWriter() async throws {
        let journal = try TemporaryJournal([
            "daybook.yml": Self.settings,
            "entries/a.md": Self.entry("2024-03-01", "First"),
            "entries/b.md": Self.entry("2024-03-02", "Second", author: "ben"),
        ])
        defer { journal.remove() }
        _ = try await IncrementalBuildTests.build(journal.root)
        try journal.write("daybook.yml", Self.settings.replacingOccurrences(of: "default_writer: anna", with: "default_writer: cleo"))
        _ = try await IncrementalBuildTests.build(journal.root)
        // A kept document still says anna: the index then differs from a full build's.
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "the default writer changes")
    }

    /// A mixed journal: an entry changes writer, public and private, and the writer of private
    /// entries alone comes and goes on the public site; each build equal to one from scratch,
    /// sealed editions included.
    @Test func aPrivateJournalMatchesABuildFromScratchWhenAnEntryChangesWriter() throws {
        var files = [
            "daybook.yml": Self.settings,
            "entries/2024-03-01.md": Self.entry("2024-03-01", "Day 1"),
            "entries/2024-03-02.md": Self.entry("2024-03-02", "Day 2", author: "ben"),
            "entries/2024-03-03.md": Self.entry("2024-03-03", "Day 3", author: "cleo", extra: "private: true\n"),
        ]
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        #expect(try PrivateBuildTests.build(journal).status == 0)
        let steps: [(String, String, String)] = [
            ("a private entry changes writer", "entries/2024-03-03.md", Self.entry("2024-03-03", "Day 3", author: "ben", extra: "private: true\n")),
            ("a public entry changes writer", "entries/2024-03-02.md", Self.entry("2024-03-02", "Day 2", author: "anna")),
            ("a private entry's writer comes back", "entries/2024-03-03.md", Self.entry("2024-03-03", "Day 3", author: "cleo", extra: "private: true\n")),
            ("a public entry brings a second writer again", "entries/2024-03-01.md", Self.entry("2024-03-01", "Day 1", author: "cleo")),
        ]
        for (step, path, text) in steps {
            files[path] = text
            try journal.write(path, text)
            let incremental = try PrivateBuildTests.build(journal)
            #expect(incremental.status == 0, "\(step): \(incremental.stderr)")
            let scratch = try TemporaryJournal(files)
            defer { scratch.remove() }
            #expect(try PrivateBuildTests.build(scratch, ["--no-cache"]).status == 0)
            let made = try tree(journal.site), expected = try tree(scratch.site)
            #expect(Set(made.keys) == Set(expected.keys), "\(step): other files")
            for (file, data) in expected where made[file] != data { Issue.record("\(step): \(file) differs") }
        }
    }

    /// A portrait is read from `daybook.yml`'s path, no entry's file: the quick "nothing changed"
    /// check must see it replaced, or the site keeps the old picture.
    @Test func aReplacedPortraitIsPublished() async throws {
        let settings = Self.settings.replacingOccurrences(of: "anna: {name: Anna}", with: "anna: {name: Anna, portrait: people/anna.png}")
        let journal = try TemporaryJournal([
            "daybook.yml": settings,
            "entries/a.md": Self.entry("2024-03-01", "First"),
            "entries/b.md": Self.entry("2024-03-02", "Second", author: "ben"),
        ])
        defer { journal.remove() }
        try PhotoSupport.make(journal, "people/anna.png", ["--format", "png", "--size", "300x200"])
        // Entry files old enough to be trusted by their times, so nothing else sends the build on.
        try UpToDateTests.backdate(journal)
        _ = try await IncrementalBuildTests.build(journal.root)
        #expect(UpToDateTests.answeredFromState(try await IncrementalBuildTests.build(journal.root)))
        try PhotoSupport.make(journal, "people/anna.png", ["--format", "png", "--size", "200x300"])
        #expect(!UpToDateTests.answeredFromState(try await IncrementalBuildTests.build(journal.root)))
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "a portrait replaced")
    }
}
