import Foundation

/// Rendered entry bodies kept beside the build cache in one append-only file, so a rebuild reads
/// only the bodies of the pages it renders. Each body is checked against its hash when read; a body
/// that does not match is treated as missing and its entry is parsed again from its file.
struct BodyStore {
    static let fileName = "bodies.cache"

    /// Where one entry's body lies in the file, and what it must hash to.
    struct Reference: Sendable, Equatable {
        var offset: Int
        var htmlLength: Int
        var textLength: Int
        var digest: [UInt8]
    }

    static func url(in journal: URL) -> URL {
        journal.appendingPathComponent(CacheFile.folder).appendingPathComponent(fileName)
    }

    /// The bodies file, mapped rather than read, or nil without one.
    static func open(journal: URL) -> Data? {
        try? Data(contentsOf: url(in: journal), options: .alwaysMapped)
    }

    /// The body at `reference`, or nil when it is missing or damaged.
    static func read(_ reference: Reference, from data: Data) -> (html: String, text: String)? {
        let end = reference.offset + reference.htmlLength + reference.textLength
        guard reference.offset >= 0, reference.htmlLength >= 0, reference.textLength >= 0, end <= data.count else { return nil }
        // Copied through a buffer pointer: slicing the mapped `Data` copies more than the slice.
        let bytes = data.withUnsafeBytes { Array($0[reference.offset..<end]) }
        guard ContentHash.digest(bytes) == reference.digest else { return nil }
        return (String(decoding: bytes[..<reference.htmlLength], as: UTF8.self),
                String(decoding: bytes[reference.htmlLength...], as: UTF8.self))
    }

    static func encode(html: String, text: String) -> [UInt8] {
        Array(html.utf8) + Array(text.utf8)
    }

    /// Appends the bodies to the file, or starts it anew when `rewrite`; returns their references.
    /// Written in chunks of a few megabytes, so a large journal's bodies are never all copied at once.
    static func write(_ bodies: [(html: String, text: String)], journal: URL, rewrite: Bool) -> [Reference]? {
        let path = url(in: journal).path
        let existing = rewrite ? 0 : (FileStat(path: path)?.size ?? 0)
        if existing == 0 && !FileManager.default.createFile(atPath: path, contents: nil) { return nil }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        defer { try? handle.close() }
        do {
            if existing == 0 { try handle.truncate(atOffset: 0) }
            try handle.seekToEnd()
            var offset = existing
            var references: [Reference] = []
            references.reserveCapacity(bodies.count)
            var buffer: [UInt8] = []
            for body in bodies {
                let bytes = encode(html: body.html, text: body.text)
                references.append(Reference(offset: offset, htmlLength: body.html.utf8.count,
                                            textLength: body.text.utf8.count, digest: ContentHash.digest(bytes)))
                buffer += bytes
                offset += bytes.count
                if buffer.count > 4 << 20 {
                    try handle.write(contentsOf: buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try handle.write(contentsOf: buffer)
            return references
        } catch {
            return nil
        }
    }
}
