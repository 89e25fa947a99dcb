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
        try inBatches(files.count) { index in try FileWriter.write(files[index].bytes, to: next + "/" + files[index].path, exclusive: true) }
    }

    /// Brings the site of one build ago, now at `next`, to the output as it is: the files the
    /// last build changed (`behind`) linked from the output again, or removed with the folders
    /// they leave empty where the output no longer has them; the files this build replaces
    /// unlinked, for the caller to write. Every other file already is the output's (a link to
    /// the same file), so the preview's update costs its changes, not a link per file of the site.
    private func catchUp(_ next: String, behind: Set<String>, replaced: Set<String>) throws {
        // On every core, in batches: a whole-private edit at 10,000 entries unlinks the 1,658
        // chunks of two builds ago and links the last build's 1,659, which took one core 0.08 s
        // while the other waited.
        let unlinked = Array(behind.union(replaced))
        try Self.inBatches(unlinked.count) { index in
            let path = next + "/" + unlinked[index]
            if UserFiles.kind(path) != nil {
                MutationHook.will("unlink", path)
                unlink(path)
            }
        }
        let from = output.path, candidates = Array(behind.subtracting(replaced))
        let present = concurrentMap(candidates) { UserFiles.kind(from + "/" + $0) == .file }
        let relinked = Set(zip(candidates, present).filter(\.1).map(\.0))
        try FileWriter.makeFolders(FileWriter.folders(of: Array(relinked)), under: URL(fileURLWithPath: next))
        let linked = relinked.sorted()
        try Self.inBatches(linked.count) { index in
            let path = next + "/" + linked[index]
            MutationHook.will("link", path)
            guard link(from + "/" + linked[index], path) == 0 else { throw FileWriter.posixError("could not link", path) }
        }
        for folder in FileWriter.folders(of: Array(behind.subtracting(relinked))).sorted(by: { $0.count > $1.count }) {
            MutationHook.will("rmdir", next + "/" + folder)
            rmdir(next + "/" + folder)
        }
    }

    /// `body` for each index below `count`, on every core in batches of 32; the first error.
    private static func inBatches(_ count: Int, _ body: @Sendable (Int) throws -> Void) throws {
        let failures = concurrentMap(Array(stride(from: 0, to: count, by: 32))) { start -> (any Error)? in
            do {
                for index in start..<min(start + 32, count) { try body(index) }
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
    }
}
