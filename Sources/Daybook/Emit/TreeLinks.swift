import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies of folder trees made of hard links, and removal of trees, for `SiteSwap`. A hard link
/// gives the new site a file of the old one (a page an update keeps, a `.git` of the user's)
/// without copying it and without taking it out of the old site, which stays whole until the
/// exchange. No file is ever written through such a link: pages are written as new files.
enum TreeLinks {
    /// Makes, inside the existing folder `target`, what the folder `source` holds: its folders
    /// anew with their permissions, everything else (files, symbolic links) as hard links, or
    /// copies where the file system has no hard links. The folders at the top are done in parallel.
    /// - Parameter skipping: paths relative to `source` to leave out, with what is inside them.
    static func link(_ source: String, into target: String, skipping: Set<String> = []) throws {
        var folders: [String] = []
        for (name, isFolder) in list(source) where !skipping.contains(name) {
            if isFolder { folders.append(name) } else { try linkFile(source + "/" + name, target + "/" + name) }
        }
        let failures = concurrentMap(folders) { name -> BuildFailure? in
            do {
                try linkFolder(source + "/" + name, target + "/" + name, relative: name, skipping: skipping)
                return nil
            } catch {
                return error as? BuildFailure ?? BuildFailure([.error(error.localizedDescription)])
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
    }

    /// `link` for one folder or file: `source` made again at `target`, which does not exist.
    static func link(item source: String, to target: String) throws {
        if UserFiles.kind(source) == .folder {
            try linkFolder(source, target, relative: "", skipping: [])
        } else {
            try linkFile(source, target)
        }
    }

    private static func linkFolder(_ source: String, _ target: String, relative: String, skipping: Set<String>) throws {
        var info = stat()
        let mode = lstat(source, &info) == 0 ? mode_t(info.st_mode & 0o7777) : 0o755
        MutationHook.will("mkdir", target)
        // Writable by its owner while it is filled; a read-only folder of the user's gets its mode after.
        guard mkdir(target, mode | 0o700) == 0 else { throw FileWriter.posixError("could not create", target) }
        for (name, isFolder) in list(source) {
            let path = relative.isEmpty ? name : relative + "/" + name
            if skipping.contains(path) { continue }
            if isFolder {
                try linkFolder(source + "/" + name, target + "/" + name, relative: path, skipping: skipping)
            } else {
                try linkFile(source + "/" + name, target + "/" + name)
            }
        }
        if mode & 0o700 != 0o700 { chmod(target, mode) }
    }

    private static func linkFile(_ source: String, _ target: String) throws {
        MutationHook.will("link", target)
        // Flags 0: a symbolic link is linked itself, not what it points to.
        if linkat(AT_FDCWD, source, AT_FDCWD, target, 0) == 0 { return }
        guard [EPERM, EMLINK, EOPNOTSUPP, ENOTSUP].contains(errno) else { throw FileWriter.posixError("could not link \(source) to", target) }
        do {
            try FileManager.default.copyItem(atPath: source, toPath: target)
        } catch {
            throw BuildFailure([.error("could not copy \(source) to \(target): \(error.localizedDescription)")])
        }
    }

    /// Removes the file or folder at `path` and all inside it, following no link; what cannot be
    /// removed stays, for the next build to try again (`SiteSwap.recover`).
    static func remove(_ path: String) {
        guard let kind = UserFiles.kind(path) else { return }
        guard kind == .folder else {
            MutationHook.will("unlink", path)
            unlink(path)
            return
        }
        var (files, folders) = ([String](), [String]())
        for (name, isFolder) in list(path) {
            if isFolder { folders.append(name) } else { files.append(name) }
        }
        for name in files { removeEntry(name, in: path, folder: false) }
        _ = concurrentMap(folders) { name in removeContents(of: path + "/" + name) }
        for name in folders { removeEntry(name, in: path, folder: true) }
        MutationHook.will("rmdir", path)
        rmdir(path)
    }

    /// Empties `folder`, deepest first.
    private static func removeContents(of folder: String) {
        for (name, isFolder) in list(folder) {
            if isFolder { removeContents(of: folder + "/" + name) }
            removeEntry(name, in: folder, folder: isFolder)
        }
    }

    private static func removeEntry(_ name: String, in folder: String, folder isFolder: Bool) {
        let path = folder + "/" + name
        MutationHook.will(isFolder ? "rmdir" : "unlink", path)
        let remove = { isFolder ? rmdir(path) : unlink(path) }
        if remove() != 0 && errno == EACCES {
            // A read-only folder of the user's, in an old site on its way out.
            chmod(folder, 0o700)
            _ = remove()
        }
    }

    /// The names in a folder, hidden ones included, each with whether it is a folder itself (a
    /// link is not), from `readdir`'s types; only a name the file system gives no type for needs a `stat`.
    static func list(_ folder: String) -> [(name: String, isFolder: Bool)] {
        var names: [(name: String, isFolder: Bool)] = []
        DirectoryWalker.names(in: folder) { name, type in
            names.append((name, type == Int32(DT_UNKNOWN) ? UserFiles.kind(folder + "/" + name) == .folder : type == Int32(DT_DIR)))
        }
        return names
    }
}
