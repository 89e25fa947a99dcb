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

    /// Length-prefixed parts as bytes: what `Hasher` hashes. Made apart when a part of many keys
    /// is worth making once (`PageKeys.compactRow`), and handed to `Hasher.append` as it is.
    struct Parts {
        private(set) var bytes: [UInt8] = []

        mutating func add(_ part: [UInt8]) {
            withUnsafeBytes(of: Int64(part.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: part)
        }

        mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                withUnsafeBytes(of: Int64(utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
                bytes.append(contentsOf: utf8)
            }
        }

        /// Adds a number as its eight bytes: a part of fixed size, so it needs no length before it.
        mutating func add(number: Int) {
            withUnsafeBytes(of: Int64(number).littleEndian) { bytes.append(contentsOf: $0) }
        }

        /// Adds `prefix` and `rest` as one part, as `add` would the two joined.
        mutating func add(prefix: UInt8, _ rest: UnsafeBufferPointer<UInt8>) {
            withUnsafeBytes(of: Int64(rest.count + 1).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(prefix)
            bytes.append(contentsOf: rest)
        }

        mutating func append(_ parts: [UInt8]) { bytes.append(contentsOf: parts) }
        mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }
        mutating func reserveCapacity(_ count: Int) { bytes.reserveCapacity(count) }
    }

    /// Adds length-prefixed parts to one SHA-256. The parts are gathered in a buffer handed on
    /// in large pieces: page keys add tens of thousands of 32-byte parts, and each call into the
    /// digest costs more than the hashing of so few bytes.
    struct Hasher {
        private var sha = SHA256()
        private var buffer = Parts()
        private static let flushAt = 16 << 10

        init() {
            buffer.reserveCapacity(1024)
        }

        mutating func add(_ bytes: [UInt8]) {
            buffer.add(bytes)
            if buffer.bytes.count >= Self.flushAt { flush() }
        }

        mutating func add(_ text: String) {
            buffer.add(text)
            if buffer.bytes.count >= Self.flushAt { flush() }
        }

        mutating func add(number: Int) {
            buffer.add(number: number)
            if buffer.bytes.count >= Self.flushAt { flush() }
        }

        /// Adds parts made apart (`Parts.bytes`), as if each had been added here.
        mutating func append(_ parts: [UInt8]) {
            buffer.append(parts)
            if buffer.bytes.count >= Self.flushAt { flush() }
        }

        private mutating func flush() {
            sha.update(data: buffer.bytes)
            buffer.removeAll()
        }

        func finish() -> [UInt8] {
            var sha = sha
            sha.update(data: buffer.bytes)
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
