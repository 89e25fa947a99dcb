import Testing
@testable import Daybook

/// GitHub's tables and task lists are plain text in CommonMark: the loader (so `build` and
/// `check`) warns once per entry, at the first such line, with the line under the message.
@Suite struct GFMWarningTests {
    static let table = "entries/2024/05/01.md:6:1: warning: a GitHub-style table shows as plain text: Daybook renders CommonMark, which has none; see docs/entries.md"

    @Test func aTableIsNamedAtItsHeaderRowOnce() {
        let (entry, diagnostics) = loadEntry("""
            ---
            date: 2024-05-01
            ---
            Trams this week:

            | Day | Tram |
            | --- | :--: |
            | Mon | 28 |

            - [ ] and a task list after it

            | A | B |
            |---|---|
            """)
        #expect(entry != nil)
        #expect(diagnostics.map(\.rendered) == [Self.table + "\n| Day | Tram |\n^"])
    }

    @Test(arguments: ["- [ ] buy tiles", "* [x] glue", "1. [X] paint", "  + [ ]"])
    func aTaskListIsNamed(item: String) {
        let (_, diagnostics) = loadEntry("---\ndate: 2024-05-01\n---\nA list:\n\n\(item)\n")
        #expect(diagnostics.map(\.headline) == ["entries/2024/05/01.md:6:1: warning: a GitHub-style task list shows as plain text: Daybook renders CommonMark, which has none; see docs/entries.md"])
    }

    @Test(arguments: [
        "```\n| a | b |\n|---|---|\n- [ ] x\n```\n",  // in a fenced code block
        "    | a | b |\n    |---|---|\n",  // in an indented code block
        "a | b\n\n---\n",  // a rule after a paragraph with a bar
        "- [link] here\n- [ ]x\n",  // not task items
        "Price: 3 | 4\n-- not a rule\n",
    ])
    func ordinaryMarkdownIsNotWarnedAbout(body: String) {
        let (_, diagnostics) = loadEntry("---\ndate: 2024-05-01\n---\n" + body)
        #expect(diagnostics.isEmpty)
    }

    /// Lines are found by their bytes since issue 26: after text in other scripts, and with a
    /// header row that is not ASCII, the warning keeps its line and shows the row.
    @Test func aTableAfterOtherScriptsKeepsItsLine() {
        let (_, diagnostics) = loadEntry("---\ndate: 2024-05-01\n---\n밤이 깊었다 🐦 é\n\n| 날 | 트램 🚋 |\n|---|:-:|\n")
        #expect(diagnostics.map(\.rendered) == [Self.table + "\n| 날 | 트램 🚋 |\n^"])
    }
}
