import Crypto

/// SHA-256 digests as lower-case hex, for content-addressed file names and cache keys.
enum ContentHash {
    static func digest<Bytes: Sequence>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(data: Array(bytes))
        return Array(hasher.finalize())
    }

    /// Hashes a list of parts, each length-prefixed so `["ab", "c"]` and `["a", "bc"]` differ.
    static func digest(parts: [[UInt8]]) -> [UInt8] {
        var hasher = Hasher()
        for part in parts { hasher.add(part) }
        return hasher.finish()
    }

    /// Adds length-prefixed parts to one SHA-256. The parts are gathered in a buffer handed on
    /// in large pieces: page keys add tens of thousands of 32-byte parts, and each call into the
    /// digest costs more than the hashing of so few bytes.
    struct Hasher {
        private var sha = SHA256()
        private var buffer: [UInt8] = []
        private static let flushAt = 16 << 10

        init() {
            buffer.reserveCapacity(1024)
        }

        mutating func add(_ bytes: [UInt8]) {
            withUnsafeBytes(of: Int64(bytes.count).littleEndian) { buffer.append(contentsOf: $0) }
            buffer.append(contentsOf: bytes)
            if buffer.count >= Self.flushAt { flush() }
        }

        mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                withUnsafeBytes(of: Int64(utf8.count).littleEndian) { buffer.append(contentsOf: $0) }
                buffer.append(contentsOf: utf8)
            }
            if buffer.count >= Self.flushAt { flush() }
        }

        /// Adds a number as its eight bytes: a part of fixed size, so it needs no length before it.
        mutating func add(number: Int) {
            withUnsafeBytes(of: Int64(number).littleEndian) { buffer.append(contentsOf: $0) }
            if buffer.count >= Self.flushAt { flush() }
        }

        private mutating func flush() {
            sha.update(data: buffer)
            buffer.removeAll(keepingCapacity: true)
        }

        func finish() -> [UInt8] {
            var sha = sha
            sha.update(data: buffer)
            return Array(sha.finalize())
        }
    }

    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(data: Array(bytes))
        return hexString(hasher.finalize())
    }

    /// `style.css` -> `style.3f2a9c1d0b.css`: a new name whenever the content changes, so a
    /// browser's cache never serves an old copy.
    static func fileName(_ name: String, content: [UInt8]) -> String {
        let digest = hex(content).prefix(10)
        guard let dot = name.lastIndex(of: ".") else { return "\(name).\(digest)" }
        return "\(name[..<dot]).\(digest)\(name[dot...])"
    }
}
