import Foundation
import Testing
@testable import Daybook

/// The journal's own `quotes.yml` or `quotes.json`, and what goes wrong in one.
@Suite struct QuoteFileTests {
    func read(_ path: String, _ text: String) -> ([Quote], [String]) {
        let (quotes, diagnostics) = QuoteFileLoader.read(path: path, bytes: Array(text.utf8))
        return (quotes, diagnostics.map(\.headline))
    }

    @Test func readsAYAMLList() {
        let (quotes, problems) = read("quotes.yml", """
            # Mine
            - text: Write a little every day.
              author: Me
            - text: >
                Folded over
                two lines.
            - { text: "Flow style", author: ~ }
            - text: 1984
              author: 42
            """)
        #expect(problems == [])
        #expect(quotes == [Quote(text: "Write a little every day.", author: "Me"), Quote(text: "Folded over two lines."),
                           Quote(text: "Flow style"), Quote(text: "1984", author: "42")])
    }

    @Test func readsAJSONListIndentedWithTabsAndWithEscapes() {
        let (quotes, problems) = read("quotes.json", "[\n\t{\"text\": \"Wild garlic \\ud83c\\udf3f, caf\\u00e9 \\\"au lait\\\" \\\\ud83c\", \"author\": \"Mira\"},\n\t{\"text\": \"No author\", \"author\": null}\n]\n")
        #expect(problems == [])
        #expect(quotes == [Quote(text: "Wild garlic 🌿, café \"au lait\" \\ud83c", author: "Mira"), Quote(text: "No author")])
    }

    @Test(arguments: [
        ("quotes.yml", "- author: Seneca\n", "quotes.yml:1:3: error: quote has no text"),
        ("quotes.yml", "- text: \"  \"\n  author: Seneca\n", "quotes.yml:1:3: error: quote has no text"),
        ("quotes.yml", "- text: [one, two]\n", "quotes.yml:1:9: error: text must be text, got a list"),
        ("quotes.yml", "- text: Fine\n  author: {name: Me}\n", "quotes.yml:2:11: error: author must be text, got a mapping"),
        ("quotes.yml", "- Just a sentence.\n", "quotes.yml:1:3: error: a quote must be a mapping such as {text: \"…\", author: \"…\"}, got 'Just a sentence.'"),
        ("quotes.yml", "text: Not a list\n", "quotes.yml:1:1: error: quotes must be a list of {text, author}, got a mapping"),
        ("quotes.yml", "- text: Fine\n- text: [unclosed\n", "quotes.yml:3:1: error: malformed YAML: did not find expected ',' or ']'"),
        ("quotes.yml", "- text: One\n  text: Two\n", "quotes.yml:1:3: error: duplicate key 'text' in a quote"),
        ("quotes.json", "[{\"text\": 42}]", "quotes.json:1:11: error: text must be a string in quotes, got 42"),
        ("quotes.json", "[{\"text\": \"Fine\", \"author\": true}]", "quotes.json:1:29: error: author must be a string in quotes, got true"),
        ("quotes.json", "[\n  {\"text\": \"a\" \"author\": \"b\"}\n]", "quotes.json:2:16: error: malformed JSON: did not find expected ',' or '}'"),
        ("quotes.json", "[{\"author\": \"Nobody\"}]", "quotes.json:1:2: error: quote has no text"),
    ])
    func reportsAProblemWithItsPosition(path: String, text: String, headline: String) {
        let (_, problems) = read(path, text)
        #expect(problems == [headline])
    }

    @Test func reportsEveryProblemOfTheFileAtOnceAndKeepsTheGoodQuotes() {
        let (quotes, problems) = read("quotes.yml", "- text: Good\n- author: Nobody\n- text: Also good\n  autor: Typo\n- text: {a: 1}\n")
        #expect(quotes.map(\.text) == ["Good", "Also good"])
        #expect(problems == [
            "quotes.yml:2:3: error: quote has no text",
            "quotes.yml:4:3: warning: unknown key 'autor' in a quote is ignored; a quote has text and author",
            "quotes.yml:5:9: error: text must be text, got a mapping",
        ])
    }

    @Test func anEmptyFileIsAnEmptyList() {
        #expect(read("quotes.yml", "").0 == [])
        #expect(read("quotes.yml", "# nothing yet\n") == ([], []))
        #expect(read("quotes.json", "[]") == ([], []))
    }

    @Test func aFileThatIsNotUTF8IsAnError() {
        let (_, problems) = QuoteFileLoader.read(path: "quotes.yml", bytes: Array("- text: caf".utf8) + [0xE9])
        #expect(problems.map(\.headline) == ["quotes.yml:1:12: error: file is not valid UTF-8 (byte 0xE9); save it as UTF-8"])
    }

    @Test func aBackslashBeforeAnEscapeIsNotTakenForASurrogate() {
        #expect(QuoteFileLoader.yamlCompatible(json: #""\ud83c\udf3f""#) == #""\U0001F33F""#)
        #expect(QuoteFileLoader.yamlCompatible(json: #""\\ud83c\udf3f""#) == #""\\ud83c\udf3f""#)
        #expect(QuoteFileLoader.yamlCompatible(json: "[\t1]") == "[ 1]")
    }

    @Test func bothFilesAtOnceIsAnError() async throws {
        let journal = try TemporaryJournal([
            // No feeds, so the error is the only problem.
            "daybook.yml": "feed: false\n",
            "entries/2024-05-01.md": "Hi.\n",
            "quotes.yml": "- text: From YAML\n",
            "quotes.json": "[{\"text\": \"From JSON\"}]",
        ])
        defer { journal.remove() }
        do {
            _ = try await Builder.run(BuildOptions(journal: journal.root))
            Issue.record("the build should fail")
        } catch {
            #expect(error.diagnostics.map(\.headline) == ["quotes.json:1:1: error: quotes.yml and quotes.json both exist; keep one of them"])
        }
    }
}
