import Crypto
import Foundation

/// Encrypts an edition (`docs/private.md`, "The format"): AES-256-GCM in chunks of 64 KiB, each
/// chunk bound to its role (the edition's manifest, or its pack) and its position, and the
/// manifest's chunks to their number too, so a swapped, reordered or truncated chunk fails to
/// open. A pack's chunks are not bound to their number: the manifest lists their digests in
/// order, and the preview adds chunks to a pack without sealing the first ones again.
///
/// The nonces are not random, for the output to be reproducible: each is an HMAC of the digest of
/// what is sealed at once, the chunk's binding and the chunk's digest under a key of its own, the
/// synthetic-IV idea. Two different chunks get the same nonce only if SHA-256 collides, or
/// HMAC-SHA256 does in 96 bits. A build seals the whole pack at once, so a pack that did not change keeps its bytes and
/// one that changed anywhere changes in every chunk: the host cannot tell where an edit is.
struct Sealer: Sendable, CustomStringConvertible {
    let key: [UInt8]
    let nonceKey: [UInt8]
    var description: String { "Sealer(\(folder))" }
    /// The folder under `private/` the sealed files go to.
    let folder: String

    init(_ keys: EditionKeys) {
        (key, nonceKey, folder) = (keys.key, keys.nonceKey, keys.folder)
    }

    /// What is sealed, bound into every chunk: the edition's manifest (its list of chunks), or
    /// its pack (every file of the edition). The two never share a role, so neither opens as
    /// the other.
    enum Role: Sendable, Equatable {
        case manifest
        case pack
        /// One shared entry's copy (`Features/Shares`), sealed whole under the share's key.
        case share

        var bytes: [UInt8] {
            switch self {
            case .manifest: Array("manifest".utf8)
            case .pack: Array("pack".utf8)
            case .share: Array("share".utf8)
            }
        }
    }

    static let chunkSize = 65_536
    static let magic = Array("DBK4".utf8)
    static let version = Array("daybook/v4".utf8)

    /// The sealed form of `plaintext` for `role` as one binary: magic, the chunk count, then
    /// each chunk (`chunks`). The manifest is published so.
    func seal(_ plaintext: [UInt8], role: Role) throws -> [UInt8] {
        let chunks = try self.chunks(plaintext, role: role, range: nil)
        var out = Self.magic + Self.bigEndian(UInt32(chunks.count))
        out.reserveCapacity(8 + plaintext.count + chunks.count * 28)
        for chunk in chunks { out += chunk }
        return out
    }

    /// What every chunk's nonce is taken over besides its binding (docs/private.md, "Why no nonce
    /// repeats"): the digest of the `count` chunks `chunk` gives, the SHA-256 of their SHA-256s in
    /// order, so that a change anywhere changes every nonce; and each chunk's SHA-256. Made on
    /// every core: one SHA-256 over the whole plaintext, as before 2026-11-27, kept one core busy
    /// for about 0.08 s of a whole-private update at 10,000 entries (110 MB) while the other
    /// waited, and a nonce taken over the chunk itself, not its SHA-256, hashed every byte again.
    static func digests(count: Int, _ chunk: @Sendable (Int) -> ArraySlice<UInt8>) -> (digest: [UInt8], chunks: [[UInt8]]) {
        digests(count: count, hashing: { Array(SHA256.hash(data: chunk($0))) })
    }

    /// The same, given each chunk's SHA-256 (`hashing`), which a pack's part takes from its pieces
    /// without gathering the chunk (`EditionPack.Segment.digest`).
    static func digests(count: Int, hashing digest: @Sendable (Int) -> [UInt8]) -> (digest: [UInt8], chunks: [[UInt8]]) {
        let parts = concurrentMap(Array(0..<count), digest)
        return (Array(SHA256.hash(data: parts.flatMap { $0 })), parts)
    }

    /// Chunk `index` of `plaintext`: `chunkSize` bytes, fewer for the last, none past the end.
    static func chunk(_ index: Int, of plaintext: [UInt8]) -> ArraySlice<UInt8> {
        plaintext[min(plaintext.count, index * chunkSize)..<min(plaintext.count, (index + 1) * chunkSize)]
    }

    /// How many chunks `plaintext` makes.
    static func chunkCount(_ length: Int) -> Int { max(1, (length + chunkSize - 1) / chunkSize) }

    /// The sealed chunks of `plaintext` for `role` (those in `range`, or all): each is
    /// nonce ‖ ciphertext ‖ tag. A pack's chunks are published one file each; those of a part
    /// added to a pack are numbered from `first`, the count of chunks before it.
    func chunks(_ plaintext: [UInt8], role: Role, range: Range<Int>?) throws -> [[UInt8]] {
        let count = Self.chunkCount(plaintext.count)
        let chunk: @Sendable (Int) -> ArraySlice<UInt8> = { Self.chunk($0, of: plaintext) }
        return try sealed(count: count, role: role, range: range ?? 0..<count, digests: Self.digests(count: count, chunk), chunk)
    }

    /// The sealed chunks in `range` of the `count` chunks `chunk` gives, whose `digests` are known.
    func sealed(count: Int, role: Role, range: Range<Int>, digests: (digest: [UInt8], chunks: [[UInt8]]), first: Int = 0,
                _ chunk: @Sendable (Int) -> ArraySlice<UInt8>) throws -> [[UInt8]] {
        try sealedData(count: count, role: role, range: range, digests: digests, first: first, chunk).map(Self.bytes)
    }

