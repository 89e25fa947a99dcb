import Foundation

/// The search index's documents between builds, in `JOURNAL/.daybook/cache/search.cache`: each
/// entry's terms, found by its file's content hash. A `SealedFile`, ignored like the build cache
/// whenever it is damaged or was written by another version or other parse settings.
///
/// Each encrypted edition of a private journal keeps its own, `search-edition-<digest>.cache`:
/// its entries are not the public site's, and the two passes of one build save side by side.
enum SearchCache {
    static let format = 2
    static let file = named("search")
    static let editionPrefix = "search-edition-"

    private static func named(_ name: String) -> CacheFile {
        CacheFile(name: name, magic: Array("DAYBOOK-SEARCH\n".utf8), logMagic: Array("DAYBOOK-SEARCH-LOG\n".utf8))
    }

    /// The cache of the public site (nil), or of the edition `edition` (its readers' labels).
    static func file(edition: String?) -> CacheFile {
        guard let edition else { return file }
        return named(editionPrefix + hexString(Array(ContentHash.digest(Array(edition.utf8)).prefix(8))))
    }

    /// The documents of the base file and its log, and where they came from.
    static func read(folder: URL, parseKey: [UInt8], file: CacheFile = file) -> (documents: SearchDocuments, origin: Origin)? {
        guard let (payload, base) = file.readBase(folder: folder) else { return nil }
        var reader = ByteReader(payload)
        do {
            guard try reader.int() == format, try reader.int() == SearchIndex.formatVersion,
                  try reader.data() == parseKey else { return nil }
            let terms = try reader.list { try $0.string() }
            let documents = Dictionary(try reader.list { try readDocument(&$0, termCount: terms.count) }, uniquingKeysWith: { _, last in last })
            guard reader.atEnd, zip(terms, terms.dropFirst()).allSatisfy({ SearchTokenizer.precedes($0, $1) }) else { return nil }
            var loaded = SearchDocuments(sortedTerms: terms, documents: documents)
            var origin = Origin(base: base, termCount: terms.count)
            applyLog(to: &loaded, origin: &origin, folder: folder, file: file)
            return (loaded, origin)
        } catch {
            return nil
        }
    }

    static func readDocument(_ reader: inout ByteReader, termCount: Int) throws(ByteReader.Damaged) -> ([UInt8], SearchDocuments.Document) {
        func term(_ reader: inout ByteReader) throws(ByteReader.Damaged) -> Int32 {
            let number = try reader.varint()
            guard number < termCount else { throw ByteReader.Damaged() }
            return Int32(number)
        }
        let key = try reader.data()
        let length = try reader.varint()
        var document = SearchDocuments.Document(terms: [], frequencies: [], length: length, filters: [])
        let count = try reader.varint()
        document.terms.reserveCapacity(count)
        document.frequencies.reserveCapacity(count)
        for _ in 0..<count {
            document.terms.append(try term(&reader))
            document.frequencies.append(Int32(clamping: try reader.varint()))
        }
        document.filters = try reader.list { try term(&$0) }
        return (key, document)
    }

    static func write(_ key: [UInt8], _ document: SearchDocuments.Document, to writer: inout ByteWriter) {
        writer.data(key)
        writer.varint(document.length)
        writer.varint(document.terms.count)
        for (term, frequency) in zip(document.terms, document.frequencies) {
            writer.varint(Int(term))
            writer.varint(Int(frequency))
        }
        writer.list(document.filters) { $0.varint(Int($1)) }
    }

    /// Writes `documents`, whose terms must all be sorted (see `SearchDocuments.keeping`), as the
    /// base file, and empties the log. Returns where a load would now find them to come from;
    /// nil when they were not written.
    @discardableResult
    static func save(_ documents: SearchDocuments, folder: URL, parseKey: [UInt8], file: CacheFile = file) -> Origin? {
        precondition(documents.sortedCount == documents.terms.count, "save what `keeping` returns")
        var writer = ByteWriter(capacity: 16 * documents.terms.count + 700 * documents.documents.count)
        writer.int(format)
        writer.int(SearchIndex.formatVersion)
        writer.data(parseKey)
        writer.list(documents.terms) { $0.string($1) }
        writer.list(documents.documents) { write($1.key, $1.value, to: &$0) }
        return file.writeBase(writer.bytes, folder: folder).map { Origin(base: $0, termCount: documents.terms.count) }
    }
}

extension SearchCache {
    /// Removes the caches of editions the journal no longer has (their readers' labels changed),
    /// from the builds' folder and the preview's: they hold private entries' terms and would never
    /// be read again.
    static func prune(journal: URL, keeping editions: [String]) {
        for folder in [CacheFile.folder, CacheFile.previewFolder] {
            prune(folder: journal.appendingPathComponent(folder, isDirectory: true), keeping: editions)
        }
    }

    private static func prune(folder: URL, keeping editions: [String]) {
        let kept = Set(editions.flatMap { edition in
            let cache = file(edition: edition)
            return [cache.url(in: folder).lastPathComponent, cache.logURL(in: folder).lastPathComponent]
        })
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(editionPrefix) && !kept.contains(name) {
            unlink(folder.appendingPathComponent(name).path)
        }
    }
}
