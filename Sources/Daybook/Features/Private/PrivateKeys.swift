import Crypto
import _CryptoExtras
import Foundation

/// The keys of a private journal, derived as `docs/private.md` describes ("The format"), so the
/// same journal and secrets give the same output on any machine, any day. The browser holds
/// none of the secrets: it derives a reader's key-encryption key and id from the name and password
/// typed, and unwraps its edition's content key.
///
/// Keys are kept as bytes (swift-crypto's `SymmetricKey` is not `Sendable` on Linux) and never
/// printed: the description of a value holding them is a placeholder.
struct PrivateKeys: Sendable, CustomStringConvertible {
    private let siteKey: [UInt8]
    var description: String { "PrivateKeys(redacted)" }
    /// PBKDF2-HMAC-SHA256 iterations: OWASP's 600,000, stored in the key file so it can grow.
    static let iterations = 600_000
    static let hkdfSalt = "daybook private v2"
    static let readerSalt = "daybook reader v2"

    init(siteKey: String) {
        self.siteKey = Array(siteKey.utf8)
    }

    /// HKDF-SHA256 of the site key for `label`.
    func derive(_ label: String, bytes: Int) -> [UInt8] {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: siteKey), salt: Array(Self.hkdfSalt.utf8),
                               info: Array(label.utf8), outputByteCount: bytes).bytes
    }

    /// Public: with a reader's name, the salt of their password.
    var journalSalt: [UInt8] { derive("journal-salt", bytes: 16) }

    /// The edition's folder under `private/`: opaque, so it names no label. It stays when the
    /// edition's readers change, so a rotation replaces files in place.
    func editionFolder(_ edition: String) -> String { hexString(derive("edition-folder:" + edition, bytes: 8)) }

    /// A keyed fingerprint of who may open `edition` and with what: each reader's name and
    /// password. Any password change, removal or addition gives the edition new keys, so an old
    /// password with an old key file opens nothing published after the change. It reveals nothing
    /// of a secret without the site key.
    func epoch(_ edition: String, readers: [(name: String, password: String)]) -> String {
        var data = Array(edition.utf8) + [0]
        for reader in ByteOrder.sorted(readers, by: \.name) {
            data += Array(reader.name.utf8) + [0] + Array(reader.password.precomposedStringWithCanonicalMapping.utf8) + [0]
        }
        let code = HMAC<SHA256>.authenticationCode(for: data, using: SymmetricKey(data: derive("edition-epoch", bytes: 32)))
        return hexString(Array(code.prefix(16)))
    }

    /// The keys of edition `edition` ("*" or its labels joined by ",") in `epoch`.
    func edition(_ edition: String, epoch: String) -> EditionKeys {
        EditionKeys(key: derive("edition-key:\(edition):\(epoch)", bytes: 32),
                    nonceKey: derive("edition-nonce:\(edition):\(epoch)", bytes: 32),
                    folder: editionFolder(edition))
    }

    /// What a reader's name and password give, in the build and in the browser alike: one PBKDF2
    /// over the password, salted with the journal salt and the name, then HKDF for the key that
    /// wraps the edition key and for the reader's id in the key file. So a name can be confirmed
    /// from the published files only together with its password, at a password guess's cost.
    static func reader(name: String, password: String, journalSalt: [UInt8], iterations: Int = iterations) throws -> (kek: [UInt8], id: String) {
        let secret = Array(password.precomposedStringWithCanonicalMapping.utf8)
        let master = try KDF.Insecure.PBKDF2.deriveKey(from: secret, salt: journalSalt + Array(name.utf8), using: .sha256,
                                                       outputByteCount: 32, unsafeUncheckedRounds: iterations)
        func split(_ info: String, _ bytes: Int) -> [UInt8] {
            HKDF<SHA256>.deriveKey(inputKeyMaterial: master, salt: Array(readerSalt.utf8), info: Array(info.utf8), outputByteCount: bytes).bytes
        }
        return (split("kek", 32), hexString(split("reader-id", 16)))
    }

    /// `key` wrapped (AES-KW, RFC 3394) under a reader's key-encryption key.
    static func wrap(_ key: [UInt8], kek: [UInt8]) throws -> [UInt8] {
        Array(try AES.KeyWrap.wrap(SymmetricKey(data: key), using: SymmetricKey(data: kek)))
    }
}

/// One edition's keys in one epoch: what its files are sealed with, and where they go.
struct EditionKeys: Sendable, CustomStringConvertible {
    let key: [UInt8]
    let nonceKey: [UInt8]
    let folder: String
    var description: String { "EditionKeys(\(folder), redacted)" }
}

extension SymmetricKey {
    var bytes: [UInt8] { withUnsafeBytes { Array($0) } }
}
