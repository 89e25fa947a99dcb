import Foundation
import Synchronization

/// The sink an edition's files go to: each is sealed as it comes (`Sealer`) and handed on to the
/// build's own sink under its opaque name, unless the last build left it as it is. Only sealed
/// bytes leave it; the plain files are never held beyond the chunk being sealed.
final class SealingSink: SiteSink {
    let sealer: Sealer
    let target: any SiteSink
    let last: LastOutput
    /// Files the edition shares with the public site unchanged (the stylesheet and scripts).
    let skipped: Set<String>
    /// Each plain file's sealed name, by its path in the site: the edition's manifest.
    let names = Mutex<[String: String]>([:])
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
        var changed: [OutputFile] = [], named: [(String, String)] = [], unchanged: [(String, BuildCache.OutputRecord)] = []
        for file in files where !skipped.contains(file.path) {
            let (sealed, name) = try sealer.file(file.bytes, role: .file(file.path))
            named.append((file.path, name))
            let key = ContentHash.digest(sealed.bytes)
            if let old = last.kept(sealed.path, key) {
                unchanged.append((sealed.path, old))
            } else {
                changed.append(OutputFile(path: sealed.path, bytes: sealed.bytes, key: key))
            }
        }
        names.withLock { for (path, name) in named { $0[path] = name } }
        kept.withLock { for (path, record) in unchanged { $0[path] = record } }
        try target.accept(changed, newFolders: true)
        made.add(changed.map { ($0.path, $0.key ?? []) })
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

    func finish(current: Set<String>, removed: [String]) throws -> SinkResult { SinkResult() }
    func discard() {}
}
