import Foundation
import Testing
@testable import Daybook

/// Bad input of every kind gets a located error, never a crash or a hang (issue 23).
@Suite struct HostileInputTests {
    /// Dates followed by more than a value may hold: toml++ (under TOMLKit, which Daybook read TOML
    /// with) aborted the process on the first five of these, and on 150 of the 2,142 near misses
    /// below (checked with the toml.hpp TOMLKit carries): the test runner itself died. Every one
    /// must now be a located error or a value.
    static let tomlCrashers = [
        "2=1979-05-27 2}", "a=1979-05-27 2}", "a = 1979-05-27 0", "a = 1979-05-27 1:", "a=1979-05-27T1}",
        "a = 1979-05-27 07}", "a = [1979-05-27 2]", "a = {b = 1979-05-27 2}", "a = 1979-05-27  2}", "a=07:32 2}",
    ]

    /// The crashers, and near misses made from them: each dropped character, doubled character
    /// and each character changed to one that ends a value.
    static var tomlNearMisses: [String] {
        var inputs = tomlCrashers
        for seed in tomlCrashers {
            let characters = Array(seed)
            for index in characters.indices {
                var dropped = characters
                dropped.remove(at: index)
                inputs.append(String(dropped))
                var doubled = characters
                doubled.insert(characters[index], at: index)
                inputs.append(String(doubled))
                for ender in [" ", "}", "]", ",", "#", "\n", "\"", "T", "Z", ":", "."] {
                    var changed = characters
                    changed[index] = Character(ender)
                    inputs.append(String(changed))
                }
            }
        }
        return inputs
    }

    @Test func noTOMLInputEndsTheProcess() {
        let inputs = Self.tomlNearMisses
        #expect(inputs.count > 1_000)
        for input in inputs {
            let (_, diagnostics) = loadEntry("+++\n\(input)\n+++\nText.\n", path: "entries/2024-05-01.md")
            for diagnostic in diagnostics where diagnostic.severity == .error {
                #expect(diagnostic.location?.line ?? 0 >= 1, "\(input): \(diagnostic.headline)")
            }
        }
    }

