import Foundation

/// The published copies as data files: read back from the cache (where the load stage left
/// them) unless the last build wrote them already; each photo's files emitted as read, so a
/// journal's photos are never all in memory.
enum PhotoFiles {
    /// The key of one published copy: the photo's key and the copy.
    static func fileKey(_ source: PhotoSource, _ copy: PhotoCopy) -> [UInt8] {
        ContentHash.digest(parts: [source.key, Array(copy.suffix.utf8)])
    }

    static func make(_ sources: [PhotoSource], root: URL, kept: (@Sendable (String, [UInt8]) -> Bool)?,
                     making: DataMaking) async throws -> DataFiles {
        let cache = PhotoCache(journal: root)
        var result = DataFiles()
        var seen = Set<[UInt8]>()
        var problems: [Diagnostic] = []
        for source in sources where seen.insert(source.key).inserted {
            result.paths += source.copies.map(source.sitePath)
            let wanted = Set(source.copies.filter { !(kept?(source.sitePath($0), fileKey(source, $0)) ?? false) }.map(\.suffix))
            guard !wanted.isEmpty else { continue }
            guard let copies = cache.read(source.key) else {
                // Removed between the load stage and now: the next build makes them again.
                problems.append(.error("the processed copies of this photo left the cache during the build; build again",
                                       at: SourceLocation(file: source.path)))
                continue
            }
            let files = copies.filter { wanted.contains($0.suffix) }.map {
                OutputFile(path: source.sitePath($0), bytes: $0.bytes, key: fileKey(source, $0))
            }
            if let emit = making.emit { try emit(files) } else { result.files += files }
        }
        if !problems.isEmpty { throw BuildFailure(problems) }
        return result
    }
}
