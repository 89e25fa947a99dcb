import Foundation
import Testing
@testable import Daybook

@Suite struct EntryLoaderTests {
    @Test func readsEveryFrontMatterField() throws {
        let (entry, diagnostics) = loadEntry("""
            ---
            title: Ferry to the island
            date: 2024-05-01 08:30
            rating: 4
            location: { name: Naoshima, lat: 34.46, lon: 133.99 }
            tags: [travel, sea]
            mood: calm
            ---
            The morning was *grey*.
            """)
        #expect(diagnostics.isEmpty)
        let value = try #require(entry)
        #expect(value.title == "Ferry to the island")
        #expect(value.date.iso8601 == "2024-05-01T08:30:00+00:00")
        #expect(value.rating == 4)
        #expect(value.place == Place(name: "Naoshima", latitude: 34.46, longitude: 133.99))
        #expect(value.tags == ["travel", "sea"])
        #expect(value.extra == ["mood": .text("calm")])
        #expect(value.html == "<p>The morning was <em>grey</em>.</p>\n")
        #expect(value.plainText == "The morning was grey.")
    }

    @Test func acceptsAPlaceNameAndCommaSeparatedTags() throws {
        let (entry, _) = loadEntry("---\ndate: 2024-05-01\nlocation: Home\ntags: \"books, rain , books\"\n---\nx\n")
        #expect(entry?.place == Place(name: "Home"))
        #expect(entry?.tags == ["books", "rain"])
    }

    @Test func takesTheDateFromTheFileNameWhenTheFrontMatterHasNone() throws {
        let (entry, diagnostics) = loadEntry("---\ntitle: A\n---\nx\n", path: "entries/2023-11-05-a.md")
        #expect(diagnostics.isEmpty)
        #expect(entry?.date.iso8601 == "2023-11-05")
        let (both, _) = loadEntry("---\ndate: 2023-11-06 10:00\n---\nx\n", path: "entries/2023-11-05-a.md")
        #expect(both?.date.iso8601 == "2023-11-06T10:00:00+00:00")
    }

    /// Each bad input, and the exact first line the user sees.
    @Test(arguments: [
        ("---\ntitle: [x\ndate: 2024-05-01\n---\nx\n",
         "entries/2024/05/01.md:2:8: error: malformed YAML in front-matter: while parsing a flow sequence started here: did not find expected ',' or ']' at line 3, column 5"),
        ("---\ndate: 2024-05-01\ntitle: a\n title: b\n---\nx\n",
         "entries/2024/05/01.md:4:7: error: malformed YAML in front-matter: mapping values are not allowed in this context"),
        ("---\ndate: May 1st\n---\nx\n",
         "entries/2024/05/01.md:2:7: error: date 'May 1st' has an unknown shape; use 2024-05-01, 2024-05-01 08:30 or 2024-05-01T08:30:00+02:00"),
        ("---\ndate: 2024-02-30\n---\nx\n",
         "entries/2024/05/01.md:2:7: error: date '2024-02-30' is impossible: February 2024 has 29 days"),
        ("---\ntitle: No date\n---\nx\n",
         "entries/2024/05/01.md:1:1: error: entry has no date; add `date: 2024-05-01` to the front-matter or start the file name with the date"),
        ("---\ndate: 2024-05-01\nrating: 7\n---\nx\n",
         "entries/2024/05/01.md:3:9: error: rating must be a whole number from 0 to 5, got 7"),
        ("---\ndate: 2024-05-01\nrating: good\n---\nx\n",
         "entries/2024/05/01.md:3:9: error: rating must be a whole number from 0 to 5, got good"),
        ("---\ndate: 2024-05-01\nrating: 3.5\n---\nx\n",
         "entries/2024/05/01.md:3:9: error: rating must be a whole number from 0 to 5, got 3.5"),
        ("---\ndate: 2024-05-01\nlocation: {name: Pole, lat: 91, lon: 0}\n---\nx\n",
         "entries/2024/05/01.md:3:29: error: latitude must be a number from -90 to 90, got 91"),
        ("---\ndate: 2024-05-01\nlocation: {name: X, lat: 10, lon: -180.5}\n---\nx\n",
         "entries/2024/05/01.md:3:35: error: longitude must be a number from -180 to 180, got -180.5"),
        ("---\ndate: 2024-05-01\nlocation: {name: X, lat: 10}\n---\nx\n",
         "entries/2024/05/01.md:3:11: error: location needs both lat and lon, or neither"),
        ("---\ndate: 2024-05-01\ntags: {travel: yes}\n---\nx\n",
         "entries/2024/05/01.md:3:7: error: tags must be a list such as [travel, sea] or a comma-separated string, got a mapping"),
        ("---\ndate: 2024-05-01\ntags: [travel, [sea]]\n---\nx\n",
         "entries/2024/05/01.md:3:16: error: tags must be a list of words, got a list in the list"),
        ("---\ndate: 2024-05-01\ntitle: [a, b]\n---\nx\n",
         "entries/2024/05/01.md:3:8: error: title must be text, got a list"),
        ("---\ndate: 2024-05-01\ndraft: maybe\n---\nx\n",
         "entries/2024/05/01.md:3:8: error: draft must be true or false, got maybe"),
        ("+++\ntitle = \"TOML\"\ndate = 2024-05-01\n",
         "entries/2024/05/01.md:1:1: error: front-matter opened here is never closed; add a line with +++ after the last key"),
        ("+++\ndate = 2024-05-01\ntags = \"a\"\ntags = \"b\"\n+++\nx\n",
         "entries/2024/05/01.md:4:1: error: malformed TOML in front-matter: duplicate key 'tags'"),
        ("---\ndate: 2024-05-01\ntitle: never closed\n",
         "entries/2024/05/01.md:1:1: error: front-matter opened here is never closed; add a line with --- after the last key"),
        ("---\ndate: 2024-05-01\ndate: 2024-05-02\n---\nx\n",
         "entries/2024/05/01.md:3:1: error: duplicate key 'date' (first given on line 2)"),
        ("---\n- just\n- a list\n---\nx\n",
         "entries/2024/05/01.md:2:1: error: front-matter must be keys and values, such as `title: A day out`"),
    ])
    func reportsBadInputWithItsPosition(text: String, headline: String) {
        let (entry, diagnostics) = loadEntry(text)
        #expect(entry == nil)
        #expect(diagnostics.map(\.headline) == [headline])
    }

