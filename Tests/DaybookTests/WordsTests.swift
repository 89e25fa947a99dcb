import Foundation
import Testing
@testable import Daybook

/// The translation tables Daybook ships, the plural rules, the choice of a table by locale, and
/// a journal's own `i18n/` files.
@Suite struct WordsTests {
    static let shippedLanguages = ["en", "ko", "ja", "zh-Hans", "fr", "de", "es", "ar", "he"]

    /// `{name}`s of a text.
    static func placeholders(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// One pass: names it knows are filled, in any script and any number of times; others and a
    /// lone brace are left; a value that itself holds a `{name}` is not filled again.
    @Test func fillReplacesEachKnownNameOnce() {
        #expect(Words.fill("{n} entries, {n} days", ["n": "3"]) == "3 entries, 3 days")
        #expect(Words.fill("{date}에 {n}개", ["date": "2024년 5월 1일", "n": "2"]) == "2024년 5월 1일에 2개")
        #expect(Words.fill("{unknown} and {n", ["n": "1"]) == "{unknown} and {n")
        #expect(Words.fill("a { b } {n}", ["n": "{n}", " b ": "x"]) == "a x {n}")
        #expect(Words.fill("no braces", ["n": "1"]) == "no braces")
        #expect(Words.fill("{a}{b}", ["a": "{b}", "b": "B"]) == "{b}B")
        #expect(Words.fill("end {", [:]) == "end {")
    }

    @Test func shipsEveryLanguageTheIssueAsksFor() {
        #expect(Set(WordTables.shipped.keys) == Set(Self.shippedLanguages))
    }

    /// Fails when a table lacks a key of `en.yml`, a plural form its language needs, or has a
    /// key English does not; and when a translation drops or invents a `{placeholder}` (a count's
    /// form may leave `{n}` out: "تدوينة واحدة", "לפני שנה").
    @Test(arguments: shippedLanguages) func everyShippedTableHasEveryKey(_ language: String) throws {
        let english = try #require(WordTables.shipped["en"])
        let table = try #require(WordTables.shipped[language])
        #expect(english.values.count > 90)
        let source = SourceText(path: "Templates/i18n/\(language).yml", text: "")
        let problems = table.check(against: english, language: language, source: source, complete: true)
        #expect(problems.isEmpty, "\(problems.map(\.headline))")
        for (key, value) in table.values {
            switch (value, english.values[key]) {
            case (.text(let text), .text(let reference)?):
                #expect(Self.placeholders(text) == Self.placeholders(reference), "\(language): \(key)")
            case (.counted(let forms), .counted(let reference)?):
                let wanted = Self.placeholders(reference[.other]!)
                for (category, form) in forms {
                    #expect(Self.placeholders(form).subtracting(["n"]) == wanted.subtracting(["n"]), "\(language): \(key).\(category)")
                    if category == .other || category == .many || category == .few {
                        #expect(Self.placeholders(form) == wanted, "\(language): \(key).\(category) must show the number")
                    }
                }
            default:
                Issue.record("\(language): \(key) is words in one table and a count in the other")
            }
        }
    }

    @Test func theCheckCatchesAMissingKeyAndAMissingForm() throws {
        let english = try #require(WordTables.shipped["en"])
        let source = SourceText(path: "i18n/it.yml", text: "archives: Archivio\nentries_count:\n  other: \"{n} voci\"\nbogus: x\n")
        let (table, readProblems) = WordTable.read(source)
        #expect(readProblems.isEmpty)
        let problems = table.check(against: english, language: "it", source: source, complete: true).map(\.headline)
        #expect(problems.contains("i18n/it.yml:1:1: warning: missing key 'tags': English is used"))
        #expect(problems.contains("i18n/it.yml:2:1: warning: 'entries_count' has no one, many form for it"))
        #expect(problems.contains("i18n/it.yml:4:1: warning: unknown key 'bogus' is ignored"))
    }

    @Test func pluralCategoriesFollowCLDR() {
        func categories(_ language: String, _ numbers: [Int]) -> [String] {
            numbers.map { PluralRules.category($0, language: language).rawValue }
        }
        #expect(categories("en", [0, 1, 2, 11, 21]) == ["other", "one", "other", "other", "other"])
        #expect(categories("de", [1, 2]) == ["one", "other"])
        #expect(categories("fr", [0, 1, 2, 1_000_000, 2_000_000, 1_000_001]) == ["one", "one", "other", "many", "many", "other"])
        #expect(categories("es", [0, 1, 2, 1_000_000]) == ["other", "one", "other", "many"])
        #expect(categories("ko", [0, 1, 2]) == ["other", "other", "other"])
        #expect(categories("ja", [1]) == ["other"])
        #expect(categories("zh-Hans", [1]) == ["other"])
        #expect(categories("ar", [0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111, 1000])
                == ["zero", "one", "two", "few", "few", "many", "many", "other", "other", "few", "many", "other"])
        #expect(categories("he", [1, 2, 3, 10, 20]) == ["one", "two", "other", "other", "other"])
    }

