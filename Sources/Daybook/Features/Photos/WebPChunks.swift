/// Removes the metadata chunks from a WebP file. libvips 8.14's WebP saver writes an EXIF chunk
/// (orientation, resolution) even for an image with no metadata and `strip` set, so Daybook
/// takes it out of the encoded file itself: EXIF, XMP and ICC chunks go, and a VP8X header left
/// with one image chunk becomes the simple format.
enum WebPChunks {
    private static let dropped: Set<String> = ["EXIF", "XMP ", "ICCP"]

    /// `bytes` without metadata chunks; unchanged when it is not a well-formed WebP file.
    static func strip(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 12, tag(bytes, 0) == "RIFF", tag(bytes, 8) == "WEBP" else { return bytes }
        var chunks: [(tag: String, data: ArraySlice<UInt8>)] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            let end = offset + 8 + size + (size & 1)
            guard offset + 8 + size <= bytes.count else { return bytes }
            chunks.append((tag(bytes, offset), bytes[offset..<min(end, bytes.count)]))
            offset = end
        }
        var kept = chunks.filter { !dropped.contains($0.tag) }
        if kept.count == 2, kept[0].tag == "VP8X", ["VP8 ", "VP8L"].contains(kept[1].tag) {
            kept.removeFirst()
        } else if let first = kept.first, first.tag == "VP8X" {
            var header = Array(first.data)
            // Flags: ICC 0x20, EXIF 0x08, XMP 0x04.
            header[8] &= ~UInt8(0x20 | 0x08 | 0x04)
            kept[0].data = header[...]
        }
        let body = kept.flatMap { Array($0.data) }
        let riffSize = UInt32(4 + body.count)
        let size = (0..<4).map { UInt8((riffSize >> (8 * $0)) & 0xFF) }
        return Array("RIFF".utf8) + size + Array("WEBP".utf8) + body
    }

    private static func tag(_ bytes: [UInt8], _ offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }
}
