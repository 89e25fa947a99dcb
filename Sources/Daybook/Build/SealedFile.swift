import Foundation

/// The layout of Daybook's cache files: a magic line, the payload, and the SHA-256 of the payload,
/// so a file that is damaged, cut short or not a cache at all is recognised and never trusted.
enum SealedFile {
    /// The payload of the file at `url` and its SHA-256, or nil when it is missing or fails its check.
    static func read(_ url: URL, magic: [UInt8]) -> (payload: [UInt8], digest: [UInt8])? {
        guard var bytes = readAll(url.path), bytes.count > magic.count + 32, bytes.starts(with: magic) else { return nil }
        let seal = Array(bytes.suffix(32))
        bytes.removeLast(32)
        bytes.removeFirst(magic.count)
        return ContentHash.digest(bytes) == seal ? (bytes, seal) : nil
    }

    /// The whole file, read straight into an array: going through `Data` copied megabytes twice.
    static func readAll(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        guard size > 0 else { return [] }
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var done = 0
            while done < size {
                let got = readBytes(descriptor, buffer.baseAddress! + done, size - done)
                if got <= 0 { break }
                done += got
            }
            complete = done == size
            count = done
        }
        return complete ? bytes : nil
    }

    /// Writes the file atomically, making its folder if needed; a failure only costs the next
    /// build its head start.
    static func write(_ payload: [UInt8], to url: URL, magic: [UInt8]) {
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Written in parts, not joined first: the payload of a large journal is megabytes.
        let temporary = url.path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return }
        var written = true
        for part in [magic, payload, ContentHash.digest(payload)] {
            written = written && part.withUnsafeBytes { FileWriter.writeAll(descriptor, $0) }
        }
        close(descriptor)
        if !written || rename(temporary, url.path) != 0 { unlink(temporary) }
    }
}

/// `read(2)`, out of the reach of `SealedFile.read`'s name.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
