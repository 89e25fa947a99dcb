import Foundation

/// Brings an existing Daybook output folder up to date with only the files that changed. Each
/// changed file is first written in full to a staging folder beside the output, then renamed into
/// place; files an earlier build wrote and this one no longer makes are removed, and so are folders
/// that become empty. Nothing else in the folder is touched.
struct SiteUpdate {
    let output: URL

    /// - Parameters:
    ///   - changed: files to write.
    ///   - copies: files to copy from the journal, as (source, path in the output).
    ///   - removed: paths an earlier build wrote that are no longer part of the site.
    ///   - manifest: the site's new `SiteManifest`, when its list of files changed.
    func apply(changed: [OutputFile], copies: [(source: URL, path: String)], removed: [String], manifest: [UInt8]? = nil) throws {
        let manager = FileManager.default
        let staging = output.deletingLastPathComponent()
            .appendingPathComponent(".\(output.lastPathComponent).update-\(ProcessInfo.processInfo.processIdentifier)")
        try? manager.removeItem(at: staging)
        try manager.createDirectory(at: staging, withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: staging) }

        // 1. Everything new is complete on disk before the site changes at all.
        var moves: [(from: String, to: String)] = []
        for (number, file) in changed.enumerated() {
            let temporary = staging.appendingPathComponent("\(number)").path
            try FileWriter.write(file.bytes, to: temporary)
            moves.append((temporary, file.path))
        }
        if let manifest {
            let temporary = staging.appendingPathComponent("manifest").path
            try FileWriter.write(manifest, to: temporary)
            moves.append((temporary, SiteManifest.fileName))
        }
        for (number, copy) in copies.enumerated() {
            let temporary = staging.appendingPathComponent("c\(number)")
            // A linked static file is copied as the file it links to, never as a link.
            try manager.copyItem(at: copy.source.resolvingSymlinksInPath(), to: temporary)
            moves.append((temporary.path, copy.path))
        }
        // 2. Renames are atomic per file: a reader sees the old page or the new one, never half.
        try FileWriter.makeFolders(FileWriter.folders(of: moves.map(\.to)), under: output)
        for move in moves {
            guard rename(move.from, output.appendingPathComponent(move.to).path) == 0 else {
                throw FileWriter.posixError("could not move a page into", output.appendingPathComponent(move.to).path)
            }
        }
        // 3. Pages that no longer exist, then the folders they leave empty (rmdir refuses others).
        for path in removed {
            unlink(output.appendingPathComponent(path).path)
        }
        for folder in FileWriter.folders(of: removed).sorted(by: { $0.count > $1.count }) {
            rmdir(output.appendingPathComponent(folder).path)
        }
    }
}
