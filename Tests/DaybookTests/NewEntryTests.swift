import Foundation
import Testing
@testable import Daybook

/// `daybook new --no-edit`: it prints the path, and the entry it starts never breaks a build.
@Suite struct NewEntryTests {
    @Test func aNewEntryIsLeftOutOfTheBuildWithAWarning() throws {
        let journal = try TemporaryJournal(EndToEndTests.good)
        defer { journal.remove() }
        // With --no-edit no editor runs, even one that would fail.
        let new = try CLI.run(["new", journal.root.path, "--title", "Ferry back", "--date", "2024-05-03 18:00", "--no-edit"],
                              environment: ["VISUAL": "false", "EDITOR": "false"])
        let path = "entries/2024/05/2024-05-03-ferry-back.md"
        #expect(new.status == 0)
        #expect(new.stdout == journal.root.appendingPathComponent(path).path + "\n")
        #expect(new.stderr == "")
        #expect(try journal.read(path) == "---\ntitle: \"Ferry back\"\ndate: 2024-05-03 18:00\n---\n\n")

        let warning = "\(path):5:1: warning: no text yet; left out of the site\n"
        let build = try CLI.run(["build", journal.root.path])
        #expect(build.status == 0)
        #expect(build.stderr == warning)
        #expect(build.stdout.hasPrefix("Built 2 entries into 10 pages in "))
        #expect(!journal.exists("_site/2024/05/03"))
        #expect(try !tree(journal.site).values.contains { String(decoding: $0, as: UTF8.self).contains("Ferry back") })
        // Nothing changed: the next build says the same, from the saved state.
        let again = try CLI.run(["build", journal.root.path])
        #expect(again.status == 0 && again.stderr == warning)
        let check = try CLI.run(["check", journal.root.path])
        #expect(check.status == 0 && check.stderr == warning)

        try journal.write(path, "---\ntitle: \"Ferry back\"\ndate: 2024-05-03 18:00\n---\nCalm sea.\n")
        let written = try CLI.run(["build", journal.root.path])
        #expect(written.status == 0 && written.stderr == "")
        #expect(written.stdout.hasPrefix("Built 3 entries"))
        #expect(journal.exists("_site/2024/05/03/ferry-back/index.html"))
    }
}

/// `daybook new` on a terminal (util-linux `script` provides one), with an editor the test writes.
@Suite struct NewEntryEditorTests {
    /// Runs `daybook new` in a pseudo-terminal; the output has the terminal's `\r\n` made `\n`.
    static func runOnATerminal(_ journal: TemporaryJournal, _ arguments: [String], environment: [String: String]) throws -> CLIResult {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        try #require(FileManager.default.isExecutableFile(atPath: script.path), "util-linux `script` provides the terminal")
        let command = ([CLI.binary.path, "new", journal.root.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = script
        process.arguments = ["-qec", command, "/dev/null"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return CLIResult(status: process.terminationStatus, stdout: output.replacingOccurrences(of: "\r\n", with: "\n"), stderr: "")
    }

    /// An editor: a shell script that runs `body` with the file it is given (its last argument) as `$f`.
    static func editor(_ journal: TemporaryJournal, _ name: String, _ body: String) throws -> String {
        let path = journal.root.appendingPathComponent("bin/\(name)").path
        try journal.write("bin/\(name)", "#!/bin/sh\nfor f; do :; done\n\(body)\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    static let entry = "entries/2024/05/2024-05-01-ferry.md"
    static let arguments = ["--title", "Ferry", "--date", "2024-05-01 08:30"]

    /// `$VISUAL` comes first, then `$EDITOR`; either may carry arguments, as `code --wait` does.
    @Test(arguments: [true, false])
    func opensTheEditorThenSaysWhereTheEntryIsAndThatItBuilds(visual: Bool) throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let write = try Self.editor(journal, "write", "[ \"$1\" = --wait ] || exit 3\nprintf 'Calm sea.\\n' >> \"$f\"")
        let environment = visual ? ["VISUAL": "'\(write)' --wait", "EDITOR": "false"] : ["VISUAL": "", "EDITOR": "'\(write)' --wait"]
        let result = try Self.runOnATerminal(journal, Self.arguments, environment: environment)
        #expect(result.status == 0)
        #expect(result.stdout == journal.root.appendingPathComponent(Self.entry).path + "\nIt builds fine.\n")
        #expect(try journal.read(Self.entry) == "---\ntitle: \"Ferry\"\ndate: 2024-05-01 08:30\n---\n\nCalm sea.\n")
    }

    @Test func saysWhenTheEntryHasNoTextYet() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let result = try Self.runOnATerminal(journal, Self.arguments, environment: ["VISUAL": "true"])
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix(Self.entry + "\nNo text yet; it stays out of the site until you write something.\n"))
    }

    @Test func showsTheEntrysErrorsWithTheirPlace() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let bad = try Self.editor(journal, "bad", "printf -- '---\\ndate: 2024-05-01\\nrating: 9\\n---\\nWindy.\\n' > \"$f\"")
        let result = try Self.runOnATerminal(journal, Self.arguments, environment: ["VISUAL": bad])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(Self.entry):3:9: error: rating must be a whole number from 0 to 5, got 9\nrating: 9\n        ^\n"))
        #expect(result.stdout.hasSuffix("It does not build: 1 error above; the build fails until it is fixed.\n"))
    }

    @Test func noEditOpensNothing() throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let touch = try Self.editor(journal, "touch", "touch \"$f.opened\"")
        let result = try Self.runOnATerminal(journal, Self.arguments + ["--no-edit"], environment: ["VISUAL": touch])
        #expect(result.status == 0)
        #expect(result.stdout == journal.root.appendingPathComponent(Self.entry).path + "\n")
        #expect(!journal.exists(Self.entry + ".opened"))
        // The same editor does run without --no-edit: the test above can fail.
        _ = try Self.runOnATerminal(journal, ["--date", "2024-05-02"], environment: ["VISUAL": touch])
        #expect(journal.exists("entries/2024/05/2024-05-02.md.opened"))
    }

    /// A failing editor is named with why, and the entry stays where it was made.
    @Test(arguments: [("false", "it exited with status 1"), ("/nonexistent/editor --wait", "it was not found")])
    func aFailingEditorIsReportedAndTheEntryKept(editor: String, why: String) throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let result = try Self.runOnATerminal(journal, Self.arguments, environment: ["VISUAL": "", "EDITOR": editor])
        #expect(result.status == 1)
        let full = journal.root.appendingPathComponent(Self.entry).path
        #expect(result.stdout.hasSuffix("error: could not edit the entry with '\(editor)': \(why)\nThe entry is kept: \(full)\n"))
        #expect(journal.exists(Self.entry))
    }
}