    @Test func countsReadNaturallyInEachLanguage() {
        func words(_ locale: String) -> Words { WordTables.words(locale: locale, files: JournalFiles(root: URL(fileURLWithPath: "/nonexistent"))).0 }
        #expect(words("en_GB").count("entries_count", 1) == "1 entry")
        #expect(words("en_GB").count("entries_count", 48) == "48 entries")
        #expect(words("ko_KR").count("entries_count", 1) == "글 1편")
        #expect(words("ko_KR").count("entries_count", 48) == "글 48편")
        #expect(words("fr_FR").count("entries_count", 0) == "0 entrée")
        #expect(words("de_DE").count("entries_count", 2) == "2 Einträge")
        #expect(words("ar").count("entries_count", 2) == "تدوينتان")
        #expect(words("ar").count("entries_count", 5) == "5 تدوينات")
        #expect(words("ar").count("entries_count", 48) == "48 تدوينة")
        #expect(words("he_IL").count("years_ago", 2) == "לפני שנתיים")
        #expect(words("en").count("words_count", 1204, digits: "1,204") == "1,204 words")
    }

    @Test func choosesATableByLocaleAndFallsBackToEnglish() {
        func words(_ locale: String) -> Words { WordTables.words(locale: locale, files: JournalFiles(root: URL(fileURLWithPath: "/nonexistent"))).0 }
        #expect(WordLanguages.candidates(locale: "ko_KR") == ["ko-KR", "ko"])
        #expect(WordLanguages.candidates(locale: "zh_CN") == ["zh-Hans-CN", "zh-Hans", "zh-CN", "zh"])
        #expect(WordLanguages.candidates(locale: "zh_Hant_TW") == ["zh-Hant-TW", "zh-Hant", "zh-TW", "zh"])
        #expect(WordLanguages.candidates(locale: "sr_Latn_RS@calendar=gregorian") == ["sr-Latn-RS", "sr-Latn", "sr-RS", "sr"])
        #expect(words("zh_CN").language == "zh-Hans")
        #expect(words("zh_CN").text("archives") == "归档")
        #expect(words("ja_JP").text("archives") == "アーカイブ")
        #expect(words("es_MX").text("archives") == "Archivo")
        #expect(words("it_IT").language == "en")
        #expect(words("it_IT").text("archives") == "Archives")
        #expect(words("ar_EG").isRightToLeft)
        #expect(words("he").isRightToLeft)
        #expect(!words("ko_KR").isRightToLeft)
        #expect(!words("en_US").isRightToLeft)
    }

    @Test func aJournalOverridesAndAddsLanguages() throws {
        let journal = try TemporaryJournal([
            "i18n/ko.yml": "archives: 지난 글\nbogus: 없음\n",
            "i18n/it.yml": "# Italiano\narchives: Archivio\nentries_count:\n  one: \"{n} voce\"\n  other: \"{n} voci\"\n",
        ])
        defer { journal.remove() }
        let files = try JournalFiles.scan(journal.root)
        let (korean, koreanProblems) = WordTables.words(locale: "ko_KR", files: files)
        #expect(korean.text("archives") == "지난 글")
        #expect(korean.text("tags") == "태그")
        // Daybook ships Korean, so keys the journal leaves out are no problem; an unknown key is.
        #expect(koreanProblems.map(\.headline) == ["i18n/ko.yml:2:1: warning: unknown key 'bogus' is ignored"])
        let (italian, italianProblems) = WordTables.words(locale: "it_IT", files: files)
        #expect(italian.text("archives") == "Archivio")
        #expect(italian.count("entries_count", 1) == "1 voce")
        #expect(italian.text("tags") == "Tags")
        #expect(italianProblems.contains { $0.headline == "i18n/it.yml:1:1: warning: missing key 'tags': English is used" })
        #expect(italianProblems.allSatisfy { $0.severity == .warning })
    }

    @Test func aMalformedTableIsAnErrorWithItsPosition() async throws {
        let journal = try TemporaryJournal(["daybook.yml": "locale: ko_KR\n", "i18n/ko.yml": "archives: [보관함\n",
                                            "entries/a.md": "---\ndate: 2024-01-01\n---\nHi.\n"])
        defer { journal.remove() }
        await #expect {
            _ = try await Builder.run(BuildOptions(journal: journal.root))
        } throws: { error in
            let problems = (error as? BuildFailure)?.diagnostics ?? []
            return problems.contains { $0.severity == .error && $0.location?.file == "i18n/ko.yml" && $0.location?.line == 2 }
        }
    }
}
