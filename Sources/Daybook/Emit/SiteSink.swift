import Foundation
import Synchronization

/// Where a build's files go. A build works out what to write the same way whether or not a last
/// build's output is there to update (`Builder.write`); only where the files go differs:
/// `StagingSink` fills a new folder and swaps it in, `UpdateSink` makes one from the last output
/// and the changed files and swaps that in.
protocol SiteSink: Sendable {
    /// Makes the folders of the files the sink was told of at its start; callable from several
    /// tasks at once, each taking what is left.
    func makeFolders() throws
    /// Takes files as they are made; called from several tasks at once. `newFolders`: their
    /// folders may not be made yet.
    func accept(_ files: [OutputFile], newFolders: Bool) throws
    /// Takes the journal's static files at `paths` inside `root`.
    func copy(_ paths: [String], from root: URL) throws
    /// Puts the site in place. `current`: every file of the new site; `removed`: the last
    /// build's files it no longer has. Returns warnings, and what was removed.
    func finish(current: Set<String>, removed: [String]) throws -> SinkResult
    /// Undoes what was done before `finish`.
    func discard()
}

/// What a sink did when it put the site in place.
struct SinkResult {
    var warnings: [Diagnostic] = []
    /// The files removed: the last build's that the site no longer has.
    var removed: [String] = []
    /// How many files were written or copied into an existing output; nil for a new one.
    var updated: Int?
}

/// A build from scratch: every file goes into a staging folder beside the output, which then
/// takes its place with the user's own files carried over (`OutputFolder`).
struct StagingSink: SiteSink {
    let folder: OutputFolder
    private let folders: FolderWork

    /// - Parameter paths: the files whose folders `makeFolders` makes.
    /// - Parameter keptIn: where an update keeps the old site (`SiteSwap.keptIn`), which a build
    ///   from scratch removes.
    init(output: URL, paths: [String], keptIn: URL? = nil) throws {
        folder = try OutputFolder.prepare(output, keptIn: keptIn)
        folders = folder.folderWork(for: paths)
    }

    func makeFolders() throws { try folders.help() }

    func accept(_ files: [OutputFile], newFolders: Bool) throws {
        if newFolders { try folder.makeFolders(for: files.map(\.path)) }
        try folder.write(files)
    }

    func copy(_ paths: [String], from root: URL) throws {
        let problems = folder.copyStatic(from: root, files: paths)
        if problems.hasErrors { throw BuildFailure(problems) }
    }

    func finish(current: Set<String>, removed: [String]) throws -> SinkResult {
        try folder.writeManifest(current)
        return SinkResult(warnings: try folder.commit(known: SiteManifest.read(folder.output)))
    }

    func discard() { folder.discard() }
}

/// An incremental build: files that differ from the ones on disk are kept until `finish`, then
/// put with the rest of the last build's output into a new folder that takes its place in one
/// step (`SiteUpdate`), so a failed or stopped build changes nothing.
final class UpdateSink: SiteSink {
    let output: URL
    /// The last build's files: the ones a build may replace or remove.
    private let previous: [String: BuildCache.OutputRecord]
    private let changed = Mutex<[OutputFile]>([])
    private let copies = Mutex<[(source: URL, path: String)]>([])
    private let root: String
    private let keepingOld: Bool
    private let keptIn: URL?

    /// - Parameter keptIn: where the old site is kept (`SiteSwap.keptIn`); given, the output may
    ///   hold files of the user's, and the old site is kept only while it holds none.
    init(output: URL, previous: [String: BuildCache.OutputRecord], keepingOld: Bool = false, keptIn: URL? = nil) {
        self.output = output
        self.previous = previous
        self.keepingOld = keepingOld
        self.keptIn = keptIn
        root = output.path + "/"
    }

    func makeFolders() throws {}

    /// A file made from changed inputs may still come out as the one on disk (an edit to a
    /// neighbour's body): it is then left alone.
    func accept(_ files: [OutputFile], newFolders: Bool) throws {
        let different = files.filter { FileBytes.read(root + $0.path) != $0.bytes }
        if !different.isEmpty { changed.withLock { $0 += different } }
    }

    func copy(_ paths: [String], from root: URL) throws {
        for path in paths {
            let source = root.appendingPathComponent(path)
            guard let bytes = FileBytes.read(source.path), bytes == FileBytes.read(self.root + path) else {
                copies.withLock { $0.append((source, path)) }
                continue
            }
        }
    }

    func finish(current: Set<String>, removed: [String]) throws -> SinkResult {
        var removed = removed
        // Read once, and only when asked for: a large private site's list has 24,000 paths.
        var read: Set<String>?? = .none
        let known = { () -> Set<String>? in
            if read == nil { read = .some(SiteManifest.read(self.output)) }
            return read ?? nil
        }
        let manifest = try manifestUpdate(current: current, removed: &removed, known: known)
        let (changed, copies) = (changed.withLock { $0 }, copies.withLock { $0 })
        // The old site has the user's files as they were a build ago, and an update from it brings
        // Daybook's files up to date, not theirs: it is used, and kept, only while there are none.
        // Only the folders changed since the last build kept its old site are listed.
        let keeping = keepingOld && (keptIn == nil || !UserFiles.present(in: output.path, known: known(),
                                                                          changedSince: SiteSwap(output: output, keptIn: keptIn).keptAt))
        try SiteUpdate(output: output, keepingOld: keeping, keptIn: keptIn).apply(changed: changed, copies: copies, removed: removed, manifest: manifest)
        return SinkResult(removed: removed, updated: changed.count + copies.count)
    }

    func discard() {}

    /// The output's new manifest when the site's list of files changed (or the output has only the
    /// bare marker of an older Daybook), nil when it stays. Files the manifest does not list are the
    /// user's: none of them is removed (`removed` is narrowed to Daybook's), and a new file of the
    /// site may not take the place of one of them.
    private func manifestUpdate(current: Set<String>, removed: inout [String], known: () -> Set<String>?) throws -> [UInt8]? {
        // `removed` is what of `previous` the site no longer has, so the rest is in `current`: the
        // site has new files only if `current` is larger than that, and an edit looks no further.
        let addedCount = current.count - (previous.count - removed.count)
        let bare = (FileStat(path: output.appendingPathComponent(SiteManifest.fileName).path)?.size ?? 0) <= SiteManifest.header.utf8.count + 1
        guard addedCount > 0 || !removed.isEmpty || bare else { return nil }
        let added = addedCount > 0 ? current.filter { previous[$0] == nil } : []
        if let known = known() {
            removed = removed.filter(known.contains)
            // Paths joined as text: a URL made for each of a private update's 1,600 new chunks cost 7 ms.
            let clashes = added.filter { !known.contains($0) && UserFiles.kind(root + $0) != nil }
            if !clashes.isEmpty { throw BuildFailure(clashes.sorted().map { SiteManifest.clash($0, in: output.path) }) }
        }
        return SiteManifest.encode(current)
    }
}
