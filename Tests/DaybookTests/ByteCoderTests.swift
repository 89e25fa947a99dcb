import Testing
@testable import Daybook

@Suite struct ByteCoderTests {
    static let numbers = [0, 1, -1, 63, -64, 64, 127, 128, 300, -300, 1 << 31, 1_763_712_000_123_456_789, Int.max, Int.min, Int.max - 1, Int.min + 1]

    @Test func integersComeBackAsTheyWent() throws {
        var writer = ByteWriter()
        for number in Self.numbers {
            writer.int(number)
            writer.fixedInt(number)
            if number >= 0 { writer.varint(number) }
        }
        var reader = ByteReader(writer.bytes)
        for number in Self.numbers {
            #expect(try reader.int() == number)
            #expect(try reader.fixedInt() == number)
            if number >= 0 { #expect(try reader.varint() == number) }
        }
        #expect(reader.atEnd)
    }

    @Test func smallNumbersTakeOneByte() {
        for number in [0, 1, -1, 63, -64] {
            var writer = ByteWriter()
            writer.int(number)
            #expect(writer.bytes.count == 1, "\(number)")
        }
        var writer = ByteWriter()
        writer.fixedInt(1)
        #expect(writer.bytes.count == 8)
    }

    @Test func aCutNumberIsDamageNotAGuess() {
        var writer = ByteWriter()
        writer.int(1 << 40)
        var reader = ByteReader(Array(writer.bytes.dropLast()))
        #expect(throws: ByteReader.Damaged.self) { try reader.int() }
        var endless = ByteReader([UInt8](repeating: 0xFF, count: 12))
        #expect(throws: ByteReader.Damaged.self) { try endless.varint() }
    }

    @Test func listsComeBackAsTheyWentAndACountPastTheEndIsDamage() throws {
        var writer = ByteWriter()
        writer.list(["ferry", "", "서울"]) { $0.string($1) }
        writer.list([Int]()) { $0.int($1) }
        var reader = ByteReader(writer.bytes)
        #expect(try reader.list { try $0.string() } == ["ferry", "", "서울"])
        #expect(try reader.list { try $0.int() }.isEmpty)
        #expect(reader.atEnd)
        var tooMany = ByteWriter()
        tooMany.varint(1_000)
        tooMany.string("one")
        var short = ByteReader(tooMany.bytes)
        #expect(throws: ByteReader.Damaged.self) { try short.list { try $0.string() } }
        struct Refused: Error {}
        var refused = ByteReader(writer.bytes)
        #expect(throws: ByteReader.Damaged.self) { try refused.list { _ -> Int in throw Refused() } }
    }
}
