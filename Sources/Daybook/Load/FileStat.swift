import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's size and modification time: the cheap test of "unchanged since last build", as git's
/// index uses it. Content hashes decide whenever this test is not conclusive.
struct FileStat: Sendable, Hashable {
    var size: Int
    /// Nanoseconds since 1970.
    var modified: Int

    init(size: Int, modified: Int) {
        self.size = size
        self.modified = modified
    }

    init?(path: String) {
        self.init(path, in: AT_FDCWD)
    }

    /// The file at `path` relative to the open folder `folder` (see `Folder`): the kernel then
    /// walks only the relative part. A no-op build is mostly these lookups, one for each entry
    /// file and each file of the site.
    init?(_ path: String, in folder: Int32) {
        var info = stat()
        guard fstatat(folder, path, &info, 0) == 0 else { return nil }
        size = Int(info.st_size)
        #if canImport(Darwin)
        modified = Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
        #else
        modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        #endif
    }

    static var now: Int { Int(Date().timeIntervalSince1970 * 1_000_000_000) }

    /// The change time (`st_ctime`) of what is at `path`, not following a link, in nanoseconds:
    /// the system sets it on any change to the file or folder, and no program can set it back.
    static func changeTime(of path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        return Int(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int(info.st_ctimespec.tv_nsec)
        #else
        return Int(info.st_ctim.tv_sec) * 1_000_000_000 + Int(info.st_ctim.tv_nsec)
        #endif
    }
}

/// An open folder, for `FileStat` of many files inside it; closed when the last copy goes.
final class Folder: Sendable {
    let descriptor: Int32

    init(_ path: String) { descriptor = open(path, O_RDONLY | O_DIRECTORY) }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The file at `path` inside this folder; falls back to `root + path` if it could not be opened.
    func stat(_ path: String, root: String) -> FileStat? {
        descriptor >= 0 ? FileStat(path, in: descriptor) : FileStat(path: root + path)
    }

    /// The bytes of the file at `path` inside this folder, with the same fallback.
    func read(_ path: String, root: String) -> [UInt8]? {
        descriptor >= 0 ? FileBytes.read(path, in: descriptor) : FileBytes.read(root + path)
    }
}
