import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files and folders of an old output that Daybook did not make, hard-linked into the new
/// output before it replaces the old one: a full build must not take the user's `CNAME` or `.git`
/// with it. They are linked rather than moved so that the old output keeps them until the
/// exchange: a build stopped at any point leaves them where they were (`SiteSwap`).
struct UserFiles {
    /// The old output folder and the staging folder of the new one.
    let old: String
    let new: String
    /// The old output's manifest; nil for a site written before manifests (see `OutputFolder.commit`).
    let known: Set<String>?
    /// Every folder holding a file of `known`: walked into, since a user's file may sit beside Daybook's.
    private let knownFolders: Set<String>

    init(old: String, new: String, known: Set<String>?) {
        self.old = old
        self.new = new
        self.known = known
        knownFolders = known.map { FileWriter.folders(of: Array($0)) } ?? []
    }

    /// Links every file and folder of the user's into the new output.
    /// Throws, having linked nothing, with every file the new site would put in place of one of them.
    /// - Returns: the paths linked, a folder of only the user's as one.
    func carry() throws -> [String] {
        var (moves, clashes) = ([String](), [String]())
        // The folders at the top (the years, `tags`, `search`) are walked on every core: every
        // full build over an existing site walks all the folders below them.
        let found = concurrentMap(visit("", moves: &moves, clashes: &clashes)) { folder in
            var (moves, clashes) = ([String](), [String]())
            walk(folder, moves: &moves, clashes: &clashes)
            return (moves, clashes)
        }
        for (more, clashing) in found {
            moves += more
            clashes += clashing
        }
        guard clashes.isEmpty else {
            throw BuildFailure(clashes.sorted().map { SiteManifest.clash($0, in: old) })
        }
        for path in moves {
            let target = new + "/" + path
            try? FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try TreeLinks.link(item: old + "/" + path, to: target)
        }
        return moves
    }

    private func walk(_ folder: String, moves: inout [String], clashes: inout [String]) {
        for inner in visit(folder, moves: &moves, clashes: &clashes) { walk(inner, moves: &moves, clashes: &clashes) }
    }

    /// Sorts what is directly in `folder` into Daybook's, the user's (`moves`) and clashes.
    /// - Returns: the folders in it that need looking into.
    private func visit(_ folder: String, moves: inout [String], clashes: inout [String]) -> [String] {
        var folders: [String] = []
        for (name, isFolder) in TreeLinks.list(old + "/" + folder) {
            let path = folder.isEmpty ? name : folder + "/" + name
            if path == SiteManifest.fileName { continue }
            if isFolder {
                if knownFolders.contains(path) {
                    folders.append(path)
                    continue
                }
                switch Self.kind(new + "/" + path) {
                case .folder: folders.append(path)
                case .file: clashes.append(path)
                case nil: moves.append(path)
                }
            } else {
                if known?.contains(path) == true { continue }
                switch Self.kind(new + "/" + path) {
                // Without a manifest, a file the new site replaces is taken to be an old page.
                case .some where known == nil: continue
                case .some: clashes.append(path)
                case nil: moves.append(path)
                }
            }
        }
        return folders
    }

    enum Kind { case file, folder }

    /// What is at `path` (not following a link), or nil when nothing is.
    static func kind(_ path: String) -> Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
    }
}

extension UserFiles {
    /// Whether `output` holds anything its manifest (`known`, nil when it has none) does not
    /// list: a file of the user's, or a folder in which Daybook made nothing. Stops at the first
    /// found; the top folders are looked through in parallel (a 10,000-entry site has 19,000).
    /// - Parameter changedSince: a time by the file system's clock (`SiteSwap.keptAt`) after
    ///   which nothing of Daybook's changed the output: only the folders changed since are
    ///   listed, the others looked at (their change time). A file or folder put in a folder
    ///   changes that folder, so one of the user's is always in a folder that is listed.
    static func present(in output: String, known: Set<String>?, changedSince: Int? = nil) -> Bool {
        guard let known else { return true }
        let folders = FileWriter.folders(of: Array(known))
        let top = TreeLinks.list(output)
        if top.contains(where: { !$0.isFolder && !isDaybooks($0.name, known) }) { return true }
        if top.contains(where: { $0.isFolder && !folders.contains($0.name) }) { return true }
        if let changedSince { return changedFoldersHoldOthers(output, since: changedSince, known: known, folders: folders) }
        return concurrentMap(top.filter(\.isFolder).map(\.name)) { name in
            holdsOthers(name, in: output, known: known, folders: folders)
        }.contains(true)
    }

    /// Whether a folder of Daybook's (`folders`) that changed `since` holds anything else, on
    /// every core. Looking at each folder's change time costs one system call, where listing
    /// it took three and more: listing the 19,000 folders of a 10,000-entry site took a public
    /// edit a sixth of its time.
    private static func changedFoldersHoldOthers(_ output: String, since: Int, known: Set<String>, folders: Set<String>) -> Bool {
        let all = Array(folders), batch = 512
        return concurrentMap(Array(stride(from: 0, to: all.count, by: batch))) { start in
            all[start..<min(start + batch, all.count)].contains { folder in
                // A folder gone holds nothing of the user's.
                guard let changed = FileStat.changeTime(of: output + "/" + folder), changed >= since else { return false }
                return TreeLinks.list(output + "/" + folder).contains { name, isFolder in
                    let path = folder + "/" + name
                    return isFolder ? !folders.contains(path) : !isDaybooks(path, known)
                }
            }
        }.contains(true)
    }

    /// Whether the folder `relative`, which Daybook made, holds anything else at any depth.
    private static func holdsOthers(_ relative: String, in output: String, known: Set<String>, folders: Set<String>) -> Bool {
        for (name, isFolder) in TreeLinks.list(output + "/" + relative) {
            let path = relative + "/" + name
            if isFolder {
                if !folders.contains(path) || holdsOthers(path, in: output, known: known, folders: folders) { return true }
            } else if !isDaybooks(path, known) {
                return true
            }
        }
        return false
    }

    private static func isDaybooks(_ path: String, _ known: Set<String>) -> Bool {
        known.contains(path) || path == SiteManifest.fileName
    }
}
