import Crypto
import Foundation

/// The keys of one share (`docs/private.md`, "The keys"): HKDF of the site key, as every private
/// key is, with labels of their own that bind the share's id and the entry's path. So a share
/// opens only its own entry's copy, a share made again (a new id) gets a new key, and the key in
/// one link tells nothing of any other key.
struct ShareKeys: Sendable, CustomStringConvertible {
    /// The AES-256-GCM key of the copy: the one that travels in the link, after `#`.
    let key: [UInt8]
    /// The HMAC key of the copy's nonces; it never leaves the build.
    let nonceKey: [UInt8]
    let id: String
    var description: String { "ShareKeys(redacted)" }

    init(_ keys: PrivateKeys, id: String, entry: String) {
        key = keys.derive("share-key:\(id):\(entry)", bytes: 32)
        nonceKey = keys.derive("share-nonce:\(id):\(entry)", bytes: 32)
        self.id = id
    }

    /// The copy's name in `share/`: from the id alone, which the link carries, so the browser finds
    /// it; the id is random, so the name tells nothing of the entry.
    static func fileName(id: String) -> String {
        String(hexString(Array(SHA256.hash(data: Array("daybook share\u{0}\(id)".utf8)))).prefix(32))
    }

    /// What follows `share/#` in the link: the id, a dot, the key in base64url without padding.
    var fragment: String {
        let base64 = Data(key).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return "\(id).\(base64)"
    }

    /// The sealer of the copy: the share's keys in place of an edition's.
    var sealer: Sealer { Sealer(EditionKeys(key: key, nonceKey: nonceKey, folder: "share")) }
}
