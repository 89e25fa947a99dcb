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
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        size = Int(info.st_size)
        #if canImport(Darwin)
        modified = Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
        #else
        modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
        #endif
    }

    static var now: Int { Int(Date().timeIntervalSince1970 * 1_000_000_000) }
}
