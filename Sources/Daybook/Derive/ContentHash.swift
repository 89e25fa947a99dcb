import Crypto

/// SHA-256 digests as lower-case hex, for content-addressed file names and cache keys.
enum ContentHash {
    static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var hasher = SHA256()
        hasher.update(data: Array(bytes))
        return hasher.finalize().map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// `style.css` -> `style.3f2a9c1d0b.css`: a new name whenever the content changes, so a
    /// browser's cache never serves an old copy.
    static func fileName(_ name: String, content: [UInt8]) -> String {
        let digest = hex(content).prefix(10)
        guard let dot = name.lastIndex(of: ".") else { return "\(name).\(digest)" }
        return "\(name[..<dot]).\(digest)\(name[dot...])"
    }
}
