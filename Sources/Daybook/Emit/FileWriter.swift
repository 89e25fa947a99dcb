import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain POSIX writes. Foundation's `createFile` writes atomically through a temporary file and
/// `createDirectory` probes every level; for thousands of pages into a fresh staging folder
/// neither is needed (the folder as a whole is swapped in), and both add system calls to each
/// file or folder made.
enum FileWriter {
    /// Creates each folder (parents first), ignoring ones that exist.
    static func makeFolders(_ paths: Set<String>, under root: URL) throws {
        let base = root.path + "/"
        for path in parentsFirst(paths) { try makeFolder(path, in: AT_FDCWD, root: base) }
    }

    /// Creates the folder at `path` relative to the open folder `folder` (whose path is `root`),
    /// unless it exists.
    static func makeFolder(_ path: String, in folder: Int32, root: String) throws {
        let relative = folder == AT_FDCWD ? root + path : path
        MutationHook.will("mkdir", root + path)
        if mkdirat(folder, relative, 0o755) != 0 && errno != EEXIST {
            // A parent may be missing when paths skip a level; fall back to Foundation.
            try FileManager.default.createDirectory(atPath: root + path, withIntermediateDirectories: true)
        }
    }

    /// Shorter paths first, so every folder comes after its parent; ties in name order.
    static func parentsFirst<Paths: Sequence<String>>(_ paths: Paths) -> [String] {
        paths.sorted { $0.utf8.count < $1.utf8.count || ($0.utf8.count == $1.utf8.count && $0 < $1) }
    }

    /// Every folder that must exist for `files`, as paths relative to the root.
    static func folders(of files: [String]) -> Set<String> {
        var folders: Set<String> = []
        for file in files {
            // In the bytes: a slash is one byte, and looking for it as a character took every
            // update of a large site (24,000 paths) milliseconds.
            var end = file.utf8.endIndex
            while let slash = file.utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
                if !folders.insert(String(file[..<slash])).inserted { break }
                end = slash
            }
        }
        return folders
    }

    /// Writes `bytes` to the file at `path`, relative to the open folder `folder` if one is given
    /// (its path, `root`, goes into error messages).
    /// - Parameter exclusive: fail if the file exists rather than write into it (which, for a
    ///   hard link of the live site's file, would change that file too: see `TreeLinks`).
    static func write(_ bytes: [UInt8], to path: String, in folder: Int32 = AT_FDCWD, root: String = "", exclusive: Bool = false) throws {
        MutationHook.will("create", root + path)
        let descriptor = openat(folder, path, O_WRONLY | O_CREAT | (exclusive ? O_EXCL : O_TRUNC) | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw posixError("could not create", root + path) }
        defer { close(descriptor) }
        guard bytes.withUnsafeBytes({ writeAll(descriptor, $0) }) else { throw posixError("could not write", root + path) }
    }

    /// Writes the whole buffer to an open file, retrying short writes; false on an error.
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    static func posixError(_ what: String, _ path: String) -> BuildFailure {
        BuildFailure([.error("\(what) \(path): \(String(cString: strerror(errno)))")])
    }
}