    /// The same chunks as `Data`, as AES-GCM gives them: a pack's chunks go straight on to their
    /// names and scripts (`file`), without a copy of each into an array first.
    func sealedData(count: Int, role: Role, range: Range<Int>, digests: (digest: [UInt8], chunks: [[UInt8]]), first: Int = 0,
                    _ chunk: @Sendable (Int) -> ArraySlice<UInt8>) throws -> [Data] {
        let (keyBytes, nonceBytes) = (key, nonceKey)
        let made = concurrentMap(Array(range)) { index in
            Result { () throws -> Data in
                let (key, nonceKey) = (SymmetricKey(data: keyBytes), SymmetricKey(data: nonceBytes))
                let aad = Self.binding(role: role, index: first + index, count: count)
                let code = HMAC<SHA256>.authenticationCode(for: digests.digest + aad + digests.chunks[index], using: nonceKey)
                let nonce = try AES.GCM.Nonce(data: Array(code.prefix(12)))
                let box = try AES.GCM.seal(chunk(index), using: key, nonce: nonce, authenticating: aad)
                // nonce ‖ ciphertext ‖ tag; nil only for a nonce not of 12 bytes.
                guard let combined = box.combined else { throw CryptoKitError.incorrectParameterSize }
                return combined
            }
        }
        return try made.map { try $0.get() }
    }

    /// What each chunk's tag covers besides the chunk: the format's version, the role, the
    /// chunk's index and, but for a pack's chunk, the number of chunks.
    static func binding(role: Role, index: Int, count: Int) -> [UInt8] {
        let head = version + [0] + role.bytes + [0] + bigEndian(UInt32(index))
        return role == .pack ? head : head + bigEndian(UInt32(count))
    }

    /// The name a sealed binary is published under: its digest, which the browser checks.
    static func name(of sealed: some DataProtocol) -> String {
        String(hexString(Array(SHA256.hash(data: sealed))).prefix(32))
    }

    /// A sealed binary as the site publishes it: a script, so it loads from disk too, under
    /// `private/<folder>/<first two of name>/<name>.js`.
    func file(_ sealed: [UInt8]) -> (file: OutputFile, name: String) {
        // Encoded from the binary in place, and copied once into the script: a pack is about the
        // size of the site, and every copy of it cost a whole-private update milliseconds.
        sealed.withUnsafeBytes { file(Self.borrowed($0)) }
    }

    /// The same for a binary held as `Data`.
    func file(_ sealed: Data) -> (file: OutputFile, name: String) {
        let name = Self.name(of: sealed)
        let head = Array("daybookSealed(\"\(name)\",\"".utf8), tail = Array("\");\n".utf8)
        let encoded = sealed.base64EncodedData()
        var script: [UInt8] = []
        script.reserveCapacity(head.count + encoded.count + tail.count)
        script += head
        // Through its bytes: appending the `Data` itself went element by element, and took a
        // mixed journal's update (two editions of 100 MB each) a tenth of a second of CPU.
        encoded.withUnsafeBytes { script.append(contentsOf: $0) }
        script += tail
        return (OutputFile(path: path(of: name), bytes: script), name)
    }

    /// `bytes` as `Data` without a copy, for Foundation's base 64 to read; valid only inside the
    /// closure that gave `bytes`, and never written to.
    static func borrowed(_ bytes: UnsafeRawBufferPointer) -> Data {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return Data() }
        return Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none)
    }

    /// `data`'s bytes in one copy: `Array(data)` went element by element, which took a mixed
    /// journal's update (two editions of 100 MB, opened and sealed) a tenth of a second of CPU.
    static func bytes(_ data: Data) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: data.count) { buffer, count in
            count = data.copyBytes(to: buffer)
        }
    }

    /// Where the sealed binary named `name` is published.
    func path(of name: String) -> String { "private/\(folder)/\(name.prefix(2))/\(name).js" }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }
}

extension Sealer {
    struct Unopened: Error {}

    /// The plaintext of a binary `seal` made; throws if any chunk does not open.
    func open(_ sealed: [UInt8], role: Role) throws -> [UInt8] {
        guard sealed.count >= 8, Array(sealed.prefix(4)) == Self.magic else { throw Unopened() }
        let count = sealed[4..<8].reduce(0) { $0 << 8 | Int($1) }
        var offset = 8, plain: [UInt8] = []
        for index in 0..<count {
            let length = min(sealed.count - offset, 12 + Self.chunkSize + 16)
            guard length >= 28 else { throw Unopened() }
            plain += try openChunk(Array(sealed[offset..<offset + length]), index: index, count: count, role: role)
            offset += length
        }
        guard offset == sealed.count else { throw Unopened() }
        return plain
    }

    /// Chunk `index` of `count`: nonce ‖ ciphertext ‖ tag.
    func openChunk(_ binary: some DataProtocol, index: Int, count: Int, role: Role = .pack) throws -> [UInt8] {
        Self.bytes(try openChunkData(binary, index: index, count: count, role: role))
    }

    /// The same, as AES-GCM gives it: a pack's chunks are only read from, file by file.
    func openChunkData(_ binary: some DataProtocol, index: Int, count: Int, role: Role = .pack) throws -> Data {
        guard binary.count >= 28 else { throw Unopened() }
        let box = try AES.GCM.SealedBox(combined: binary)
        return try AES.GCM.open(box, using: SymmetricKey(data: key), authenticating: Self.binding(role: role, index: index, count: count))
    }
}
