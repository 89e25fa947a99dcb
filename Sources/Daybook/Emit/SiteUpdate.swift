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
    /// Leave the old site aside for `SiteSwap.removeOld` instead of removing it now.
    var removingOldLater = false

    /// - Parameters:
    ///   - changed: files to write.
    ///   - copies: files to copy from the journal, as (source, path in the output).
    ///   - removed: paths an earlier build wrote that are no longer part of the site.
    ///   - manifest: the site's new `SiteManifest`, when its list of files changed.
    func apply(changed: [OutputFile], copies: [(source: URL, path: String)], removed: [String], manifest: [UInt8]? = nil) throws {
        let swap = SiteSwap(output: output)
        let next = try swap.makeNext().path
        do {
            var replaced = Set(changed.map(\.path)).union(copies.map(\.path)).union(removed)
            if manifest != nil { replaced.insert(SiteManifest.fileName) }
            try TreeLinks.link(output.path, into: next, skipping: replaced)
            try FileWriter.makeFolders(FileWriter.folders(of: changed.map(\.path) + copies.map(\.path)), under: URL(fileURLWithPath: next))
            for file in changed { try FileWriter.write(file.bytes, to: next + "/" + file.path, exclusive: true) }
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
            try swap.swapIn(removingOldLater: removingOldLater)
        } catch {
            swap.discard()
            throw error
        }
    }
}
