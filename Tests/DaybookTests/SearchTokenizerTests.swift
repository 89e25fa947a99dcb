import Foundation
import Testing
@testable import Daybook

/// Tokenizing for search. The cases live in `Tests/search/tokenize-cases.json`, shared with the
/// browser tests of `Templates/search.js`, so the index and the query side cannot drift apart.
@Suite struct SearchTokenizerTests {
    struct Case: Decodable, CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var terms: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        struct File: Decodable { var cases: [Case] }
        let url = packageRoot.appendingPathComponent("Tests/search/tokenize-cases.json")
        return (try? JSONDecoder().decode(File.self, from: Data(contentsOf: url)).cases) ?? []
    }()

    @Test func theSharedTableIsThere() {
        #expect(Self.cases.count >= 15)
    }

    @Test(arguments: cases)
    func cutsTextIntoTheTermsTheScriptExpects(_ example: Case) {
        var tokenizer = SearchTokenizer()
        #expect(tokenizer.terms(example.text) == example.terms)
    }

    @Test func foldingIsRememberedPerCharacterAndGivesTheSameAnswer() {
        var tokenizer = SearchTokenizer()
        let first = tokenizer.terms("Café Kraków café")
        #expect(first == ["cafe", "krakow", "cafe"])
        #expect(tokenizer.terms("Kraków") == ["krakow"])
    }

    @Test func tagKeysJoinWordsSoSpellingsOfOneTagMeet() {
        var tokenizer = SearchTokenizer()
        #expect(SearchDocument.tagKey("Road trip", tokenizer: &tokenizer) == "#road-trip")
        #expect(SearchDocument.tagKey("road-trip", tokenizer: &tokenizer) == "#road-trip")
        #expect(SearchDocument.tagKey("Café", tokenizer: &tokenizer) == "#cafe")
        #expect(SearchDocument.tagKey("여행", tokenizer: &tokenizer) == "#여행")
        #expect(SearchDocument.tagKey("🎉", tokenizer: &tokenizer) == nil)
    }

    @Test func termsSortAsJavaScriptComparesStrings() {
        // U+FF5E (full-width tilde) is one UTF-16 unit; U+1F600 is two, starting with 0xD83D,
        // so JavaScript sorts the emoji first although its code point is larger.
        #expect(SearchTokenizer.precedes("\u{1F600}", "\u{FF5E}"))
        #expect(!SearchTokenizer.precedes("\u{FF5E}", "\u{1F600}"))
        #expect(SearchTokenizer.precedes("walk", "walked"))
    }
}

/// The date words the search script reads queries with, in the journal's language.
@Suite struct SearchLocaleTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        var locale: String
        var order: String
        var may: String
        var wednesday: String
        var wednesdayShort: String
        var yearSuffix = ""
        var daySuffix = ""
        var testDescription: String { locale }
    }

    @Test(arguments: [
        Expected(locale: "en_US", order: "mdy", may: "may", wednesday: "wednesday", wednesdayShort: "wed"),
        Expected(locale: "en_GB", order: "dmy", may: "may", wednesday: "wednesday", wednesdayShort: "wed"),
        Expected(locale: "fr_FR", order: "dmy", may: "mai", wednesday: "mercredi", wednesdayShort: "mer"),
        Expected(locale: "ko_KR", order: "ymd", may: "5월", wednesday: "수요일", wednesdayShort: "수", yearSuffix: "년", daySuffix: "일"),
        Expected(locale: "ja_JP", order: "ymd", may: "5月", wednesday: "水曜日", wednesdayShort: "水", yearSuffix: "年", daySuffix: "日"),
    ])
    func readsTheLocalesDateWords(_ expected: Expected) {
        let words = SearchLocale(locale: expected.locale)
        #expect(words.order == expected.order)
        #expect(words.months[4] == [expected.may])
        #expect(words.monthAbbreviations[4] == [])
        #expect(words.weekdays[3] == [expected.wednesday])
        #expect(words.weekdayAbbreviations[3] == [expected.wednesdayShort])
        #expect(words.yearSuffix == expected.yearSuffix)
        #expect(words.daySuffix == expected.daySuffix)
    }

    @Test func foldsNamesAndDropsTheDotsOfAbbreviations() {
        let french = SearchLocale(locale: "fr_FR")
        #expect(french.months[1] == ["fevrier"])
        #expect(french.monthAbbreviations[1] == ["fevr"])
        #expect(french.months[7] == ["aout"])
        let english = SearchLocale(locale: "en_US")
        #expect(english.months.count == 12 && english.weekdays.count == 7)
        #expect(english.monthAbbreviations[0] == ["jan"])
        #expect(english.weekdays[0] == ["sunday"])
    }
}
