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
    /// Update the output itself (`BuildOptions.updatesInPlace`): the preview's folder.
    var inPlace = false

    /// - Parameters:
    ///   - changed: files to write.
    ///   - copies: files to copy from the journal, as (source, path in the output).
    ///   - removed: paths an earlier build wrote that are no longer part of the site.
    ///   - manifest: the site's new `SiteManifest`, when its list of files changed.
    func apply(changed: [OutputFile], copies: [(source: URL, path: String)], removed: [String], manifest: [UInt8]? = nil) throws {
        if inPlace { return try applyInPlace(changed: changed, copies: copies, removed: removed, manifest: manifest) }
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
            try swap.swapIn()
        } catch {
            swap.discard()
            throw error
        }
    }
}

extension SiteUpdate {
    /// The same changes made to the output itself: each new file written beside its place and
    /// renamed over it, so a reader of the folder never sees a file half written; then the
    /// files no longer made removed, and the folders that leaves empty.
    func applyInPlace(changed: [OutputFile], copies: [(source: URL, path: String)], removed: [String], manifest: [UInt8]?) throws {
        let root = output.path + "/"
        try FileWriter.makeFolders(FileWriter.folders(of: changed.map(\.path) + copies.map(\.path)), under: output)
        var files = changed
        for copy in copies {
            guard let bytes = FileBytes.read(copy.source.resolvingSymlinksInPath().path) else {
                throw FileWriter.posixError("could not read", copy.source.path)
            }
            files.append(OutputFile(path: copy.path, bytes: bytes))
        }
        if let manifest { files.append(OutputFile(path: SiteManifest.fileName, bytes: manifest)) }
        for file in files {
            let temporary = root + file.path + ".daybook-new"
            try FileWriter.write(file.bytes, to: temporary)
            MutationHook.will("rename", root + file.path)
            guard rename(temporary, root + file.path) == 0 else { throw FileWriter.posixError("could not replace", root + file.path) }
        }
        for path in removed {
            MutationHook.will("unlink", root + path)
            unlink(root + path)
        }
        for folder in FileWriter.folders(of: removed).sorted(by: { $0.count > $1.count }) {
            MutationHook.will("rmdir", root + folder)
            rmdir(root + folder)
        }
    }
}
