import Foundation

/// The search cache's log, `search.log` beside `search.cache`, kept like the build cache's
/// (a `CacheFile` log): a build that tokenized a few entries appends their documents, the terms new
/// to the table and the keys of documents no entry has any more, instead of writing every
/// document again. Records name the base they follow and are applied up to the first damaged one;
/// the base is written anew once the log outgrows an eighth of it (or 64 kB).
extension SearchCache {
    /// Which base a loaded set of documents came from, how much of its log was read, and the
    /// terms in the table after both: a new record's terms are numbered on from there.
    struct Origin: Sendable {
        var base: CacheFile.Origin
        var termCount: Int
        var logBytes: Int { base.logBytes }
    }

    /// What one build changed.
    struct Change {
        var firstTerm: Int
        var terms: [String]
        var documents: [([UInt8], SearchDocuments.Document)]
        var removed: [[UInt8]]
    }

    /// Appends `change`; the base and how much of its log a load would now read, nil when the
    /// base should be written anew instead.
    static func append(_ change: Change, folder: URL, origin: Origin, file: CacheFile = file) -> CacheFile.Origin? {
        file.append(folder: folder, origin: origin.base) { writer in
            writer.varint(change.firstTerm)
            writer.list(change.terms) { $0.string($1) }
            writer.list(change.documents) { write($1.0, $1.1, to: &$0) }
            writer.list(change.removed) { $0.data($1) }
        }
    }

    /// Applies the log's records that follow `origin`'s base to `documents`.
    static func applyLog(to documents: inout SearchDocuments, origin: inout Origin, folder: URL, file: CacheFile) {
        file.readLog(folder: folder, origin: &origin.base) { (reader) throws(ByteReader.Damaged) in
            // Read whole before any of it is applied.
            guard try reader.varint() == documents.terms.count else { return false }
            let terms = try reader.list { try $0.string() }
            let termCount = documents.terms.count + terms.count
            let added = try reader.list { try readDocument(&$0, termCount: termCount) }
            let removed = try reader.list { try $0.data() }
            guard reader.atEnd else { return false }
            documents.appendTerms(terms)
            for (key, document) in added { documents.set(document, for: key) }
            for key in removed { documents.set(nil, for: key) }
            return true
        }
        origin.termCount = documents.terms.count
    }
}
