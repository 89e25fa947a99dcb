import Crypto
import Foundation
import Synchronization

/// The sink an edition's files go to. It holds them until the edition is whole; then `publish`
/// packs them (`EditionPack`), seals the pack and hands its chunks and the manifest to the
/// build's own sink, unless the last build left them as they are. Only sealed bytes leave it.
final class SealingSink: SiteSink {
    let sealer: Sealer
    let target: any SiteSink
    let last: LastOutput
    /// Files the edition shares with the public site unchanged (the stylesheet and scripts).
    let skipped: Set<String>
    /// The edition's files, by their paths in the site, deflated, until it is sealed.
    private let files = Mutex<[String: [UInt8]]>([:])
    /// Sealed files written, and those the last build left as they are.
    let made = Collected<(path: String, key: [UInt8])>()
    let kept = Mutex<[String: BuildCache.OutputRecord]>([:])

    init(sealer: Sealer, target: any SiteSink, last: LastOutput, skipped: Set<String>) {
        self.sealer = sealer
        self.target = target
        self.last = last
        self.skipped = skipped
    }

    func makeFolders() throws {}

    /// Holds each file as the pack keeps it (`PackDeflate`), deflated here, on the core that made
    /// it: the files kept from the last pack are in that form already, and compare with these.
    func accept(_ files: [OutputFile], newFolders: Bool) throws {
        let taken = files.filter { !skipped.contains($0.path) }
        // The data files come in one batch (a large journal's search index, megabytes): on every core.
        let pack: @Sendable (OutputFile) -> (String, [UInt8]) = { ($0.path, PackDeflate.pack($0.bytes, path: $0.path)) }
        let packed = taken.count > 8 ? concurrentMap(taken, pack) : taken.map(pack)
        self.files.withLock { held in
            for (path, bytes) in packed { held[path] = bytes }
        }
    }

    /// A whole-private journal's static files are sealed too: they may be its photos.
    func copy(_ paths: [String], from root: URL) throws {
        for path in paths {
            guard let bytes = FileBytes.read(root.appendingPathComponent(path).path) else {
                throw BuildFailure([.error("could not read the file", at: SourceLocation(file: "static/\(path)"))])
            }
            try accept([OutputFile(path: path, bytes: bytes)], newFolders: true)
        }
    }

    /// The digests of the held files at `paths`.
    func contentKeys(_ paths: [String]) -> [String: [UInt8]] {
        files.withLock { held in
            Dictionary(uniqueKeysWithValues: paths.compactMap { path in held[path].map { (path, ContentHash.digest($0)) } })
        }
    }

    /// Forgets the files made so far (an edition made again in full).
    func reset() { files.withLock { $0 = [:] } }

    /// The edition's files, held until it is sealed: each file `records` lists, as made now or
    /// `carried` from the last pack, and those made now among them.
    struct Gathered: Sendable {
        var edition: [String: [UInt8]] = [:]
        /// The files made now; among them, those the records do not list.
        var made: [String: [UInt8]] = [:]
        /// Whether every file `records` lists was there: when not, a file the records keep is not
        /// in the last pack, and the edition is made again in full.
        var whole = true
    }

    /// Takes the files made so far and gathers the edition `records` lists. It starts from the
    /// `carried` files, which a preview's save shares with its last build: a copy of that table,
    /// with the few files made put in, costs less than a new table of a large edition's 16,000
    /// files (milliseconds on every save), and each file is then only looked up.
    func gather(_ records: EditionPack.Records, carried: [String: [UInt8]]) -> Gathered {
        let held = files.withLock { held in
            defer { held = [:] }
            return held
        }
        var gathered = Gathered(edition: carried, made: held)
        for (path, bytes) in held where records.keys[path] != nil { gathered.edition[path] = bytes }
        var found = 0
        for path in records.keys.keys {
            if gathered.edition[path] != nil { found += 1 } else { gathered.whole = false }
        }
        // The carried files the records no longer list, found only when there are some.
        if gathered.edition.count > found {
            gathered.edition = gathered.edition.filter { records.keys[$0.key] != nil }
        }
        return gathered
    }

