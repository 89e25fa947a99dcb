import Crypto
import Foundation
import Testing
@testable import Daybook

/// Opens what `Sealer` seals, as the browser does (`Templates/private.js`), to test the format
/// from the other side: every chunk checked before any is used.
enum Opener {
    struct Failure: Error {}

    static func open(_ sealed: [UInt8], role: Sealer.Role, key: [UInt8]) throws -> [UInt8] {
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

    /// Chunk `index` of `count` of a pack, published alone (nonce ‖ ciphertext ‖ tag).
    static func openChunk(_ binary: [UInt8], index: Int, count: Int, key: [UInt8]) throws -> [UInt8] {
        guard binary.count >= 28 else { throw Failure() }
        let box = try AES.GCM.SealedBox(nonce: try AES.GCM.Nonce(data: binary.prefix(12)), ciphertext: binary.dropFirst(12).dropLast(16),
                                        tag: binary.suffix(16))
        return Array(try AES.GCM.open(box, using: SymmetricKey(data: key), authenticating: Sealer.binding(role: .pack, index: index, count: count)))
    }

    /// The files of an opened pack, by path, as they were made, its table being at `table` (the manifest's
    /// `[offset, length]`), after the preview's `earlier` tables (its `tables`), oldest first.
    /// The records of a chain of tables are given as one (`EditionPack.Records.bytes`), as a
    /// build from scratch writes them.
    static func unpack(_ pack: [UInt8], table: [Int], earlier: [[Int]] = []) throws -> [String: [UInt8]] {
        func bytes(_ place: [Int]) throws -> [UInt8] {
            guard place.count == 2, place[0] >= 0, place[1] >= 0, place[0] + place[1] <= pack.count else { throw Failure() }
            return Array(pack[place[0]..<place[0] + place[1]])
        }
        var places: [String: [Int]] = [:], records: EditionPack.Records?
        for table in earlier + [table] {
            guard let json = try JSONSerialization.jsonObject(with: Data(try bytes(table))) as? [String: Any],
                  let files = json["files"] as? [String: [Int]] else { throw Failure() }
            for path in json["removed"] as? [String] ?? [] { places[path] = nil }
            places.merge(files) { _, new in new }
            if let place = files[EditionPack.recordsPath] {
                records = try EditionPack.Records(try bytes(place), after: records) ?? { throw Failure() }()
            }
        }
        var files = try Dictionary(uniqueKeysWithValues: places.map { path, place in
            // Every file is raw DEFLATE (`PackDeflate`), but the records, which only Daybook reads.
            (path, path == EditionPack.recordsPath ? try bytes(place) : try PackDeflateTests.inflate(try bytes(place)))
        })
        if earlier.count > 0 { files[EditionPack.recordsPath] = records?.bytes }
        return files
    }
}

@Suite struct PrivateCryptoTests {
    static let keys = PrivateKeys(siteKey: "a site key of at least thirty-two characters")
    static let readers = [(name: "anna", password: "correct horse")]
    static let star = keys.edition("*", epoch: keys.epoch("*", readers: readers))
    static let sealer = Sealer(star)

    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) } }

    @Test(arguments: [0, 1, 65_535, 65_536, 65_537, 150_000])
    func sealsInChunksAndOpens(size: Int) throws {
        let plain = Self.pattern(size)
        let sealed = try Self.sealer.seal(plain, role: .manifest)
        let chunks = max(1, (size + 65_535) / 65_536)
        #expect(Array(sealed.prefix(8)) == Array("DBK4".utf8) + Sealer.bigEndian(UInt32(chunks)))
        #expect(sealed.count == 8 + size + chunks * 28)
        #expect(try Opener.open(sealed, role: .manifest, key: Self.star.key) == plain)
    }

    @Test func sameInputSameBytesAndAnyChangeChangesThem() throws {
        let plain = Array("<p>Grey morning.</p>".utf8)
        let sealed = try Self.sealer.seal(plain, role: .manifest)
        #expect(try Self.sealer.seal(plain, role: .manifest) == sealed)
        #expect(try Self.sealer.chunks(plain, role: .pack, range: nil)[0] != Array(sealed.dropFirst(8)))
        #expect(try Self.sealer.seal(plain + [0x20], role: .manifest).prefix(20) != sealed.prefix(20))
        let family = Self.keys.edition("family", epoch: Self.keys.epoch("family", readers: Self.readers))
        #expect(try Sealer(family).seal(plain, role: .manifest) != sealed)
    }

    @Test func aSwappedChangedOrTruncatedChunkDoesNotOpen() throws {
        let key = Self.star.key
        let chunks = try Self.sealer.chunks(Self.pattern(3 * 65_536), role: .pack, range: nil)
        #expect(try Opener.openChunk(chunks[1], index: 1, count: 3, key: key) == Array(Self.pattern(3 * 65_536)[65_536..<131_072]))
        #expect(throws: (any Error).self) { try Opener.openChunk(chunks[1], index: 2, count: 3, key: key) }
        var flipped = chunks[0]
        flipped[100] ^= 1
        #expect(throws: (any Error).self) { try Opener.openChunk(flipped, index: 0, count: 3, key: key) }
        let family = Self.keys.edition("family", epoch: Self.keys.epoch("family", readers: Self.readers))
        #expect(throws: (any Error).self) { try Opener.openChunk(chunks[0], index: 0, count: 3, key: family.key) }
    }

    /// Finding 9 of the review: a site file named `manifest` decrypted as the manifest. Files are
    /// now sealed only inside the pack, whose role is not the manifest's.
    @Test func noChunkOpensAsTheManifest() throws {
        let plain = Array(#"{"chunks":[],"format":4,"generation":0,"table":[0,0]}"#.utf8)
        let chunk = try Self.sealer.chunks(plain, role: .pack, range: nil)[0]
        #expect(throws: (any Error).self) { try Opener.open(Sealer.magic + Sealer.bigEndian(1) + chunk, role: .manifest, key: Self.star.key) }
        #expect(Sealer.Role.pack.bytes != Sealer.Role.manifest.bytes)
    }

    /// Finding 9: unchanged 64 KiB chunks of a large file stayed byte for byte the same across
    /// versions, which placed an edit inside it. Now a change anywhere in the pack changes every chunk.
    @Test func anEditAnywhereChangesEveryChunk() throws {
        var plain = Self.pattern(4 * 65_536 + 100)
        let before = try Self.sealer.chunks(plain, role: .pack, range: nil)
        plain[plain.count - 1] ^= 1
        let after = try Self.sealer.chunks(plain, role: .pack, range: nil)
        for index in 0..<5 {
            #expect(before[index].prefix(12) != after[index].prefix(12), "chunk \(index) kept its nonce")
            #expect(before[index].dropFirst(12).prefix(52) != after[index].dropFirst(12).prefix(52), "chunk \(index) kept its ciphertext")
        }
    }

    /// Finding 1: each page was sealed alone, so a sealed file's size gave away its page's, and a
    /// public page's copy with private rows added was found by its size. A pack's chunks are all
    /// the same size, whatever the files in it; it holds every file as given.
    @Test func aPacksChunksAreAllTheSameSize() throws {
        for sizes in [[10], [70_000, 3, 0], [65_532], [65_533], [200_000, 1, 1, 1]] {
            let files = Dictionary(uniqueKeysWithValues: sizes.enumerated().map { ("f\($0.offset).html", Self.pattern($0.element)) })
            let (pack, table, _) = EditionPack.make(files)
            #expect(pack.count % Sealer.chunkSize == 0 && !pack.isEmpty)
            let chunks = try Self.sealer.chunks(pack, role: .pack, range: nil)
            #expect(Set(chunks.map(\.count)) == [12 + Sealer.chunkSize + 16])
            let opened = try chunks.enumerated().flatMap { try Opener.openChunk($0.element, index: $0.offset, count: chunks.count, key: Self.star.key) }
            #expect(try Opener.unpack(opened, table: [table.offset, table.length]) == files)
        }
    }

    @Test func aReadersPasswordUnwrapsTheEditionKey() throws {
        let salt = Self.keys.journalSalt
        let anna = try PrivateKeys.reader(name: "anna", password: "correct horse", journalSalt: salt, iterations: 1000)
        let wrapped = try PrivateKeys.wrap(Self.star.key, kek: anna.kek)
        #expect(wrapped.count == 40)
        #expect(try AES.KeyWrap.unwrap(wrapped, using: SymmetricKey(data: anna.kek)).bytes == Self.star.key)
        let wrong = try PrivateKeys.reader(name: "anna", password: "correct horsE", journalSalt: salt, iterations: 1000)
        #expect(throws: (any Error).self) { try AES.KeyWrap.unwrap(wrapped, using: SymmetricKey(data: wrong.kek)) }
        #expect(wrong.id != anna.id)
    }

    /// Finding 6: a reader's id was SHA-256 of the public salt and the name, so a list of first
    /// names confirmed a reader at once. Now the id needs the password too, through PBKDF2.
    @Test func aReadersNameAloneConfirmsNothing() throws {
        let salt = Self.keys.journalSalt
        let anna = try PrivateKeys.reader(name: "anna", password: "correct horse", journalSalt: salt, iterations: 1000)
        let byName = [SHA256.hash(data: salt + Array("anna".utf8)), SHA256.hash(data: Array("anna".utf8) + salt)].map { hexString(Array($0)) }
        #expect(byName.allSatisfy { !$0.hasPrefix(anna.id.prefix(16)) })
        let other = try PrivateKeys.reader(name: "ben", password: "correct horse", journalSalt: salt, iterations: 1000)
        #expect(other.id != anna.id && other.kek != anna.kek)
    }

    /// Finding 3: edition keys came from the site key alone, so an old password with an old key
    /// file opened what was published after a password change or a reader's removal.
    @Test func aChangeOfReadersGivesTheEditionNewKeys() {
        let changed = Self.keys.edition("*", epoch: Self.keys.epoch("*", readers: [(name: "anna", password: "a new password")]))
        let added = Self.keys.edition("*", epoch: Self.keys.epoch("*", readers: Self.readers + [(name: "ben", password: "bens password")]))
        let removed = Self.keys.edition("*", epoch: Self.keys.epoch("*", readers: [(name: "ben", password: "bens password")]))
        for other in [changed, added, removed] {
            #expect(other.key != Self.star.key && other.nonceKey != Self.star.nonceKey)
            #expect(other.folder == Self.star.folder)
        }
        let same = Self.keys.edition("*", epoch: Self.keys.epoch("*", readers: Self.readers))
        #expect(same.key == Self.star.key)
    }

    @Test func keysAreDerivedFromTheSiteKeyAndTheReaders() {
        let again = PrivateKeys(siteKey: "a site key of at least thirty-two characters")
        let other = PrivateKeys(siteKey: "another site key of at least thirty-two characters")
        #expect(again.edition("*", epoch: again.epoch("*", readers: Self.readers)).key == Self.star.key)
        #expect(other.edition("*", epoch: other.epoch("*", readers: Self.readers)).key != Self.star.key)
        #expect(Self.star.key != Self.star.nonceKey)
        #expect(Self.star.folder.count == 16)
        #expect(!"\(Self.keys)".contains(hexString(Self.star.key).prefix(8)) && !"\(Self.star)".contains(hexString(Self.star.key).prefix(8)))
    }

    @Test func theSealedFileIsAScriptNamedByItsDigest() throws {
        let (file, name) = Self.sealer.file(try Self.sealer.seal(Array("x".utf8), role: .manifest))
        #expect(name.count == 32)
        #expect(file.path == "private/\(Self.star.folder)/\(name.prefix(2))/\(name).js")
        let text = String(decoding: file.bytes, as: UTF8.self)
        #expect(text.hasPrefix("daybookSealed(\"\(name)\",\"") && text.hasSuffix("\");\n"))
        let base64 = text.dropFirst("daybookSealed(\"\(name)\",\"".count).dropLast(4)
        let binary = Array(Data(base64Encoded: String(base64))!)
        #expect(Sealer.name(of: binary) == name)
    }
}