    /// An entry just started is left out with a warning at its empty body, never an error.
    @Test(arguments: [
        ("---\ndate: 2024-05-01\n---\n\n  \n", "entries/2024/05/01.md:4:1: warning: no text yet; left out of the site"),
        ("---\ntitle: \"A\"\ndate: 2024-05-01 08:30\n---\n\n", "entries/2024/05/01.md:5:1: warning: no text yet; left out of the site"),
        ("---\ndate: 2024-05-01\n---", "entries/2024/05/01.md:3:1: warning: no text yet; left out of the site"),
    ])
    func leavesOutAnEntryWithNoTextYet(text: String, headline: String) {
        let (entry, diagnostics) = loadEntry(text, path: "entries/2024/05/01.md")
        #expect(entry == nil)
        #expect(diagnostics.map(\.headline) == [headline])
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        // A blank file dated by its name is an entry not started yet too.
        let (blank, warnings) = loadEntry("\n \t\n", path: "entries/2024-05-01.md")
        #expect(blank == nil)
        #expect(warnings.map(\.headline) == ["entries/2024-05-01.md:1:1: warning: no text yet; left out of the site"])
    }

    @Test func aDraftMayHaveNoTextAndAnEmptyEntryWithErrorsReportsOnlyThem() throws {
        let (draft, quiet) = loadEntry("---\ndate: 2024-05-01\ndraft: true\n---\n\n")
        #expect(quiet.isEmpty)
        #expect(try #require(draft).isDraft)
        let (bad, errors) = loadEntry("---\ndate: 2024-05-01\nrating: 9\n---\n\n")
        #expect(bad == nil)
        #expect(errors.map(\.headline) == ["entries/2024/05/01.md:3:9: error: rating must be a whole number from 0 to 5, got 9"])
    }