    /// Seals the edition and hands it on: the pack of the `gathered` files and of the `records`;
    /// its chunks a batch at a time so the sealed copy is never held whole, then the manifest.
    /// Given the `previous` pack (the preview, whose site is never published), it adds to it the
    /// files that differ from it instead, unless the pack would grow to more than twice a whole one.
    /// `recordsBytes`: the `records` as a whole pack holds them, when they were made already.
    func publish(generation: Int, records: EditionPack.Records, recordsBytes: [UInt8]? = nil, gathered: Gathered,
                 adding previous: PreviousEdition? = nil, keeping: Bool = false) throws -> Published {
        var edition = gathered.edition
        let files = keeping ? edition : [:]
        if let previous, let layout = previous.layout,
           let part = additions(gathered.made.filter { records.keys[$0.key] != nil }, edition: edition, records: records, to: previous, layout: layout) {
            let pack = try addChunks(part.added, keeping: part.kept, removed: part.removed, to: layout, chains: part.chains)
            return Published(manifest: try handManifest(pack, generation: generation), layout: pack, files: files, records: records)
        }
        edition[EditionPack.recordsPath] = recordsBytes ?? records.bytes
        let (pack, table, places) = EditionPack.segment(edition, at: 0, keeping: [:])
        let layout = PackLayout(chunks: try handChunks(pack, first: 0), places: places, table: table)
        return Published(manifest: try handManifest(layout, generation: generation), layout: layout, files: files, records: records)
    }

    /// The files `made` now that the `previous` pack does not hold as they are (and the records,
    /// when they changed), and the places of the rest of the `edition`, which the last pack holds
    /// as they are (they were carried from it); nil when adding would make the pack more than
    /// twice a whole one, or the last build's chunks are not all in the output as it left them.
    /// The table chains (`EditionPack.chainLimit`), and so do the records: they list what changed
    /// since the last table's, or, when the chain starts again, every file's.
    /// Also the paths the last pack holds that the edition no longer has (`removed`).
    private func additions(_ made: [String: [UInt8]], edition: [String: [UInt8]], records: EditionPack.Records, to previous: PreviousEdition,
                           layout: PackLayout) -> (added: [String: [UInt8]], kept: [String: EditionPack.Place], removed: [String], chains: Bool)? {
        var added = made.filter { layout.places[$0.key] == nil || previous.files[$0.key] != $0.value }
        let changes = records.changes(since: previous.records)
        let (kept, removed) = Self.kept(layout, added: added, edition: edition, previous: previous.records, removed: changes.removed)
        var places = kept
        let chains = layout.tables.count + 1 < EditionPack.chainLimit
        let same = changes.changed.isEmpty && changes.removed.isEmpty && records.dataKey == previous.records.dataKey
            && records.dataPaths == previous.records.dataPaths
        // A table that starts the chain again must not list the last chained records.
        if !same || (!chains && (!added.isEmpty || places.count < layout.places.count)) {
            added[EditionPack.recordsPath] = chains ? records.bytes(changes) : records.bytes
            places[EditionPack.recordsPath] = nil
        }
        let adding = added.values.reduce(layout.table.length) { $0 + $1.count }
        let whole = places.values.reduce(adding) { $0 + $1.length }
        let count = layout.chunks.count + (added.isEmpty && places.count == layout.places.count ? 0 : Sealer.chunkCount(adding))
        guard count <= 2 * Sealer.chunkCount(whole) else { return nil }
        // On every core: a path and a digest for each of a large edition's 1,700 chunks.
        let (sealer, last) = (sealer, last)
        let old = concurrentMap(layout.chunks) { name in (sealer.path(of: name), last.kept(sealer.path(of: name), Self.key(name))) }
        guard old.allSatisfy({ $0.1 != nil }) else { return nil }
        self.kept.withLock { for (path, record) in old { $0[path] = record } }
        return (added, places, removed, chains)
    }

