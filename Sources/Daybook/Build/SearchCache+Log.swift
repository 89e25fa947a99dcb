import Foundation

/// The search cache's log, `search.log` beside `search.cache`, kept like the build cache's
/// (`BuildCache+Log`): a build that tokenized a few entries appends their documents, the terms new
/// to the table and the keys of documents no entry has any more, instead of writing every
/// document again. Records name the base they follow and are applied up to the first damaged one;
/// the base is written anew once the log outgrows an eighth of it (or 64 kB).
extension SearchCache {
    static let logName = "search.log"
    static let logMagic = Array("DAYBOOK-SEARCH-LOG\n".utf8)

    static func logURL(in journal: URL) -> URL {
        journal.appendingPathComponent(BuildCache.folder).appendingPathComponent(logName)
    }

    /// Which base a loaded set of documents came from, and how much of its log was read.
    struct Origin: Sendable {
        var digest: [UInt8]
        var bytes: Int
        /// `Int.max` when the log has a damaged record, so the next save writes the base.
        var logBytes: Int
        /// Terms in the table after the base and the log: a new record's terms are numbered on from here.
        var termCount: Int
    }

    /// What one build changed.
    struct Change {
        var firstTerm: Int
        var terms: [String]
        var documents: [([UInt8], SearchDocuments.Document)]
        var removed: [[UInt8]]
    }

    /// Appends `change`; false when the base should be written anew instead.
    static func append(_ change: Change, journal: URL, origin: Origin) -> Bool {
        var writer = ByteWriter()
        writer.data(origin.digest)
        writer.varint(change.firstTerm)
        writer.varint(change.terms.count)
        for term in change.terms { writer.string(term) }
        writer.varint(change.documents.count)
        for (key, document) in change.documents { write(key, document, to: &writer) }
        writer.varint(change.removed.count)
        for key in change.removed { writer.data(key) }
        return SealedLog.append(writer.bytes, to: logURL(in: journal), magic: logMagic, logBytes: origin.logBytes,
                                limit: max(64 << 10, origin.bytes / 8))
    }

    /// Applies the log's records that follow `origin`'s base to `documents`.
    static func applyLog(to documents: inout SearchDocuments, origin: inout Origin, journal: URL) {
        origin.logBytes = SealedLog.read(logURL(in: journal), magic: logMagic) { payload in
            apply(payload, to: &documents, origin: origin)
        }
        origin.termCount = documents.terms.count
    }

    private static func apply(_ payload: [UInt8], to documents: inout SearchDocuments, origin: Origin) -> Bool {
        var reader = ByteReader(payload)
        do {
            guard try reader.data() == origin.digest, try reader.varint() == documents.terms.count else { return false }
            var terms: [String] = []
            for _ in 0..<(try reader.varint()) { terms.append(try reader.string()) }
            let termCount = documents.terms.count + terms.count
            var added: [([UInt8], SearchDocuments.Document)] = []
            for _ in 0..<(try reader.varint()) { added.append(try readDocument(&reader, termCount: termCount)) }
            var removed: [[UInt8]] = []
            for _ in 0..<(try reader.varint()) { removed.append(try reader.data()) }
            guard reader.atEnd else { return false }
            documents.appendTerms(terms)
            for (key, document) in added { documents.set(document, for: key) }
            for key in removed { documents.set(nil, for: key) }
            return true
        } catch {
            return false
        }
    }
}
