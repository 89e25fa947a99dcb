import Testing
@testable import Daybook

/// The word counts and excerpts the stats and lists show, pinned across rewrites of how they are
/// counted (bytes instead of `Character`s: issue 26).
@Suite struct WordCountTests {
    /// What the counting was before it went to bytes: `Character`s split at white space, a run
    /// counted when one of its characters is a letter or a number. The reference for the table.
    static func characterCount(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count { $0.contains { $0.isLetter || $0.isNumber } }
    }

    @Test(arguments: [
        ("", 0), ("   \n\t ", 0), ("One two  three.", 3), ("  leading and trailing  ", 3),
        ("Hello, world!", 2), ("don't stop—now", 2), ("— - … * ()", 0), ("Salt, vinegar — and 3 gulls 🐦", 5),
        ("one\ttwo\nthree\r\nfour\u{0B}five\u{0C}six", 6), ("1,234.5 kg", 2), ("٣ ٤٥ ²", 3),
        ("a\u{00A0}b\u{2009}c\u{202F}d\u{3000}e\u{2028}f\u{2029}g\u{205F}h\u{1680}i\u{0085}j", 10),
        ("a\u{200B}b zero\u{2060}width", 2), ("밤이 깊었다.", 2), ("서울에서 3일, 부산에서 2일.", 4),
        ("日本語の文章です。次の文。", 1), ("日本語の文章です。\u{3000}次の文。", 2), ("中文 English 混合 text", 4),
        ("مرحبا بالعالم، كيف حالك؟", 4), ("שלום עולם", 2), ("नमस्ते दुनिया ।", 2), ("สวัสดีครับ ผม", 2),
        ("Привет, мир! Ёжик.", 3), ("Γειά σου κόσμε", 3), ("café e\u{301}te naïve", 3),
        ("🐦 🎉 👨‍👩‍👧 ok", 1), ("🇰🇷🇯🇵 flags", 1), ("#tag @name x+y", 3), ("__ -- ** 42", 1),
    ])
    func countsWordsAsBefore(text: String, words: Int) {
        #expect(Entry.wordCount(of: text) == words)
        #expect(Self.characterCount(text) == words, "the table agrees with the character count it pins")
    }

    /// Every scalar of the basic and supplementary planes (and a sample of the ideographs'),
    /// between letters (is it white space?) and between spaces (is it a letter or a number?),
    /// counted as the characters counted it. A scalar that joins the space before it into one
    /// character (a combining mark) is where the two may differ, so it is left out of the second.
    @Test func agreesWithTheCharacterCountOnEveryScalar() {
        var differing: [String] = []
        for value in Array(UInt32(0x21)...0x1_FFFF) + Array(stride(from: UInt32(0x2_0000), to: 0x3_2000, by: 97)) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = String(scalar)
            if Entry.wordCount(of: "a\(character)a") != Self.characterCount("a\(character)a") {
                differing.append("U+" + hex(value, 4, uppercase: true) + " between letters")
            }
            guard (" " + character).count == 2 else { continue }
            if Entry.wordCount(of: " \(character) ") != Self.characterCount(" \(character) ") {
                differing.append("U+" + hex(value, 4, uppercase: true) + " alone")
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20))")
    }

    @Test func excerptsAsBefore() {
        #expect(Entry.excerpt(of: "Short.") == "Short.")
        let exact = String(repeating: "é", count: Entry.excerptLength)
        #expect(Entry.excerpt(of: exact) == exact, "a text of exactly the length is not cut")
        #expect(Entry.excerpt(of: exact + "e\u{301}") == exact + "…", "cut after the length in characters, not bytes")
        #expect(Entry.excerpt(of: "one two three four", length: 9) == "one two…")
        #expect(Entry.excerpt(of: "one, two, three", length: 10) == "one, two…", "punctuation before the cut goes")
        #expect(Entry.excerpt(of: "밤이 깊었다. 바람이 분다.", length: 8) == "밤이 깊었다…")
    }
}
