import Foundation
import Testing
@testable import Daybook

/// The real binary, run as a person runs it.
@Suite struct EndToEndTests {
    // A public journal (base_url), so the build has nothing to warn about; its own robots.txt
    // replaces the one Daybook would write.
    static let good = [
        "daybook.yml": "base_url: https://example.org/\n",
        "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01 08:30\nrating: 4\n---\nGrey morning.\n",
        "entries/2024/05/2024-05-02.md": "Just a day, no front-matter.\n",
        "static/robots.txt": "User-agent: *\n",
    ]

    @Test func buildsAndPrintsOneSummaryLine() throws {
        let journal = try TemporaryJournal(Self.good)
        defer { journal.remove() }
        let result = try CLI.run(["build", journal.root.path])
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(result.stdout.hasPrefix("Built 2 entries into 10 pages in "))
        #expect(result.stdout.hasSuffix(" s: \(journal.site.path)\n"))
        #expect(journal.exists("_site/index.html"))
        #expect(journal.exists("_site/2024/05/01/ferry/index.html"))
        #expect(journal.exists("_site/2024/05/02/entry/index.html"))
        #expect(try journal.read("_site/robots.txt") == "User-agent: *\n")
        #expect(journal.exists("_site/\(SiteManifest.fileName)"))
    }

    @Test func quietPrintsNothing() throws {
        let journal = try TemporaryJournal(Self.good)
        defer { journal.remove() }
        let result = try CLI.run(["build", journal.root.path, "--quiet"])
        #expect(result.status == 0)
        #expect(result.stdout == "" && result.stderr == "")
    }

