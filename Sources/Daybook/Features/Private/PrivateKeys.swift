import Crypto
import _CryptoExtras
import Foundation

/// The keys of a private journal, derived as `docs/private.md` describes ("The format"), so the
/// same journal and secrets give the same output on any machine, any day. The browser holds
/// none of the secrets: it derives a reader's key-encryption key from the password and unwraps
/// its edition's content key.
///
/// Keys are kept as bytes (swift-crypto's `SymmetricKey` is not `Sendable` on Linux) and never
/// printed: the description of a value holding them is a placeholder.
struct PrivateKeys: Sendable, CustomStringConvertible {
    private let siteKey: [UInt8]
    var description: String { "PrivateKeys(redacted)" }
    /// PBKDF2-HMAC-SHA256 iterations: OWASP's 600,000, stored in the key file so it can grow.
    static let iterations = 600_000

    init(siteKey: String) {
        self.siteKey = Array(siteKey.utf8)
    }

    /// HKDF-SHA256 of the site key for `label`.
    func derive(_ label: String, bytes: Int) -> [UInt8] {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: siteKey), salt: Array("daybook private v1".utf8),
                               info: Array(label.utf8), outputByteCount: bytes).bytes
    }

    /// Public: lets the browser compute a reader's id from the name typed.
    var journalSalt: [UInt8] { derive("journal-salt", bytes: 16) }

    func readerSalt(_ name: String) -> [UInt8] { derive("reader-salt:" + name, bytes: 16) }

    /// The reader's id in the key file: reveals neither the name nor anything derived from a password.
    func readerID(_ name: String) -> String {
        String(hexString(Array(SHA256.hash(data: journalSalt + Array(name.utf8)))).prefix(16))
    }

    /// The AES-256-GCM key of edition `edition` ("*" or its labels joined by ",").
    func editionKey(_ edition: String) -> [UInt8] { derive("edition-key:" + edition, bytes: 32) }

    /// The HMAC key the nonces come from; it never leaves the build.
    func nonceKey(_ edition: String) -> [UInt8] { derive("edition-nonce:" + edition, bytes: 32) }

    /// The edition's folder under `private/`: opaque, so it names no label.
    func editionFolder(_ edition: String) -> String { hexString(derive("edition-folder:" + edition, bytes: 8)) }

    /// The edition key wrapped (AES-KW) under the key PBKDF2 derives from `password`.
    static func wrap(_ key: [UInt8], password: String, salt: [UInt8], iterations: Int = iterations) throws -> [UInt8] {
        let kek = try keyEncryptionKey(password: password, salt: salt, iterations: iterations)
        return Array(try AES.KeyWrap.wrap(SymmetricKey(data: key), using: kek))
    }

    static func keyEncryptionKey(password: String, salt: [UInt8], iterations: Int) throws -> SymmetricKey {
        let bytes = Array(password.precomposedStringWithCanonicalMapping.utf8)
        return try KDF.Insecure.PBKDF2.deriveKey(from: bytes, salt: salt, using: .sha256, outputByteCount: 32,
                                                 unsafeUncheckedRounds: iterations)
    }
}

extension SymmetricKey {
    var bytes: [UInt8] { withUnsafeBytes { Array($0) } }
}
