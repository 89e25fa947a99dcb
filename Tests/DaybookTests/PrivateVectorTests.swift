import Crypto
import Foundation
import Testing
@testable import Daybook

/// The known answers of the private format (`Tests/Fixtures/private-vectors.json`, made by the
/// Python reference in `Tests/site/private_reference.py`), which the browser's script is tested
/// against too: what Swift seals, the browser opens.
@Suite struct PrivateVectorTests {
    static var vectors: [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/private-vectors.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }
    static var keys: PrivateKeys { PrivateKeys(siteKey: vectors["site_key"] as? String ?? "") }
    static func list(_ name: String) -> [[String: Any]] { vectors[name] as? [[String: Any]] ?? [] }

    @Test func theVectorsAreThere() {
        #expect(Self.vectors["format"] as? Int == PrivateFiles.format)
        #expect(Self.list("keks").count >= 3 && Self.list("editions").count >= 2 && (Self.vectors["pack"] as? [String: Any]) != nil)
    }

    static var passwords: [String: String] { vectors["passwords"] as? [String: String] ?? [:] }

    static func editionKeys(_ id: String) -> EditionKeys {
        let edition = list("editions").first { $0["id"] as? String == id } ?? [:]
        let readers = (edition["readers"] as? [String] ?? []).map { (name: PrivacySettings.Reader.key($0), password: passwords[$0] ?? "") }
        return keys.edition(id, epoch: keys.epoch(id, readers: readers))
    }

    @Test func journalSalt() {
        #expect(hexString(Self.keys.journalSalt) == Self.vectors["journal_salt_hex"] as? String)
    }

    @Test func editionKeysAndEpochs() {
        for edition in Self.list("editions") {
            let id = edition["id"] as? String ?? ""
            let readers = (edition["readers"] as? [String] ?? []).map { (name: PrivacySettings.Reader.key($0), password: Self.passwords[$0] ?? "") }
            #expect(Self.keys.epoch(id, readers: readers) == edition["epoch"] as? String)
            let keys = Self.editionKeys(id)
            #expect(hexString(keys.key) == edition["key_hex"] as? String)
            #expect(hexString(keys.nonceKey) == edition["nonce_key_hex"] as? String)
            #expect(keys.folder == edition["folder"] as? String)
        }
    }

    @Test func readersAndWrappedKeys() throws {
        for case let kek in Self.list("keks") {
            let name = PrivacySettings.Reader.key(kek["reader"] as? String ?? "")
            #expect(name == kek["n"] as? String)
            let password = kek["password"] as? String ?? "", iterations = kek["iterations"] as? Int ?? 0
            let reader = try PrivateKeys.reader(name: name, password: password, journalSalt: Self.keys.journalSalt, iterations: iterations)
            #expect(hexString(reader.kek) == kek["kek_hex"] as? String)
            #expect(reader.id == kek["id"] as? String)
            let wrapped = try PrivateKeys.wrap(Self.editionKeys(kek["edition"] as? String ?? "").key, kek: reader.kek)
            #expect(Data(wrapped).base64EncodedString() == kek["wrapped"] as? String)
        }
    }

    static var pack: [String: Any] { vectors["pack"] as? [String: Any] ?? [:] }

    /// The pack of the vectors' files, as `EditionPack` makes it.
    static func packed() -> [UInt8] {
        let files = (pack["files"] as? [String: [String: Any]] ?? [:]).mapValues(plaintext)
        return EditionPack.make(files).pack
    }

    @Test func thePack() {
        let files = (Self.pack["files"] as? [String: [String: Any]] ?? [:]).mapValues(Self.plaintext)
        let (packed, table, _) = EditionPack.make(files)
        #expect(packed.count == Self.pack["length"] as? Int)
        #expect(hexString(Array(SHA256.hash(data: packed))) == Self.pack["plaintext_sha256"] as? String)
        #expect([table.offset, table.length] == Self.pack["table_place"] as? [Int])
        #expect(String(decoding: packed[table.offset..<table.offset + table.length], as: UTF8.self) == Self.pack["table"] as? String)
    }

    @Test func thePacksChunks() throws {
        let sealer = Sealer(Self.editionKeys("*")), packed = Self.packed()
        let expected = Self.pack["chunks"] as? [[String: Any]] ?? []
        let chunks = try sealer.chunks(packed, role: .pack, range: nil)
        #expect(chunks.count == expected.count && !chunks.isEmpty)
        for (chunk, known) in zip(chunks, expected) {
            let (file, name) = sealer.file(chunk)
            #expect(Data(chunk).base64EncodedString() == known["binary"] as? String)
            #expect(name == known["name"] as? String)
            #expect(file.path == known["path"] as? String)
        }
    }

    @Test func manifest() throws {
        let manifest = Self.vectors["manifest"] as? [String: Any] ?? [:]
        let chunks = manifest["chunks"] as? [String] ?? [], generation = manifest["generation"] as? Int ?? -1
        let place = manifest["table"] as? [Int] ?? [0, 0]
        let plain = PrivateFiles.manifest(chunks: chunks, generation: generation, table: EditionPack.Place(offset: place[0], length: place[1]))
        #expect(String(decoding: plain, as: UTF8.self) == manifest["plaintext"] as? String)
        let sealer = Sealer(Self.editionKeys("*"))
        let (file, name) = sealer.file(try sealer.seal(plain, role: .manifest))
        #expect(name == manifest["name"] as? String)
        #expect(String(decoding: file.bytes, as: UTF8.self) == manifest["script"] as? String)
    }

    /// The table lists paths by their code points, which a natural or UTF-16 order would not.
    @Test func thePacksOrder() {
        let order = Self.vectors["pack_order"] as? [String: Any] ?? [:]
        let files = Dictionary(uniqueKeysWithValues: (order["paths"] as? [String] ?? []).map { ($0, [UInt8]()) })
        #expect(!files.isEmpty)
        let (packed, table, _) = EditionPack.make(files)
        #expect(String(decoding: packed[table.offset..<table.offset + table.length], as: UTF8.self) == order["table"] as? String)
    }

    /// A file's own codes: lengths within the limit (the counts halved where a code grew too
    /// long), and the code lengths as the block's head gives them, as the reference makes them.
    @Test func theOwnCodes() throws {
        let huffman = try #require(Self.vectors["huffman"] as? [String: Any])
        let cases = huffman["lengths"] as? [[String: Any]] ?? []
        #expect(cases.count >= 5)
        for known in cases {
            let counts = known["counts"] as? [Int] ?? [], limit = known["limit"] as? Int ?? 0
            #expect(PackHuffman.lengths(counts, limit: limit) == known["lengths"] as? [Int])
        }
        let runs = try #require(huffman["runs"] as? [String: Any])
        let made = PackHuffman.runs(runs["lengths"] as? [Int] ?? []).map { [$0.symbol, $0.extra] }
        #expect(!made.isEmpty && made == runs["runs"] as? [[Int]])
    }

    /// `{utf8: text}`, or `{pattern, length}` where byte i is i mod 251.
    static func plaintext(_ spec: [String: Any]) -> [UInt8] {
        if let text = spec["utf8"] as? String { return Array(text.utf8) }
        return (0..<(spec["length"] as? Int ?? 0)).map { UInt8($0 % 251) }
    }
}
