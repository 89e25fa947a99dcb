import Testing
@testable import Daybook

/// The digest a row is kept under tells apart everything a row is made from.
@Suite struct RowMemoryTests {
    static let templates: [UInt8] = [1, 2, 3]

    static func key(_ values: [String: Any], compact: Bool = false, templates: [UInt8] = templates) -> [UInt8]? {
        RowMemory.key(values, compact: compact, templates: templates)
    }

    @Test func kindsNestingAndOrderAreToldApart() throws {
        let keys = [
            Self.key(["a": "1"]), Self.key(["a": 1]), Self.key(["a": true]), Self.key(["a": false]),
            Self.key(["a": ["b", "c"]]), Self.key(["a": ["bc"]]), Self.key(["a": ["b", ["c"]]]),
            Self.key(["a": ["b": "c"]]), Self.key(["ab": "c"]), Self.key(["a": "bc"]), Self.key(["a": "b", "c": ""]),
            Self.key(["a": "1"], compact: true), Self.key(["a": "1"], templates: [1, 2, 4]),
        ]
        #expect(!keys.contains(nil))
        #expect(Set(keys.compactMap { $0 }).count == keys.count)
    }

    @Test func theSameValuesGiveTheSameKey() {
        var first: [String: Any] = [:], second: [String: Any] = [:]
        for name in ["title", "url", "date", "tags"] { first[name] = name }
        for name in ["tags", "date", "url", "title"] { second[name] = name }
        first["tags"] = [["name": "sea", "url": "../tags/sea/"]]
        second["tags"] = [["url": "../tags/sea/", "name": "sea"]]
        #expect(Self.key(first) != nil && Self.key(first) == Self.key(second))
    }

    /// A value of a kind it cannot take (a number with a fraction, any other type) keeps the row
    /// out of memory rather than under a key that may not tell it apart.
    @Test func aValueOfAnotherKindIsNotKept() {
        #expect(Self.key(["a": 1.5]) == nil)
        #expect(Self.key(["a": ["b": [0.5]]]) == nil)
    }

    @Test func aRowIsFoundInTheLastBuildsMemoryAndKeptForTheNext() {
        let key = Self.key(["a": "1"])!, other = Self.key(["a": "2"])!
        let memory = RowMemory(last: [key: "kept", Self.key(["a": "3"])!: "unused"])
        #expect(memory.html(key) { "made" } == "kept")
        #expect(memory.html(other) { "made" } == "made")
        #expect(memory.rows == [key: "kept", other: "made"])
    }
}
