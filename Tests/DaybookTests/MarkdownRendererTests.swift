import Testing
@testable import Daybook

/// The plain text kept for excerpts and search: white space collapsed as Unicode defines it.
@Suite struct MarkdownRendererTests {
    /// What `Whitespace.collapsed` must do, spelled with Unicode properties.
    static func reference(_ text: String) -> String {
        text.unicodeScalars.split(whereSeparator: \.properties.isWhitespace).map { String(String.UnicodeScalarView($0)) }
            .joined(separator: " ")
    }

    @Test func collapsesEveryKindOfWhiteSpaceAsUnicodeDefinesIt() {
        let spaces = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter(\.properties.isWhitespace)
        #expect(spaces.count == 25)
        for space in spaces {
            let text = "\(space)a\(space)\(space)é\u{3000}語\(space)"
            #expect(Whitespace.collapsed(text) == Self.reference(text), "U+\(String(space.value, radix: 16))")
        }
        // Neighbours of the white-space characters in UTF-8 stay as they are.
        for text in ["\u{84}\u{86}\u{9F}\u{A1}", "\u{1679}\u{1681}\u{1FFF}\u{200B}\u{2027}\u{202A}\u{2030}\u{205E}\u{2060}",
                     "\u{2FFF}\u{3001}", "  a\tb\n\nc  ", "", " ", "x"] {
            #expect(Whitespace.collapsed(text) == Self.reference(text))
        }
    }

    @Test(arguments: [
        ("I took it apart.\n\n## What was wrong\n\nThe base was loose.", "I took it apart. What was wrong. The base was loose."),
        ("## Why?\n\nBecause.", "Why? Because."),
        ("# 비 오는 날\n\n아침", "비 오는 날. 아침"),
    ])
    func aHeadingEndsLikeASentenceInThePlainText(markdown: String, plain: String) {
        #expect(MarkdownRenderer.render(markdown, rawHTML: false, rootPrefix: "").plainText == plain)
    }
}
