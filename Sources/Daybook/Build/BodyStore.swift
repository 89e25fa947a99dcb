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
        journal.appendingPathComponent(BuildCache.folder).appendingPathComponent(fileName)
    }

    /// The bodies file, mapped rather than read, or nil without one.
    static func open(journal: URL) -> Data? {
        try? Data(contentsOf: url(in: journal), options: .alwaysMapped)
    }

    /// The body at `reference`, or nil when it is missing or damaged.
    static func read(_ reference: Reference, from data: Data) -> (html: String, text: String)? {
        let end = reference.offset + reference.htmlLength + reference.textLength
        guard reference.offset >= 0, reference.htmlLength >= 0, reference.textLength >= 0, end <= data.count else { return nil }
        let bytes = Array(data[data.startIndex + reference.offset..<data.startIndex + end])
        guard ContentHash.digest(bytes) == reference.digest else { return nil }
        return (String(decoding: bytes[..<reference.htmlLength], as: UTF8.self),
                String(decoding: bytes[reference.htmlLength...], as: UTF8.self))
    }

    static func encode(html: String, text: String) -> [UInt8] {
        Array(html.utf8) + Array(text.utf8)
    }

    /// Appends `bodies` to the file, or starts it anew when `rewrite`; returns their references.
    static func write(_ bodies: [[UInt8]], htmlLengths: [Int], journal: URL, rewrite: Bool) -> [Reference]? {
        let path = url(in: journal).path
        let existing = rewrite ? 0 : (FileStat(path: path)?.size ?? 0)
        guard let handle = rewrite || existing == 0
                ? (FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil)
                : FileHandle(forWritingAtPath: path) else { return nil }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            var offset = existing
            var references: [Reference] = []
            var buffer: [UInt8] = []
            for (body, htmlLength) in zip(bodies, htmlLengths) {
                references.append(Reference(offset: offset, htmlLength: htmlLength, textLength: body.count - htmlLength,
                                            digest: ContentHash.digest(body)))
                buffer += body
                offset += body.count
            }
            try handle.write(contentsOf: buffer)
            return references
        } catch {
            return nil
        }
    }
}
