import Foundation
import Synchronization

/// Watches by listing the journal's files with their sizes and times every `interval` and
/// comparing: slower than notifications, but it works on every file system.
final class PollingWatcher: FileWatcher {
    private let running = Mutex(true)

    init(root: URL, filter: ChangeFilter, interval: TimeInterval = 0.5,
         onChange: @escaping @Sendable (String?) -> Void) {
        // The first look is taken before this returns, so nothing changed after it is missed by
        // a preview that builds once it starts watching.
        let first = Self.snapshot(root.path, filter: filter)
        let thread = Thread { [self] in
            var last = first
            while self.running.withLock({ $0 }) {
                Thread.sleep(forTimeInterval: interval)
                let now = Self.snapshot(root.path, filter: filter)
                for path in Self.differences(last, now) { onChange(path) }
                last = now
            }
        }
        thread.name = "daybook-poll"
        thread.start()
    }

    func stop() { running.withLock { $0 = false } }

    struct Stamp: Equatable {
        var size: Int64
        var modified: Int
        var inode: UInt64
    }

    /// Paths added, removed or changed between two listings, sorted.
    static func differences(_ old: [String: Stamp], _ new: [String: Stamp]) -> [String] {
        var changed = new.compactMap { path, stamp in old[path] == stamp ? nil : path }
        changed += old.keys.filter { new[$0] == nil }
        return changed.sorted()
    }

    /// Every file under `root` that matters, with its size, time and inode.
    static func snapshot(_ root: String, filter: ChangeFilter) -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        var folders = [""]
        while let folder = folders.popLast() {
            let full = folder.isEmpty ? root : root + "/" + folder
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: full) else { continue }
            for name in names {
                let path = folder.isEmpty ? name : folder + "/" + name
                var info = stat()
                guard lstat(full + "/" + name, &info) == 0 else { continue }
                if (info.st_mode & S_IFMT) == S_IFDIR {
                    if filter.watchesFolder(path) { folders.append(path) }
                } else if filter.matters(path) {
                    #if os(Linux)
                    let modified = Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)
                    #else
                    let modified = Int(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int(info.st_mtimespec.tv_nsec)
                    #endif
                    result[path] = Stamp(size: Int64(info.st_size), modified: modified, inode: UInt64(info.st_ino))
                }
            }
        }
        return result
    }
}
