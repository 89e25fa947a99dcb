import Testing
@testable import Daybook

/// The byte scans shortcodes and rows share (`ByteSearch`).
@Suite struct ByteSearchTests {
    @Test func findsARunOfBytesFromAPosition() {
        let bytes = Array("a href=\"x\" href=\"y\"".utf8), marker = Array("href=\"".utf8)
        #expect(bytes.firstIndex(of: marker) == 2)
        #expect(bytes.firstIndex(of: marker, from: 3) == 11)
        #expect(bytes.firstIndex(of: marker, from: 12) == nil)
        #expect(bytes.firstIndex(of: Array("\"y\"".utf8)) == bytes.count - 3, "a match ending at the last byte")
        #expect([UInt8]().firstIndex(of: marker) == nil && Array("hre".utf8).firstIndex(of: marker) == nil)
        #expect(bytes.has(marker, at: 11) && !bytes.has(marker, at: 10) && !bytes.has(marker, at: bytes.count - 2) && !bytes.has(marker, at: -1))
    }
}
