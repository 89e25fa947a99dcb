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
    /// The edition's plain files, by their paths in the site, until it is sealed.
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

    func accept(_ files: [OutputFile], newFolders: Bool) throws {
        self.files.withLock { held in
            for file in files where !skipped.contains(file.path) { held[file.path] = file.bytes }
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

    /// Whether every file `records` lists was made now or is in `carried` (the last pack's
    /// files), which it narrows to those the edition keeps.
    func carries(_ records: EditionPack.Records, from carried: inout [String: [UInt8]]) -> Bool {
        let made = files.withLock { Set($0.keys) }
        carried = carried.filter { records.keys[$0.key] != nil && !made.contains($0.key) }
        return records.keys.keys.allSatisfy { made.contains($0) || carried[$0] != nil }
    }

    /// Seals the whole edition and hands it on: the pack of the files made now, those `carried`
    /// from the last pack and the `records` of them all; its chunks a batch at a time so the
    /// sealed copy is never held whole, then the manifest. Returns the manifest's name, and, if
    /// `keeping`, the edition's files as packed but the records (else packing lets go of each).
    func publish(generation: Int, records: EditionPack.Records, carried: [String: [UInt8]], keeping: Bool = false) throws
        -> (String, [String: [UInt8]]) {
        var held = files.withLock { held in
            defer { held = [:] }
            return held
        }
        held.merge(carried) { made, _ in made }
        held = held.filter { records.keys[$0.key] != nil }
        let files = keeping ? held : [:]
        held[EditionPack.recordsPath] = records.bytes
        let pack = EditionPack.make(&held)
        let digest = Array(SHA256.hash(data: pack))
        let count = Sealer.chunkCount(pack.count), batch = 64
        var names: [String] = []
        for start in stride(from: 0, to: count, by: batch) {
            let chunks = try sealer.chunks(pack, role: .pack, range: start..<min(count, start + batch), digest: digest)
            // Each chunk's name (a digest) and script (base64) on every core: one core took a
            // tenth of a private edit over them.
            let sealer = self.sealer
            let files = concurrentMap(chunks) { sealer.file($0) }
            names += files.map(\.name)
            try hand(files)
        }
        let manifest = sealer.file(try sealer.seal(PrivateFiles.manifest(chunks: names, generation: generation), role: .manifest))
        try hand([manifest])
        return (manifest.name, files)
    }

    /// Writes the sealed `files` that the last build did not leave as they are. A sealed file's
    /// name is already a digest of its bytes, so its key is made from the name: hashing every
    /// chunk again cost an edit a tenth of its sealing.
    private func hand(_ files: [(file: OutputFile, name: String)]) throws {
        var changed: [OutputFile] = []
        for (file, name) in files {
            let key = ContentHash.digest(Array(name.utf8))
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
