import Testing
@testable import Daybook

/// A bracket or quote left open in the front-matter is found at its end, the closing `---`; the
/// caret goes to where it was opened, which the message names (it pointed at the `---`).
@Suite struct YAMLCaretTests {
    @Test func anUnclosedBracketIsShownWhereItOpens() {
        let (_, diagnostics) = loadEntry("---\ntitle: A day\ndate: 2024-05-01\nrating: [1\n---\nBody\n")
        #expect(diagnostics.map(\.rendered) == ["""
            entries/2024/05/01.md:4:9: error: malformed YAML in front-matter: while parsing a flow sequence started here: did not find expected ',' or ']' at line 5, column 1
            rating: [1
                    ^
            """])
    }

    @Test func anUnclosedQuoteIsShownWhereItOpens() {
        let (_, diagnostics) = loadEntry("---\ntitle: \"A day\ndate: 2024-05-01\n---\nBody\n")
        #expect(diagnostics.map(\.headline) == [
            "entries/2024/05/01.md:2:8: error: malformed YAML in front-matter: while scanning a quoted scalar started here: found unexpected end of stream at line 3, column 17",
        ])
    }
}
