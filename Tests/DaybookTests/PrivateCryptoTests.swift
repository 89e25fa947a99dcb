import Crypto
import Foundation
import Testing
@testable import Daybook

/// Opens what `Sealer` seals, as the browser does (`Templates/private.js`), to test the format
/// from the other side: every chunk checked before any is used.
enum Opener {
    struct Failure: Error {}

    static func open(_ sealed: [UInt8], role: String, key: [UInt8]) throws -> [UInt8] {
        guard sealed.count >= 8, Array(sealed.prefix(4)) == Sealer.magic else { throw Failure() }
        let count = sealed[4..<8].reduce(0) { $0 << 8 | Int($1) }
        var offset = 8, plain: [UInt8] = []
        for index in 0..<count {
            let length = index == count - 1 ? sealed.count - offset : 12 + Sealer.chunkSize + 16
            guard length >= 28, offset + length <= sealed.count else { throw Failure() }
            let nonce = try AES.GCM.Nonce(data: sealed[offset..<offset + 12])
            let box = try AES.GCM.SealedBox(nonce: nonce, ciphertext: sealed[offset + 12..<offset + length - 16],
                                            tag: sealed[offset + length - 16..<offset + length])
            plain += try AES.GCM.open(box, using: SymmetricKey(data: key), authenticating: Sealer.binding(role: role, index: index, count: count))
            offset += length
        }
        guard offset == sealed.count else { throw Failure() }
        return plain
    }
}

@Suite struct PrivateCryptoTests {
    static let keys = PrivateKeys(siteKey: "a site key of at least thirty-two characters")
    static let sealer = Sealer(key: keys.editionKey("*"), nonceKey: keys.nonceKey("*"), folder: keys.editionFolder("*"))

    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) } }

    @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 150_000])
    func sealsInChunksAndOpens(size: Int) throws {
        let plain = Self.pattern(size)
        let sealed = try Self.sealer.seal(plain, role: "2024/05/01/ferry/index.html")
        let chunks = max(1, (size + 65_535) / 65_536)
        #expect(Array(sealed.prefix(8)) == Array("DBK1".utf8) + Sealer.bigEndian(UInt32(chunks)))
        #expect(sealed.count == 8 + size + chunks * 28)
        #expect(try Opener.open(sealed, role: "2024/05/01/ferry/index.html", key: Self.keys.editionKey("*")) == plain)
    }

    @Test func sameInputSameBytesAndAnyChangeChangesThem() throws {
        let plain = Array("<p>Grey morning.</p>".utf8)
        let sealed = try Self.sealer.seal(plain, role: "index.html")
        #expect(try Self.sealer.seal(plain, role: "index.html") == sealed)
        #expect(try Self.sealer.seal(plain, role: "404.html") != sealed)
        #expect(try Self.sealer.seal(plain + [0x20], role: "index.html").prefix(20) != sealed.prefix(20))
        let other = Sealer(key: Self.keys.editionKey("family"), nonceKey: Self.keys.nonceKey("family"), folder: "")
        #expect(try other.seal(plain, role: "index.html") != sealed)
    }

    @Test func aSwappedChangedOrTruncatedFileDoesNotOpen() throws {
        let key = Self.keys.editionKey("*")
        let sealed = try Self.sealer.seal(Self.pattern(150_000), role: "search/t/1.js")
        #expect(throws: (any Error).self) { try Opener.open(sealed, role: "search/t/2.js", key: key) }
        var flipped = sealed
        flipped[100] ^= 1
        #expect(throws: (any Error).self) { try Opener.open(flipped, role: "search/t/1.js", key: key) }
        // Dropping the last chunk and fixing the count still fails: each chunk is bound to the count.
        var truncated = Array(sealed.prefix(8 + 2 * (65_536 + 28)))
        truncated[7] = 2
        #expect(throws: (any Error).self) { try Opener.open(truncated, role: "search/t/1.js", key: key) }
        #expect(throws: (any Error).self) { try Opener.open(sealed, role: "search/t/1.js", key: Self.keys.editionKey("family")) }
    }

    @Test func aReadersPasswordUnwrapsTheEditionKey() throws {
        let salt = Self.keys.readerSalt("anna")
        let wrapped = try PrivateKeys.wrap(Self.keys.editionKey("*"), password: "correct horse", salt: salt, iterations: 1000)
        #expect(wrapped.count == 40)
        let kek = try PrivateKeys.keyEncryptionKey(password: "correct horse", salt: salt, iterations: 1000)
        #expect(try AES.KeyWrap.unwrap(wrapped, using: kek).bytes == Self.keys.editionKey("*"))
        let wrong = try PrivateKeys.keyEncryptionKey(password: "correct horsE", salt: salt, iterations: 1000)
        #expect(throws: (any Error).self) { try AES.KeyWrap.unwrap(wrapped, using: wrong) }
    }

    @Test func keysAreDerivedFromTheSiteKeyAlone() {
        let again = PrivateKeys(siteKey: "a site key of at least thirty-two characters")
        let other = PrivateKeys(siteKey: "another site key of at least thirty-two characters")
        #expect(again.editionKey("*") == Self.keys.editionKey("*"))
        #expect(other.editionKey("*") != Self.keys.editionKey("*"))
        #expect(Self.keys.editionKey("*") != Self.keys.nonceKey("*"))
        #expect(Self.keys.editionFolder("*").count == 16 && Self.keys.readerID("anna").count == 16)
        #expect(Self.keys.readerID("anna") != Self.keys.readerID("ben"))
        #expect(!"\(Self.keys)".contains(hexString(Self.keys.editionKey("*")).prefix(8)))
    }

    @Test func theSealedFileIsAScriptNamedByItsDigest() throws {
        let (file, name) = try Self.sealer.file(Array("x".utf8), role: "index.html")
        #expect(name.count == 32)
        #expect(file.path == "private/\(Self.keys.editionFolder("*"))/\(name.prefix(2))/\(name).js")
        let text = String(decoding: file.bytes, as: UTF8.self)
        #expect(text.hasPrefix("daybookSealed(\"\(name)\",\"") && text.hasSuffix("\");\n"))
        let base64 = text.dropFirst("daybookSealed(\"\(name)\",\"".count).dropLast(4)
        let binary = Array(Data(base64Encoded: String(base64))!)
        #expect(Sealer.name(of: binary) == name)
    }
}
