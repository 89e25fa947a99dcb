import Foundation

/// The layout of Daybook's cache files: a magic line, the payload, and the SHA-256 of the payload,
/// so a file that is damaged, cut short or not a cache at all is recognised and never trusted.
enum SealedFile {
    /// The payload of the file at `url` and its SHA-256, or nil when it is missing or fails its check.
    static func read(_ url: URL, magic: [UInt8]) -> (payload: [UInt8], digest: [UInt8])? {
        guard var bytes = FileBytes.read(url.path), bytes.count > magic.count + 32, bytes.starts(with: magic) else { return nil }
        let seal = Array(bytes.suffix(32))
        bytes.removeLast(32)
        bytes.removeFirst(magic.count)
        return ContentHash.digest(bytes) == seal ? (bytes, seal) : nil
    }

    /// Writes the file atomically, making its folder if needed; a failure only costs the next
    /// build its head start.
    /// - Returns: the payload's SHA-256, as `read` would return it; nil when it was not written.
    @discardableResult
    static func write(_ payload: [UInt8], to url: URL, magic: [UInt8]) -> [UInt8]? {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Written in parts, not joined first: the payload of a large journal is megabytes.
        let temporary = url.path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return nil }
        var written = true
        let digest = ContentHash.digest(payload)
        for part in [magic, payload, digest] {
            written = written && part.withUnsafeBytes { FileWriter.writeAll(descriptor, $0) }
        }
        close(descriptor)
        guard written, rename(temporary, url.path) == 0 else {
            unlink(temporary)
            return nil
        }
        return digest
    }
}
