import Foundation
import Testing
@testable import Daybook

/// `PackJSON` reads an edition's table and records as Foundation reads them, and reads nothing
/// else: what it cannot read, the caller gives to Foundation.
@Suite struct PackJSONTests {
    let paths = ["index.html", "places/zürich/index.html", "a \"quoted\" \\ name/x.html", "tab\there\u{1}/y", "line\u{2028}sep", "😀/z.html"]

    @Test func aTableReadsBackAsItWasWritten() throws {
        var places: [String: EditionPack.Place] = [:]
        for (index, path) in paths.enumerated() { places[path] = EditionPack.Place(offset: index * 100, length: index + 1) }
        let table = EditionPack.table(places)
        #expect(EditionPack.places(table[...], within: 1_000) == places)
        // Read by PackJSON itself, not by the fallback.
        var reader = PackJSON(table[...]), read: [String] = []
        let whole = reader.object { reader, key in
            key == "files" && reader.object { reader, path in
                read.append(path)
                return reader.array { $0.int() != nil }
            }
        }
        let atEnd = reader.atEnd
        #expect(whole && atEnd)
        #expect(Set(read) == Set(paths))
    }

    @Test func recordsReadBackAsTheyWereWritten() throws {
        let records = EditionPack.Records(keys: Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, [UInt8(0), UInt8($0), 0xFF, 0xA0]) }),
                                          dataKey: [1, 2, 0xAB], dataPaths: ["search/index.json", "x\"y"])
        #expect(EditionPack.Records(records.bytes) == records)
    }

    @Test func hexBytesAreReadAsPairsOfDigitsAndNothingElse() {
        var reader = PackJSON(Array(#""00ff0A""#.utf8)[...])
        #expect(reader.hexBytes() == [0, 255, 10])
        let atEnd = reader.atEnd
        #expect(atEnd)
        for text in [#""0""#, #""0g""#, #""00"#, "00", #""\u0030\u0030""#] {
            var reader = PackJSON(Array(text.utf8)[...])
            #expect(reader.hexBytes() == nil, "\(text)")
        }
    }

    @Test(arguments: [
        #"{"a": "\u00e9\ud83d\ude00\n\t\"\\\/\b\f\r", "b" : [ 1 , -20, 0 ] , "c":{}, "d":[]}"#,
        #"{"files":{"x":[0,5],"y":{"z":[]}}}"#,
        "  {\n\"k\"\t:\r\"v\"  }  ",
    ])
    func agreesWithFoundation(_ text: String) throws {
        let foundation = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
        var reader = PackJSON(Array(text.utf8)[...])
        let read = try #require(Self.value(&reader) as? [String: Any])
        let atEnd = reader.atEnd
        #expect(atEnd)
        #expect(NSDictionary(dictionary: read).isEqual(foundation))
    }

    /// Any value PackJSON reads, as Foundation gives it.
    static func value(_ reader: inout PackJSON) -> Any? {
        if let string = reader.string() { return string }
        if let number = reader.int() { return number }
        var items: [Any] = []
        if reader.array({ reader in value(&reader).map { items.append($0) } != nil }) { return items }
        var fields: [String: Any] = [:]
        if reader.object({ reader, key in value(&reader).map { fields[key] = $0 } != nil }) { return fields }
        return nil
    }

    @Test(arguments: [
        #"{"a":1.5}"#, #"{"a":1e3}"#, #"{"a":true}"#, #"{"a":null}"#, #"{"a":"x"#, #"{"a":"\q"}"#, #"{"a":"\ud83d"}"#,
        #"{"a":"\u12G4"}"#, "{\"a\":\"\u{1}\"}", #"{"a":[1,]}"#, #"{"a":[1 2]}"#, #"{"a" 1}"#, #"{"a":1,}"#, #"{'a':1}"#, "",
        #"{"a":1234567890123456789}"#,
    ])
    func readsNothingElse(_ text: String) {
        var reader = PackJSON(Array(text.utf8)[...])
        let read = reader.object { reader, _ in
            reader.string() != nil || reader.int() != nil || reader.array { $0.int() != nil }
        }
        let atEnd = reader.atEnd
        #expect(!read || !atEnd)
    }

    /// A table with a key PackJSON does not know is read by Foundation; a damaged one by neither.
    @Test func whatItCannotReadFoundationReads() {
        let extra = Array(#"{"files":{"a.html":[0,3]},"note":true}"#.utf8)
        #expect(EditionPack.places(extra[...], within: 10) == ["a.html": EditionPack.Place(offset: 0, length: 3)])
        #expect(EditionPack.places(Array(#"{"files":{"a.html":[0,3]"#.utf8)[...], within: 10) == nil)
        #expect(EditionPack.places(Array(#"{"files":{"a.html":[0,30]}}"#.utf8)[...], within: 10) == nil)
        #expect(EditionPack.Records(Array(#"{"data_key":"0a","data_paths":[],"keys":{"p":"abc"}}"#.utf8)) == nil)
    }
}
