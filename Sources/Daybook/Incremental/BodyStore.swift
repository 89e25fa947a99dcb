import Crypto
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

    static func url(in folder: URL) -> URL {
        folder.appendingPathComponent(fileName)
    }

    /// The bodies file, mapped rather than read, or nil without one.
    static func open(folder: URL) -> Data? {
        try? Data(contentsOf: url(in: folder), options: .alwaysMapped)
    }

    /// The body at `reference`, or nil when it is missing or damaged.
    static func read(_ reference: Reference, from data: Data) -> (html: String, text: String)? {
        let end = reference.offset + reference.htmlLength + reference.textLength
        guard reference.offset >= 0, reference.htmlLength >= 0, reference.textLength >= 0, end <= data.count else { return nil }
        // Hashed and decoded from the mapped bytes in place: copying them out first held a large
        // body twice more (issue 23).
        return data.withUnsafeBytes { raw -> (html: String, text: String)? in
            let bytes = raw.bindMemory(to: UInt8.self)
            let html = UnsafeBufferPointer(rebasing: bytes[reference.offset..<reference.offset + reference.htmlLength])
            let text = UnsafeBufferPointer(rebasing: bytes[reference.offset + reference.htmlLength..<end])
            guard digest(html, text) == reference.digest else { return nil }
            return (String(decoding: html, as: UTF8.self), String(decoding: text, as: UTF8.self))
        }
    }

    /// The digest of a body: of its HTML's bytes followed by its text's, as the file holds them.
    static func digest(_ html: UnsafeBufferPointer<UInt8>, _ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bufferPointer: UnsafeRawBufferPointer(html))
        hasher.update(bufferPointer: UnsafeRawBufferPointer(text))
        return Array(hasher.finalize())
    }

    /// Appends the bodies to the file, or starts it anew when `rewrite`; returns their references.
    /// Small bodies are gathered in chunks of a few megabytes; a large one is hashed and written
    /// from its string's own bytes, so no body is ever copied whole (issue 23).
    static func write(_ bodies: [(html: String, text: String)], folder: URL, rewrite: Bool) -> [Reference]? {
        let path = url(in: folder).path
        let existing = rewrite ? 0 : (FileStat(path: path)?.size ?? 0)
        if existing == 0 && !FileManager.default.createFile(atPath: path, contents: nil) { return nil }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        defer { try? handle.close() }
        do {
            if existing == 0 { try handle.truncate(atOffset: 0) }
            try handle.seekToEnd()
            var file = ChunkedWriter(handle: handle)
            var offset = existing
            var references: [Reference] = []
            references.reserveCapacity(bodies.count)
            for body in bodies {
                var (html, text) = body
                let reference = try html.withUTF8 { html in
                    try text.withUTF8 { text in
                        try file.write(html)
                        try file.write(text)
                        return Reference(offset: offset, htmlLength: html.count, textLength: text.count, digest: digest(html, text))
                    }
                }
                references.append(reference)
                offset += reference.htmlLength + reference.textLength
            }
            try file.flush()
            return references
        } catch {
            return nil
        }
    }

    /// Gathers small writes into chunks and hands large ones to the file as they are.
    private struct ChunkedWriter {
        let handle: FileHandle
        var buffer: [UInt8] = []
        static let chunk = 4 << 20

        mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            if bytes.count >= Self.chunk {
                try flush()
                try handle.write(contentsOf: UnsafeRawBufferPointer(bytes))
                return
            }
            buffer.append(contentsOf: bytes)
            if buffer.count >= Self.chunk { try flush() }
        }

        mutating func flush() throws {
            guard !buffer.isEmpty else { return }
            try handle.write(contentsOf: buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }
}