    @Test func theFirstCrasherIsALocatedError() {
        let (entry, diagnostics) = loadEntry("+++\n2=1979-05-27 2}\n+++\nText.\n")
        #expect(entry == nil)
        #expect(diagnostics.map(\.headline) == [
            "entries/2024/05/01.md:2:14: error: malformed TOML in front-matter: expected the end of the line after the value, found '2'",
        ])
    }

    @Test(arguments: [
        ("a = \"x\\ty\"\nb = 'c:\\d'\nc = \"\"\"\nline\\\n   joined\"\"\"\n", ["a": "x\ty", "b": "c:\\d", "c": "linejoined"]),
        ("n = 1_000\nh = 0xff\no = 0o17\nf = -2.5e3\n", ["n": "1000", "h": "255", "o": "15", "f": "-2500.0"]),
        ("d = 1979-05-27 07:32:00Z\nt = 07:32\nl = 1979-05-27T07:32:00.999-07:00\n",
         ["d": "1979-05-27T07:32:00Z", "t": "07:32:00", "l": "1979-05-27T07:32:00-07:00"]),
    ])
    func readsTOMLValues(text: String, expected: [String: String]) throws {
        let root = try TOMLFrontMatter.parse(text)
        #expect(root.value == .map(expected.mapValues { .text($0) }))
    }

    @Test func readsTOMLTablesAndArraysOfTables() throws {
        let text = "title = \"x\"\nlocation.name = \"Jeju\"\n[extra]\nmood = { a = 1, b.c = [2, 3] }\n[[photos]]\nsrc = \"a.jpg\"\n[[photos]]\nsrc = \"b.jpg\"\n"
        let root = try TOMLFrontMatter.parse(text)
        #expect(root.value == .map([
            "title": .text("x"), "location": .map(["name": .text("Jeju")]),
            "extra": .map(["mood": .map(["a": .text("1"), "b": .map(["c": .list([.text("2"), .text("3")])])])]),
            "photos": .list([.map(["src": .text("a.jpg")]), .map(["src": .text("b.jpg")])]),
        ]))
        #expect(root.mapping?.map { $0.key.line } == [1, 2, 3, 5])
    }

    @Test(arguments: [
        ("a = 1\na = 2\n", "2:1: duplicate key 'a'"),
        ("[t]\n[t]\n", "2:2: 't' is already defined"),
        ("a = \"open\n", "1:5: text opened here is never closed with \""),
        ("a = [1, 2\n", "2:1: expected ',' or ']' in the list, found the end of the front-matter"),
        ("a = 01\n", "1:5: '01' is not a TOML value; write text in quotes, such as \"a day out\""),
        ("a = 1 b\n", "1:7: expected the end of the line after the value, found 'b'"),
        ("a = \"\\q\"\n", "1:6: unknown escape '\\q'"),
    ])
    func refusesBadTOMLAtItsPlace(text: String, expected: String) {
        do {
            _ = try TOMLFrontMatter.parse(text)
            Issue.record("\(text) was read")
        } catch {
            #expect("\(error.line):\(error.column): \(error.message)" == expected)
        }
    }

    @Test func deeplyNestedTOMLIsRefusedNotRecursedInto() {
        let text = "a = " + String(repeating: "[", count: 100_000) + "\n"
        #expect(throws: TOMLFrontMatter.Problem.self) { try TOMLFrontMatter.parse(text) }
    }

    // MARK: YAML

    static func bomb(levels: Int = 9) -> String {
        var lines = ["a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]"]
        let names = (0..<levels).map { String(UnicodeScalar(UInt8(ascii: "a") + UInt8($0))) }
        for (previous, name) in zip(names, names.dropFirst()) {
            lines.append("\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]")
        }
        return lines.joined(separator: "\n")
    }

    @Test func aBillionLaughsIsRefusedAtItsAlias() {
        let started = Date()
        let (entry, diagnostics) = loadEntry("---\ndate: 2024-05-01\n\(Self.bomb())\n---\nText.\n")
        #expect(entry == nil)
        #expect(diagnostics.map(\.headline) == [
            "entries/2024/05/01.md:8:8: error: malformed YAML in front-matter: the alias *e makes its aliases stand for more than 100000 values; write them out instead",
        ])
        let (_, inTags) = loadEntry("---\ndate: 2024-05-01\n\(Self.bomb(levels: 5))\ntags: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n---\nText.\n")
        #expect(inTags.map(\.headline) == [
            "entries/2024/05/01.md:8:8: error: malformed YAML in front-matter: the alias *e makes its aliases stand for more than 100000 values; write them out instead",
        ])
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func aFewAliasesStillRead() throws {
        let (entry, diagnostics) = loadEntry("---\ndate: 2024-05-01\nx: &t [sea, sun]\ntags: *t\n---\nText.\n")
        #expect(diagnostics.isEmpty)
        #expect(try #require(entry).tags == ["sea", "sun"])
    }

    @Test(arguments: ["\u{2028}", "\u{2029}", "\u{85}"])
    func yamlErrorsAfterAUnicodeLineBreakPointAtTheirLine(separator: String) {
        let (_, diagnostics) = loadEntry("---\ntitle: \"A\(separator)B\"\ndate: 2024-05-01\nrating: 9\n---\nText.\n")
        #expect(diagnostics.map(\.headline) == ["entries/2024/05/01.md:4:9: error: rating must be a whole number from 0 to 5, got 9"])
    }

    @Test func aUnicodeLineBreakInAPlainValueIsAnErrorAtItsLine() {
        let (_, diagnostics) = loadEntry("---\ndate: 2024-05-01\ntitle: A\u{2028}B\nrating: 9\n---\nText.\n")
        #expect(diagnostics.map(\.headline) == [
            "entries/2024/05/01.md:3:10: error: malformed YAML in front-matter: while scanning a simple key started here: could not find expected ':' at line 4, column 1",
        ])
    }

    @Test func yamlErrorsPointWhereTheBrokenConstructStarts() {
        let lines = ["date: 2024-05-01", "title: x", "\"open: 1"] + Array(repeating: "k: v", count: 20)
        let (_, diagnostics) = loadEntry("---\n" + lines.joined(separator: "\n") + "\n---\nText.\n")
        #expect(diagnostics.first?.location == SourceLocation(file: "entries/2024/05/01.md", line: 4, column: 1))
    }

    @Test(arguments: [
        ("---\ndate: 2024-05-01\ntitle: \"a\\0b\"\n---\nText.\n", "3:8", "U+0000"),
        ("---\ndate: 2024-05-01\ntitle: \"a\\eb\"\n---\nText.\n", "3:8", "U+001B"),
        ("{\n\"date\": \"2024-05-01\",\n\"title\": \"a\\u0000b\"\n}\nText.\n", "3:10", "U+0000"),
        ("+++\ndate = 2024-05-01\ntitle = \"a\\u0000b\"\n+++\nText.\n", "3:9", "U+0000"),
    ])
    func escapedControlCharactersAreReplacedWithAWarning(text: String, position: String, code: String) throws {
        let (entry, diagnostics) = loadEntry(text)
        #expect(try #require(entry).title == "a\u{FFFD}b")
        #expect(diagnostics.map(\.headline) == ["entries/2024/05/01.md:\(position): warning: control character \(code) replaced with U+FFFD"])
    }

    // MARK: Encodings, dates, numbers, sizes

    @Test func utf16WithoutAByteOrderMarkIsAnError() {
        var bytes: [UInt8] = []
        for unit in "---\ndate: 2024-05-01\n---\nText.\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let (entry, diagnostics) = EntryLoader(dates: DateParser(timeZone: .gmt), rawHTML: false).load(path: "entries/a.md", bytes: bytes)
        #expect(entry == nil)
        #expect(diagnostics.map(\.headline) == ["entries/a.md:1:1: error: file looks like UTF-16 without a byte-order mark; save it as UTF-8"])
    }

    @Test func datesBefore1582AreProlepticGregorianAndYearZeroIsRefused() throws {
        let dates = LocalizedDates(locale: "en_US")
        #expect(dates.day(LocalDay(year: 1, month: 1, day: 1)).full == "Monday, January 1, 1")
        #expect(dates.day(LocalDay(year: 1582, month: 10, day: 4)).full == "Monday, October 4, 1582")
        #expect(throws: DateParser.Failure.impossible("year 0 does not exist; the first year is 1")) {
            try DateParser(timeZone: .gmt).parse("0000-01-01")
        }
    }

    @Test func aHexadecimalLatitudeIsRefused() {
        let (_, diagnostics) = loadEntry("---\ndate: 2024-05-01\nlocation: {name: X, lat: 0x1p4, lon: 1}\n---\nText.\n")
        #expect(diagnostics.first?.message == "latitude must be a number from -90 to 90, got 0x1p4")
    }

    @Test func anEntryOverTheSizeLimitIsALocatedError() {
        let bytes = Array("---\ndate: 2024-05-01\n---\n".utf8) + Array(repeating: UInt8(ascii: "a"), count: EntryLoader.sizeLimit)
        let (entry, diagnostics) = EntryLoader(dates: DateParser(timeZone: .gmt), rawHTML: false).load(path: "entries/big.md", bytes: bytes)
        #expect(entry == nil)
        #expect(diagnostics.map(\.headline) == ["entries/big.md:1:1: error: entry is 20 MB, over the limit of 20 MB; split it or move what it holds out of entries/"])
    }

    @Test func manyShortcodesAreRewrittenInLinearTime() {
        let body = String(repeating: "{{< youtube abc >}} and {% raw %} ", count: 20_000) + "\n"
        let started = Date()
        let (text, diagnostics) = Shortcodes.rewrite(body, source: SourceText(path: "entries/a.md", text: ""), firstLine: 1)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(diagnostics.count == 2)
        #expect(text.hasPrefix("[YouTube video abc](https://www.youtube.com/watch?v=abc) and  [YouTube"))
    }

    @Test func aReadOnlyOutputErrorNamesThePath() {
        let named = CocoaError(.fileWriteVolumeReadOnly, userInfo: [NSFilePathErrorKey: "/journal/_site/index.html"])
        #expect(Builder.describe(named, output: "/journal/_site").hasPrefix("/journal/_site/index.html: "))
        let unnamed = CocoaError(.fileWriteVolumeReadOnly)
        #expect(Builder.describe(unnamed, output: "/journal/_site").hasPrefix("/journal/_site: "))
    }
}
