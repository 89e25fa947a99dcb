import Foundation

/// The only part of Daybook that writes the site. A build goes into a staging folder beside the
/// output and replaces the output only when the whole build succeeded; a folder Daybook did not
/// make is never written into or deleted.
public struct OutputFolder: Sendable {
    /// Present at the root of every site Daybook writes; its presence is what allows a rebuild
    /// to replace the folder.
    public static let markerName = ".daybook-site"
    static let markerText = "This folder is written by Daybook and replaced on every build.\n"

    public let output: URL
    public let staging: URL
    /// The staging folder, open: files and folders are made relative to it, so the kernel does
    /// not walk the whole path for each of 35,000.
    let handle: Folder

    /// True when `output` is a folder an earlier Daybook build wrote.
    static func isDaybookOutput(_ output: URL) -> Bool {
        FileManager.default.fileExists(atPath: output.appendingPathComponent(markerName).path)
    }

    /// Checks that `output` may be replaced and creates an empty staging folder beside it.
    public static func prepare(_ output: URL) throws -> OutputFolder {
        let manager = FileManager.default
        let outputPath = output.path
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: outputPath, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw BuildFailure([.error("refusing to build into \(outputPath): it is a file, not a folder")])
            }
            let contents = (try? manager.contentsOfDirectory(atPath: outputPath)) ?? []
            if !contents.isEmpty && !contents.contains(markerName) {
                throw BuildFailure([.error(
                    "refusing to build into \(outputPath): the folder is not empty and is not a site Daybook built (it has no \(markerName) file); choose another --output or empty the folder")])
            }
        }
        let parent = output.deletingLastPathComponent()
        try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).staging-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
        try manager.createDirectory(at: staging, withIntermediateDirectories: false)
        try Data(markerText.utf8).write(to: staging.appendingPathComponent(markerName))
        return OutputFolder(output: output, staging: staging, handle: Folder(staging.path))
    }

    /// Creates the folders the site's files will go in, once, before the parallel writes.
    func makeFolders(for paths: [String]) throws {
        try folderWork(for: paths).help()
    }

    /// The folders `paths` need, as work that several tasks can share (see `FolderWork`).
    func folderWork(for paths: [String]) -> FolderWork {
        FolderWork(FileWriter.folders(of: paths), in: handle, root: staging.path + "/")
    }

    /// Writes files into the staging folder, whose folders `makeFolders` made. Safe to call from
    /// several tasks at once.
    public func write(_ files: [OutputFile]) throws {
        let root = staging.path + "/"
        if handle.descriptor < 0 {
            for file in files { try FileWriter.write(file.bytes, to: root + file.path) }
        } else {
            for file in files { try FileWriter.write(file.bytes, to: file.path, in: handle.descriptor, root: root) }
        }
    }

    /// Copies the journal's `static/` folder in. Clashes with generated pages were refused before
    /// anything was written (`Builder.write`).
    func copyStatic(from folder: URL, files: [String]) -> [Diagnostic] {
        let manager = FileManager.default
        var diagnostics: [Diagnostic] = []
        for path in files {
            let target = staging.appendingPathComponent(path)
            do {
                try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try manager.copyItem(at: folder.appendingPathComponent(path), to: target)
            } catch {
                diagnostics.append(.error("could not copy: \(error.localizedDescription)", at: SourceLocation(file: "static/\(path)")))
            }
        }
        return diagnostics
    }

    /// Swaps the finished staging folder in for the output.
    public func commit() throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: output.path) {
            let old = staging.deletingLastPathComponent()
                .appendingPathComponent(".\(output.lastPathComponent).old-\(ProcessInfo.processInfo.processIdentifier)")
            try manager.moveItem(at: output, to: old)
            do {
                try manager.moveItem(at: staging, to: output)
            } catch {
                try? manager.moveItem(at: old, to: output)
                throw error
            }
            try? manager.removeItem(at: old)
        } else {
            try manager.moveItem(at: staging, to: output)
        }
    }

    /// Removes the staging folder after a failed build; the output is left as it was.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
    }
}
