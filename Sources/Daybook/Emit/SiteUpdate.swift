import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Brings an existing Daybook output folder up to date with only the files that changed. The new
/// site is made beside the output (`SiteSwap.next`): every file of the old one that stays (pages
/// that did not change, the user's own files) as a hard link, each changed file written in full;
/// files an earlier build wrote and this one no longer makes are left out, and so are folders that
/// become empty. Then the two folders are exchanged in one step, so no reader ever sees a mix.
struct SiteUpdate {
    let output: URL
    /// Keep the old site beside the output for the next update, and make this update from the
    /// one the last kept, when there is one (`SiteSwap.takeOld`): the preview.
    var keepingOld = false
    /// Where the old site is kept (`SiteSwap.keptIn`).
    var keptIn: URL? = nil

    /// - Parameters:
    ///   - changed: files to write.
    ///   - copies: files to copy from the journal, as (source, path in the output).
    ///   - removed: paths an earlier build wrote that are no longer part of the site.
    ///   - manifest: the site's new `SiteManifest`, when its list of files changed.
    func apply(changed: [OutputFile], copies: [(source: URL, path: String)], removed: [String], manifest: [UInt8]? = nil) throws {
        let swap = SiteSwap(output: output, keptIn: keptIn)
        var replaced = Set(changed.map(\.path)).union(copies.map(\.path)).union(removed)
        if manifest != nil { replaced.insert(SiteManifest.fileName) }
        // The build began with `recover(keepingOld:)`: no `next` is in the way.
        let spare = keepingOld ? swap.takeOld() : nil
        let next = spare == nil ? try swap.makeNext().path : swap.next.path
        do {
            if let behind = spare {
                try catchUp(next, behind: behind, replaced: replaced)
            } else {
                try TreeLinks.link(output.path, into: next, skipping: replaced)
            }
            try FileWriter.makeFolders(FileWriter.folders(of: changed.map(\.path) + copies.map(\.path)), under: URL(fileURLWithPath: next))
            try Self.write(changed, under: next)
            if let manifest { try FileWriter.write(manifest, to: next + "/" + SiteManifest.fileName, exclusive: true) }
            for copy in copies {
                MutationHook.will("copy", next + "/" + copy.path)
                // A linked static file is copied as the file it links to, never as a link.
                try FileManager.default.copyItem(atPath: copy.source.resolvingSymlinksInPath().path, toPath: next + "/" + copy.path)
            }
            // The folders that removed pages leave empty (rmdir refuses others).
            for folder in FileWriter.folders(of: removed).sorted(by: { $0.count > $1.count }) {
                MutationHook.will("rmdir", next + "/" + folder)
                rmdir(next + "/" + folder)
            }
            try swap.swapIn(keepingOld: keepingOld)
        } catch {
            swap.discard()
            throw error
        }
        if keepingOld { try swap.keepOld(differingIn: replaced) }
    }

    /// The changed files, on every core in batches: a private journal's update writes every chunk
    /// of an edition (1,659 files and 140 MB at 10,000 entries), which kept one core busy for a
    /// tenth of the update while the other waited.
    private static func write(_ files: [OutputFile], under next: String) throws {
        let batches = Array(stride(from: 0, to: files.count, by: 32))
        let failures = concurrentMap(batches) { start -> (any Error)? in
            do {
                for file in files[start..<min(start + 32, files.count)] { try FileWriter.write(file.bytes, to: next + "/" + file.path, exclusive: true) }
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
    }

    /// Brings the site of one build ago, now at `next`, to the output as it is: the files the
    /// last build changed (`behind`) linked from the output again, or removed with the folders
    /// they leave empty where the output no longer has them; the files this build replaces
    /// unlinked, for the caller to write. Every other file already is the output's (a link to
    /// the same file), so the preview's update costs its changes, not a link per file of the site.
    private func catchUp(_ next: String, behind: Set<String>, replaced: Set<String>) throws {
        for path in behind.union(replaced) where UserFiles.kind(next + "/" + path) != nil {
            MutationHook.will("unlink", next + "/" + path)
            unlink(next + "/" + path)
        }
        let relinked = behind.subtracting(replaced).filter { UserFiles.kind(output.path + "/" + $0) == .file }
        try FileWriter.makeFolders(FileWriter.folders(of: Array(relinked)), under: URL(fileURLWithPath: next))
        for path in relinked.sorted() {
            MutationHook.will("link", next + "/" + path)
            guard link(output.path + "/" + path, next + "/" + path) == 0 else { throw FileWriter.posixError("could not link", next + "/" + path) }
        }
        for folder in FileWriter.folders(of: Array(behind.subtracting(relinked))).sorted(by: { $0.count > $1.count }) {
            MutationHook.will("rmdir", next + "/" + folder)
            rmdir(next + "/" + folder)
        }
    }
}