    /// The places of the last pack's files that stay (neither `added` again nor gone from the
    /// `edition`), and the paths gone. The last pack holds the files its `previous` records list,
    /// and those records: what is gone is then what the records say was `removed`, and the 16,000
    /// places of a large edition need not each be looked up in it (a tenth of a preview's save
    /// on one core). A pack of another shape is looked at whole.
    private static func kept(_ layout: PackLayout, added: [String: [UInt8]], edition: [String: [UInt8]], previous: EditionPack.Records,
                             removed: [String]) -> (kept: [String: EditionPack.Place], removed: [String]) {
        var kept = layout.places
        if layout.places.count == previous.keys.count + 1, layout.places[EditionPack.recordsPath] != nil,
           removed.allSatisfy({ layout.places[$0] != nil }) {
            for path in added.keys { kept[path] = nil }
            for path in removed { kept[path] = nil }
            return (kept, removed.filter { added[$0] == nil })
        }
        for path in layout.places.keys where added[path] != nil || (edition[path] == nil && path != EditionPack.recordsPath) { kept[path] = nil }
        return (kept, layout.places.keys.filter { kept[$0] == nil && added[$0] == nil && $0 != EditionPack.recordsPath })
    }

    /// Seals `added` and a new table as chunks after the last pack's, and hands them on; the
    /// layout of the pack they make with the last one's. Nothing is sealed when nothing changed.
    /// The table lists what changed, chained after the last pack's tables, unless the chain is
    /// full (`EditionPack.chainLimit`); then it lists every file, and the chain starts again.
    private func addChunks(_ added: [String: [UInt8]], keeping kept: [String: EditionPack.Place], removed gone: [String], to layout: PackLayout,
                           chains: Bool) throws -> PackLayout {
        if added.isEmpty, kept.count == layout.places.count { return layout }
        let removed = chains ? gone : nil
        let part = EditionPack.segment(added, at: layout.chunks.count * Sealer.chunkSize, keeping: kept, removing: removed)
        let names = try handChunks(part.segment, first: layout.chunks.count)
        return PackLayout(chunks: layout.chunks + names, places: part.places, table: part.table,
                          tables: chains ? layout.tables + [layout.table] : [])
    }

    /// Seals `segment` as the pack's chunks from `first` on, a batch at a time, and hands them
    /// on; their names.
    private func handChunks(_ segment: EditionPack.Segment, first: Int) throws -> [String] {
        let count = segment.chunkCount, batch = 64
        let digests = Sealer.digests(count: count, hashing: segment.digest)
        var names: [String] = []
        for start in stride(from: 0, to: count, by: batch) {
            let chunks = try sealer.sealedData(count: count, role: .pack, range: start..<min(count, start + batch), digests: digests, first: first,
                                           segment.chunk)
            // Each chunk's name (a digest) and script (base64) on every core: one core took a
            // tenth of a private edit over them.
            let sealer = self.sealer
            let files = concurrentMap(chunks) { sealer.file($0) }
            names += files.map(\.name)
            try hand(files)
        }
        return names
    }

    /// Seals the manifest of the pack `layout` describes and hands it on; its name.
    private func handManifest(_ layout: PackLayout, generation: Int) throws -> String {
        let plain = PrivateFiles.manifest(chunks: layout.chunks, generation: generation, table: layout.table, tables: layout.tables)
        let manifest = sealer.file(try sealer.seal(plain, role: .manifest))
        try hand([manifest])
        return manifest.name
    }

    /// A sealed file's name is already a digest of its bytes, so its key is made from the name:
    /// hashing every chunk again cost an edit a tenth of its sealing.
    private static func key(_ name: String) -> [UInt8] { ContentHash.digest(Array(name.utf8)) }

    /// Writes the sealed `files` that the last build did not leave as they are.
    private func hand(_ files: [(file: OutputFile, name: String)]) throws {
        var changed: [OutputFile] = []
        for (file, name) in files {
            let key = Self.key(name)
            if let old = last.kept(file.path, key) {
                kept.withLock { $0[file.path] = old }
            } else {
                changed.append(OutputFile(path: file.path, bytes: file.bytes, key: key))
            }
        }
        try target.accept(changed, newFolders: true)
        made.add(changed.map { ($0.path, $0.key ?? []) })
    }

    func finish(current: Set<String>, removed: [String]) throws -> SinkResult { SinkResult() }
    func discard() {}
}

/// An edition as `SealingSink.publish` sealed it: the manifest's name, the pack's layout, the
/// records and, if it was asked to keep them, the edition's files but the records.
struct Published: Sendable {
    var manifest: String
    var layout: PackLayout
    var files: [String: [UInt8]]
    var records: EditionPack.Records
}