    @Test func listsEveryProblemAndExitsWithOne() throws {
        var files = Self.good
        files["entries/bad-rating.md"] = "---\ndate: 2024-05-03\nrating: 7\n---\nx\n"
        files["entries/bad-date.md"] = "---\ndate: 2024-02-30\n---\nx\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        let result = try CLI.run(["build", journal.root.path])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == """
            entries/bad-date.md:2:7: error: date '2024-02-30' is impossible: February 2024 has 29 days
            date: 2024-02-30
                  ^
            entries/bad-rating.md:3:9: error: rating must be a whole number from 0 to 5, got 7
            rating: 7
                    ^
            build failed: 2 errors

            """)
        #expect(!journal.exists("_site"))
    }

    @Test func aFailedBuildLeavesThePreviousSiteUntouched() throws {
        let journal = try TemporaryJournal(Self.good)
        defer { journal.remove() }
        #expect(try CLI.run(["build", journal.root.path, "-q"]).status == 0)
        let before = try tree(journal.site)
        try journal.write("entries/2024/05/2024-05-01-ferry.md", "---\ntitle: Ferry\ndate: 2024-05-01\nrating: 9\n---\nChanged.\n")
        try journal.write("templates/entry.mustache", "{{#broken}}")
        let result = try CLI.run(["build", journal.root.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("templates/entry.mustache:1:"))
        #expect(result.stderr.contains("rating must be a whole number"))
        #expect(try tree(journal.site) == before)
        // No staging folder is left behind.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: journal.root.path).filter { $0.hasPrefix(".") && $0 != ".daybook" }
        #expect(leftovers == [])
    }

    @Test func refusesToWriteIntoAFolderItDidNotMake() throws {
        let journal = try TemporaryJournal(Self.good.merging(["notes/keep.txt": "mine\n"]) { $1 })
        defer { journal.remove() }
        let target = journal.root.appendingPathComponent("notes")
        let result = try CLI.run(["build", journal.root.path, "--output", target.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: refusing to build into \(target.path): the folder is not empty and is not a site Daybook built"))
        #expect(try journal.read("notes/keep.txt") == "mine\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["keep.txt"])
    }

    /// An output in a folder the build reads would be read back into the next site: a site in
    /// `static/` copied into itself, one level deeper each time.
    @Test(arguments: ["static/site", "entries/site", "templates", "."])
    func refusesAnOutputInsideWhatItReads(output: String) throws {
        let journal = try TemporaryJournal(Self.good.merging(["static/notes.txt": "notes\n"]) { $1 })
        defer { journal.remove() }
        let before = try tree(journal.root)
        let result = try CLI.run(["build", journal.root.path, "--output", journal.root.appendingPathComponent(output).path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: refusing to build into"))
        #expect(result.stderr.contains(output == "." ? "the journal folder itself" : "inside the journal's \(output.split(separator: "/")[0])/ folder"))
        #expect(try tree(journal.root) == before, "nothing was written")
    }

    @Test func rebuildsOverItsOwnOutput() throws {
        let journal = try TemporaryJournal(Self.good)
        defer { journal.remove() }
        #expect(try CLI.run(["build", journal.root.path, "-q"]).status == 0)
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries/2024/05/2024-05-02.md"))
        #expect(try CLI.run(["build", journal.root.path, "-q"]).status == 0)
        #expect(!journal.exists("_site/2024/05/02/entry/index.html"))
        #expect(journal.exists("_site/2024/05/01/ferry/index.html"))
    }

    @Test func checkValidatesAndWritesNothing() throws {
        let journal = try TemporaryJournal(Self.good)
        defer { journal.remove() }
        let ok = try CLI.run(["check", journal.root.path])
        #expect(ok.status == 0)
        #expect(ok.stdout == "No problems found in 2 entries (10 pages rendered, nothing written).\n")
        #expect(!journal.exists("_site"))
        try journal.write("entries/x.md", "---\ndate: 2024-05-09\nlocation: {name: X, lat: 100, lon: 0}\n---\nx\n")
        let bad = try CLI.run(["check", journal.root.path])
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("entries/x.md:3:26: error: latitude must be a number from -90 to 90, got 100\n"))
        #expect(!journal.exists("_site"))
    }

    @Test func newCreatesAnEntryAndNeverOverwrites() throws {
        let journal = try TemporaryJournal(["daybook.yml": "timezone: Asia/Seoul\n"])
        defer { journal.remove() }
        let first = try CLI.run(["new", journal.root.path, "--title", "Ferry: to the island", "--date", "2024-05-01 08:30", "--no-edit"])
        #expect(first.status == 0)
        let path = journal.root.appendingPathComponent("entries/2024/05/2024-05-01-ferry-to-the-island.md").path
        #expect(first.stdout == path + "\n")
        #expect(try journal.read("entries/2024/05/2024-05-01-ferry-to-the-island.md")
                == "---\ntitle: \"Ferry: to the island\"\ndate: 2024-05-01 08:30\n---\n\n")
        try journal.write("entries/2024/05/2024-05-01-ferry-to-the-island.md", "my words\n")
        let second = try CLI.run(["new", journal.root.path, "--title", "Ferry: to the island", "--date", "2024-05-01 09:00", "--no-edit"])
        #expect(second.stdout.hasSuffix("entries/2024/05/2024-05-01-ferry-to-the-island-2.md\n"))
        #expect(try journal.read("entries/2024/05/2024-05-01-ferry-to-the-island.md") == "my words\n")
    }

    @Test func newDatesTodayInTheJournalsZone() throws {
        let journal = try TemporaryJournal(["daybook.yml": "timezone: Pacific/Kiritimati\n"])
        defer { journal.remove() }
        let result = try CLI.run(["new", journal.root.path, "--no-edit"], environment: ["TZ": "Pacific/Pago_Pago"])
        #expect(result.status == 0)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Pacific/Kiritimati")!
        let today = calendar.dateComponents([.year, .month, .day], from: Date())
        let day = "\(today.year!)-\(pad(today.month!, 2))-\(pad(today.day!, 2))"
        #expect(result.stdout.hasSuffix("/\(day).md\n"))
        let text = try String(contentsOfFile: String(result.stdout.dropLast()), encoding: .utf8)
        #expect(text.hasPrefix("---\ndate: \(day) "))
    }

    @Test func aBaseURLGivesCleanLinksAndCanonicalAddresses() throws {
        let journal = try TemporaryJournal(Self.good)
        defer { journal.remove() }
        #expect(try CLI.run(["build", journal.root.path, "-q", "--base-url", "https://example.org/journal"]).status == 0)
        let page = try journal.read("_site/2024/05/01/ferry/index.html")
        #expect(page.contains("<link rel=\"canonical\" href=\"https://example.org/journal/2024/05/01/ferry/\">"))
        #expect(page.contains("<a class=\"site-title\" href=\"../../../../\">"))
        let notFound = try journal.read("_site/404.html")
        #expect(notFound.contains("href=\"/journal/archives/\""))
        #expect(notFound.contains("href=\"/journal/style."))
    }

    @Test func reportsAMissingJournal() throws {
        let result = try CLI.run(["build", "/nonexistent/journal"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: no journal folder at /nonexistent/journal\nbuild failed: 1 error\n")
    }
}

@Suite struct TerminalTests {
    /// On a terminal a build shows progress, then clears it and prints the summary line.
    @Test func showsProgressOnATerminal() throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        try #require(FileManager.default.isExecutableFile(atPath: script.path), "util-linux `script` provides the terminal")
        let journal = try TemporaryJournal(EndToEndTests.good)
        defer { journal.remove() }
        let process = Process()
        process.executableURL = script
        process.arguments = ["-qec", "'\(CLI.binary.path)' build '\(journal.root.path)'", "/dev/null"]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        // Every page, asset and data file counts once; static files (robots.txt) are copied apart.
        let written = try tree(journal.site).keys.filter { $0 != SiteManifest.fileName && $0 != "robots.txt" }.count
        #expect(written > 10, "10 pages (on this day and the numbers among them), then the stylesheet, scripts and data files")
        #expect(output.contains("Writing pages \(written)/\(written)"))
        #expect(output.contains("\r\u{1B}[KBuilt 2 entries into 10 pages in "))
    }
}
