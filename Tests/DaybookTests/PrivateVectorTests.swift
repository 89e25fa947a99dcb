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
        #expect(Self.list("keks").count >= 3 && Self.list("editions").count >= 2 && Self.list("sealed").count >= 5)
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

    @Test func sealedFiles() throws {
        for case let sealed in Self.list("sealed") {
            let sealer = Sealer(Self.editionKeys(sealed["edition"] as? String ?? ""))
            let plain = Self.plaintext(sealed["plaintext"] as? [String: Any] ?? [:])
            let role = Sealer.Role.file(sealed["role"] as? String ?? "")
            let (file, name) = try sealer.file(plain, role: role)
            #expect(Data(try sealer.seal(plain, role: role)).base64EncodedString() == sealed["binary"] as? String)
            #expect(name == sealed["name"] as? String)
            #expect(file.path == sealed["path"] as? String)
        }
    }

    @Test func manifest() throws {
        let manifest = Self.vectors["manifest"] as? [String: Any] ?? [:]
        let files = manifest["files"] as? [String: String] ?? [:], generation = manifest["generation"] as? Int ?? -1
        #expect(String(decoding: PrivateFiles.manifest(files, generation: generation), as: UTF8.self) == manifest["plaintext"] as? String)
        let (file, name) = try Sealer(Self.editionKeys("*")).file(PrivateFiles.manifest(files, generation: generation), role: .manifest)
        #expect(name == manifest["name"] as? String)
        #expect(String(decoding: file.bytes, as: UTF8.self) == manifest["script"] as? String)
    }

    /// `{utf8: text}`, or `{pattern, length}` where byte i is i mod 251.
    static func plaintext(_ spec: [String: Any]) -> [UInt8] {
        if let text = spec["utf8"] as? String { return Array(text.utf8) }
        return (0..<(spec["length"] as? Int ?? 0)).map { UInt8($0 % 251) }
    }
}
