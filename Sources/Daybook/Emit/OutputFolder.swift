import Foundation

/// The only part of Daybook that writes the site. A build goes into a staging folder beside the
/// output and takes the output's place in one step only when the whole build succeeded
/// (`SiteSwap`); a folder Daybook did not make is never written into or deleted.
public struct OutputFolder: Sendable {
    public let output: URL
    public let staging: URL
    /// The staging folder, open: files and folders are made relative to it, so the kernel does
    /// not walk the whole path again for each of a large site's files.
    let handle: Folder

    /// True when `output` is a folder an earlier Daybook build wrote: it has a `SiteManifest`.
    static func isDaybookOutput(_ output: URL) -> Bool {
        FileManager.default.fileExists(atPath: output.appendingPathComponent(SiteManifest.fileName).path)
    }

    /// Checks that `output` may be replaced and creates an empty staging folder beside it.
    public static func prepare(_ output: URL, keptIn: URL? = nil) throws -> OutputFolder {
        let manager = FileManager.default
        let outputPath = output.path
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: outputPath, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw BuildFailure([.error("refusing to build into \(outputPath): it is a file, not a folder")])
            }
            let contents = (try? manager.contentsOfDirectory(atPath: outputPath)) ?? []
            if !contents.isEmpty && !contents.contains(SiteManifest.fileName) {
                throw BuildFailure([.error(
                    "refusing to build into \(outputPath): the folder is not empty and is not a site Daybook built (it has no \(SiteManifest.fileName) file); choose another --output or empty the folder")])
            }
        }
        let staging = try SiteSwap(output: output, keptIn: keptIn).makeNext()
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
                MutationHook.will("copy", target.path)
                // A linked static file is copied as the file it links to, never as a link.
                try manager.copyItem(at: folder.appendingPathComponent(path).resolvingSymlinksInPath(), to: target)
            } catch {
                diagnostics.append(.error("could not copy: \(error.localizedDescription)", at: SourceLocation(file: "static/\(path)")))
            }
        }
        return diagnostics
    }

    /// Lists `paths`, every file the build put in the staging folder, in its manifest.
    func writeManifest(_ paths: some Sequence<String>) throws {
        try write([OutputFile(path: SiteManifest.fileName, bytes: SiteManifest.encode(paths))])
    }

    /// Swaps the finished staging folder in for the output. Every file of the old output that
    /// `known` (its manifest) does not list is the user's and is linked into the new one first;
    /// throws, changing nothing, when a file of the new site would take the place of one of them.
    /// - Parameter known: the old output's manifest; nil when it has none (a site written before
    ///   manifests), and then whatever the new site does not replace is kept, with a warning.
    /// - Returns: that warning, if any.
    @discardableResult
    public func commit(known: Set<String>?) throws -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        if UserFiles.kind(output.path) != nil {
            let carried = try UserFiles(old: output.path, new: staging.path, known: known).carry()
            if known == nil && !carried.isEmpty {
                warnings.append(.warning("kept \(carried.count) \(carried.count == 1 ? "file or folder" : "files or folders") in \(output.path) that an older Daybook wrote without listing them; delete any that are stale by hand"))
            }
        }
        try SiteSwap(output: output).swapIn()
        return warnings
    }

    /// Removes the staging folder after a failed build; the output is left as it was.
    public func discard() {
        SiteSwap(output: output).discard()
    }
}