    @Test func showsTheOffendingLineWithACaret() {
        let (_, diagnostics) = loadEntry("---\ndate: 2024-05-01\nrating: 7\n---\nx\n")
        #expect(diagnostics.first?.rendered == """
            entries/2024/05/01.md:3:9: error: rating must be a whole number from 0 to 5, got 7
            rating: 7
                    ^
            """)
    }

    @Test func reportsEveryProblemOfAFileAtOnce() {
        let (_, diagnostics) = loadEntry("---\ndate: 2024-02-30\nrating: 9\ntags: {a: b}\n---\n\n")
        #expect(diagnostics.map { $0.location?.line ?? 0 } == [2, 3, 4])
    }

    @Test func rejectsAFileThatIsNotUTF8() {
        let (entry, diagnostics) = EntryLoader(dates: DateParser(timeZone: .gmt), rawHTML: false)
            .load(path: "entries/a.md", bytes: Array("---\ndate: 2024-05-01\n---\ncaf".utf8) + [0xE9, 0x0A])
        #expect(entry == nil)
        #expect(diagnostics.map(\.headline) == ["entries/a.md:4:4: error: file is not valid UTF-8 (byte 0xE9); save it as UTF-8"])
    }

    @Test func rejectsUTF16WithAClearMessage() {
        let (_, diagnostics) = EntryLoader(dates: DateParser(timeZone: .gmt), rawHTML: false)
            .load(path: "entries/a.md", bytes: [0xFF, 0xFE, 0x2D, 0x00])
        #expect(diagnostics.map(\.headline) == ["entries/a.md:1:1: error: file is UTF-16; save it as UTF-8"])
    }

    @Test func readsByteOrderMarkCRLFAndNoFinalNewline() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("---\r\ntitle: BOM\r\ndate: 2024-05-01\r\n---\r\nLine one\r\nline two".utf8)
        let (entry, diagnostics) = EntryLoader(dates: DateParser(timeZone: .gmt), rawHTML: false).load(path: "entries/a.md", bytes: bytes)
        #expect(diagnostics.isEmpty)
        #expect(entry?.title == "BOM")
        #expect(entry?.html == "<p>Line one\nline two</p>\n")
    }

    @Test func allowsBlankLinesBeforeTheOpeningFence() {
        let (entry, diagnostics) = loadEntry("\n\n---\ndate: 2024-05-01\nrating: 9\n---\nx\n")
        #expect(entry == nil)
        // Positions still count the blank lines.
        #expect(diagnostics.map(\.headline) == ["entries/2024/05/01.md:5:9: error: rating must be a whole number from 0 to 5, got 9"])
    }

    @Test func keepsAHorizontalRuleInTheBody() {
        let (entry, _) = loadEntry("---\ndate: 2024-05-01\n---\nAbove\n\n---\n\nBelow\n")
        #expect(entry?.html == "<p>Above</p>\n<hr />\n<p>Below</p>\n")
    }

    @Test func replacesControlCharactersWithAWarning() {
        let (entry, diagnostics) = loadEntry("---\ndate: 2024-05-01\n---\nA\u{0}B\u{7}C\n")
        #expect(entry?.html == "<p>A\u{FFFD}B\u{FFFD}C</p>\n")
        #expect(diagnostics.map(\.headline) == ["entries/2024/05/01.md:4:2: warning: control character U+0000 replaced with U+FFFD"])
    }

    @Test func leavesRawHTMLOutUnlessAllowed() {
        let text = "---\ndate: 2024-05-01\n---\nHi <script>alert(1)</script>\n"
        #expect(loadEntry(text).0?.html == "<p>Hi <!-- raw HTML omitted -->alert(1)<!-- raw HTML omitted --></p>\n")
        let allowed = EntryLoader(dates: DateParser(timeZone: .gmt), rawHTML: true).load(path: "entries/a.md", bytes: Array(text.utf8))
        #expect(allowed.0?.html == "<p>Hi <script>alert(1)</script></p>\n")
    }

    @Test func makesRootRelativeLinksRelativeToTheEntryPage() {
        let (entry, _) = loadEntry("---\ndate: 2024-05-01\n---\n[a](/2024/05/) [b](//host/x) [c](https://x.org/) ![d](/p.png)\n")
        #expect(entry?.html == "<p><a href=\"../../../../2024/05/\">a</a> <a href=\"//host/x\">b</a> <a href=\"https://x.org/\">c</a> <img src=\"../../../../p.png\" alt=\"d\" /></p>\n")
    }

    @Test func allowsADraftWithoutText() {
        let (entry, diagnostics) = loadEntry("---\ndate: 2024-05-01\ndraft: true\n---\n")
        #expect(diagnostics.isEmpty)
        #expect(entry?.isDraft == true)
    }
}
