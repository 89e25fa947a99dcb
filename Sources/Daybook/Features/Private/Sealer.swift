import Crypto
import Foundation

/// Encrypts an edition's files (`docs/private.md`, "A sealed file"): AES-256-GCM in chunks of
/// 64 KiB, so a phone decrypts a large file a chunk at a time, each chunk bound to the file's
/// role (its path in the site), its position and the number of chunks, so a swapped, reordered
/// or truncated file fails to open.
///
/// The nonces are not random, for the output to be reproducible: each is an HMAC of the whole
/// file's digest, the chunk's binding and the chunk under a key of its own, the synthetic-IV idea.
/// Two different chunks get the same nonce only if HMAC-SHA256 collides in 96 bits. A file that
/// did not change keeps its bytes; one that changed anywhere changes in every chunk, so an edit
/// inside a large file (the archives) does not show where it is.
struct Sealer: Sendable, CustomStringConvertible {
    let key: [UInt8]
    let nonceKey: [UInt8]
    var description: String { "Sealer(\(folder))" }
    /// The folder under `private/` the sealed files go to.
    let folder: String

    init(_ keys: EditionKeys) {
        (key, nonceKey, folder) = (keys.key, keys.nonceKey, keys.folder)
    }

    /// What a sealed file is, bound into every chunk: the edition's manifest, or the file at a
    /// path in the site. The two never share a role, so no file decrypts as the manifest.
    enum Role: Sendable, Equatable {
        case manifest
        case file(String)

        var bytes: [UInt8] {
            switch self {
            case .manifest: Array("manifest".utf8)
            case .file(let path): Array("file:".utf8) + Array(path.utf8)
            }
        }
    }

    static let chunkSize = 65_536
    static let magic = Array("DBK2".utf8)

    /// The sealed form of `plaintext` for `role`: the binary the format describes.
    func seal(_ plaintext: [UInt8], role: Role) throws -> [UInt8] {
        let count = max(1, (plaintext.count + Self.chunkSize - 1) / Self.chunkSize)
        var out = Self.magic + Self.bigEndian(UInt32(count))
        out.reserveCapacity(8 + plaintext.count + count * 28)
        let (key, nonceKey) = (SymmetricKey(data: key), SymmetricKey(data: nonceKey))
        let digest = Array(SHA256.hash(data: plaintext))
        for index in 0..<count {
            let chunk = plaintext[min(plaintext.count, index * Self.chunkSize)..<min(plaintext.count, (index + 1) * Self.chunkSize)]
            let aad = Self.binding(role: role, index: index, count: count)
            let code = HMAC<SHA256>.authenticationCode(for: digest + aad + chunk, using: nonceKey)
            let nonce = try AES.GCM.Nonce(data: Array(code.prefix(12)))
            let box = try AES.GCM.seal(chunk, using: key, nonce: nonce, authenticating: aad)
            out += Array(nonce) + Array(box.ciphertext) + Array(box.tag)
        }
        return out
    }

    /// What each chunk's tag covers besides the chunk: the format's version, the role, the
    /// chunk's index and the number of chunks.
    static func binding(role: Role, index: Int, count: Int) -> [UInt8] {
        Array("daybook/v2".utf8) + [0] + role.bytes + [0] + bigEndian(UInt32(index)) + bigEndian(UInt32(count))
    }

    /// The name a sealed binary is published under: its digest, which the browser checks.
    static func name(of sealed: [UInt8]) -> String {
        String(hexString(Array(SHA256.hash(data: sealed))).prefix(32))
    }

    /// The sealed file of `plaintext` as the site publishes it: a script, so it loads from disk
    /// too, under `private/<folder>/<first two of name>/<name>.js`.
    func file(_ plaintext: [UInt8], role: Role) throws -> (file: OutputFile, name: String) {
        let sealed = try seal(plaintext, role: role)
        let name = Self.name(of: sealed)
        let script = Array("daybookSealed(\"\(name)\",\"".utf8) + Array(Data(sealed).base64EncodedData()) + Array("\");\n".utf8)
        return (OutputFile(path: "private/\(folder)/\(name.prefix(2))/\(name).js", bytes: script), name)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }
}
