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
        #expect(Self.list("readers").count >= 3 && Self.list("editions").count >= 2 && Self.list("sealed").count >= 5)
    }

    @Test func salts() {
        #expect(hexString(Self.keys.journalSalt) == Self.vectors["journal_salt_hex"] as? String)
        for reader in Self.list("readers") {
            let name = PrivacySettings.Reader.key(reader["name"] as? String ?? "")
            #expect(name == reader["n"] as? String)
            #expect(hexString(Self.keys.readerSalt(name)) == reader["salt_hex"] as? String)
            #expect(Self.keys.readerID(name) == reader["id"] as? String)
        }
    }

    @Test func editionKeys() {
        for edition in Self.list("editions") {
            let id = edition["id"] as? String ?? ""
            #expect(hexString(Self.keys.editionKey(id)) == edition["key_hex"] as? String)
            #expect(hexString(Self.keys.nonceKey(id)) == edition["nonce_key_hex"] as? String)
            #expect(Self.keys.editionFolder(id) == edition["folder"] as? String)
        }
    }

    @Test func passwordsAndWrappedKeys() throws {
        for case let kek in Self.list("keks") {
            let salt = Self.keys.readerSalt(PrivacySettings.Reader.key(kek["reader"] as? String ?? ""))
            let password = kek["password"] as? String ?? "", iterations = kek["iterations"] as? Int ?? 0
            #expect(hexString(salt) == kek["salt_hex"] as? String)
            #expect(hexString(try PrivateKeys.keyEncryptionKey(password: password, salt: salt, iterations: iterations).bytes) == kek["kek_hex"] as? String)
            let wrapped = try PrivateKeys.wrap(Self.keys.editionKey(kek["edition"] as? String ?? ""), password: password, salt: salt, iterations: iterations)
            #expect(Data(wrapped).base64EncodedString() == kek["wrapped"] as? String)
        }
    }

    @Test func sealedFiles() throws {
        for case let sealed in Self.list("sealed") {
            let edition = sealed["edition"] as? String ?? ""
            let sealer = Sealer(key: Self.keys.editionKey(edition), nonceKey: Self.keys.nonceKey(edition), folder: Self.keys.editionFolder(edition))
            let plain = Self.plaintext(sealed["plaintext"] as? [String: Any] ?? [:])
            let (file, name) = try sealer.file(plain, role: sealed["role"] as? String ?? "")
            #expect(Data(try sealer.seal(plain, role: sealed["role"] as? String ?? "")).base64EncodedString() == sealed["binary"] as? String)
            #expect(name == sealed["name"] as? String)
            #expect(file.path == sealed["path"] as? String)
        }
    }

    @Test func manifest() throws {
        let manifest = Self.vectors["manifest"] as? [String: Any] ?? [:]
        let files = manifest["files"] as? [String: String] ?? [:]
        #expect(String(decoding: try PrivateFiles.manifest(files), as: UTF8.self) == manifest["plaintext"] as? String)
        let sealer = Sealer(key: Self.keys.editionKey("*"), nonceKey: Self.keys.nonceKey("*"), folder: Self.keys.editionFolder("*"))
        let (file, name) = try sealer.file(try PrivateFiles.manifest(files), role: "manifest")
        #expect(name == manifest["name"] as? String)
        #expect(String(decoding: file.bytes, as: UTF8.self) == manifest["script"] as? String)
    }

    /// `{utf8: text}`, or `{pattern, length}` where byte i is i mod 251.
    static func plaintext(_ spec: [String: Any]) -> [UInt8] {
        if let text = spec["utf8"] as? String { return Array(text.utf8) }
        return (0..<(spec["length"] as? Int ?? 0)).map { UInt8($0 % 251) }
    }
}
