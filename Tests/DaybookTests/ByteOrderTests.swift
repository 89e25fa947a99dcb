import Testing
@testable import Daybook

/// `ByteOrder` sorts as the strings' UTF-8 bytes compare: prefixes first, any script, any length
/// (short strings are kept inline by Swift, long ones in storage of their own).
@Suite struct ByteOrderTests {
    @Test func sortsAsTheBytesCompare() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["", "a", "b", "ab", "é", "e\u{301}", "Z", "😀", "/", "-", "2024/05/01", "ä", "日記", "x".padding(toLength: 40, withPad: "y", startingAt: 0)]
        for _ in 0..<200 {
            let strings = (0..<20).map { _ in (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() }
            #expect(ByteOrder.sorted(strings).map { Array($0.utf8) } == strings.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
        }
        // Sorted by a key: the same order, whatever the items carry beside it.
        let named = ["é", "e\u{301}", "b", "ab", ""].enumerated().map { (name: $0.element, number: $0.offset) }
        #expect(ByteOrder.sorted(named, by: \.name).map(\.number) == [4, 3, 2, 1, 0])
        #expect(ByteOrder.sorted(["a", "", "abc", "ab", "é", "z", "Z", ""]) == ["", "", "Z", "a", "ab", "abc", "z", "é"])
    }
}
