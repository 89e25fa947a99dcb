import Foundation

/// The layout of Daybook's cache logs: a magic line, then records of `length, payload, SHA-256 of
/// the payload`, appended one per build. Each payload starts with the digest of the base file it
/// follows. A log is read up to its first damaged record, or the first that follows another base:
/// what comes after it can never be trusted, and the next save starts the cache afresh.
enum SealedLog {
    /// A log's largest size: an eighth of its base file, or 64 kB, whichever is more, so reading
    /// it back stays cheap beside reading the base.
    static func limit(baseBytes: Int) -> Int { max(64 << 10, baseBytes / 8) }

    /// Hands each record that follows the base `digest` to `apply`, as a reader past the digest,
    /// in order, until one is damaged or refused (`apply` returns false or throws).
    /// - Returns: the bytes of the records applied (after the magic line); 0 without a log;
    ///   `Int.max` when a record was damaged or refused, so that nothing is appended after it.
    static func read(_ url: URL, magic: [UInt8], base digest: [UInt8],
                     apply: (inout ByteReader) throws(ByteReader.Damaged) -> Bool) -> Int {
        guard let bytes = FileBytes.read(url.path), !bytes.isEmpty else { return 0 }
        guard bytes.starts(with: magic) else { return .max }
        var offset = magic.count
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { return .max }
            var reader = ByteReader(Array(bytes[offset..<offset + 8]))
            guard let length = try? reader.fixedInt(), length >= 0, offset + 8 + length + 32 <= bytes.count else { return .max }
            let payload = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let end = offset + 8 + length + 32
            guard ContentHash.digest(payload) == Array(bytes[(end - 32)..<end]) else { return .max }
            var record = ByteReader(payload)
            do {
                guard try record.data() == digest, try apply(&record) else { return .max }
            } catch {
                return .max
            }
            offset = end
        }
        return offset - magic.count
    }

    /// Appends one record following the base `digest` (of `baseBytes` bytes), if the log holds
    /// exactly the `logBytes` of records that were read and stays within `limit(baseBytes:)`;
    /// nil when the caller should write its base file anew instead.
    /// - Returns: the bytes of records the log now holds (what `read` would return).
    static func append(to url: URL, magic: [UInt8], base digest: [UInt8], baseBytes: Int, logBytes: Int,
                       record write: (inout ByteWriter) -> Void) -> Int? {
        var payload = ByteWriter()
        payload.data(digest)
        write(&payload)
        var length = ByteWriter()
        length.fixedInt(payload.bytes.count)
        let record = length.bytes + payload.bytes + ContentHash.digest(payload.bytes)
        guard logBytes < .max, logBytes + record.count <= limit(baseBytes: baseBytes) else { return nil }
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // Anything but the records read (a torn record, the log of another base, another build's
        // record) means starting afresh.
        var info = stat()
        let expected = logBytes == 0 ? 0 : magic.count + logBytes
        guard fstat(descriptor, &info) == 0, Int(info.st_size) == expected else { return nil }
        let framed = (expected == 0 ? magic : []) + record
        guard framed.withUnsafeBytes({ FileWriter.writeAll(descriptor, $0) }) else { return nil }
        return logBytes + record.count
    }
}
