import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One writing build of a journal at a time. Two at once would append to the same cache logs and
/// race to swap the output folder, where one could discard the other's new site with the user's
/// files just moved into it. The lock is an `flock` of `.daybook/build.lock`, which the kernel
/// lets go when the process ends, however it ends: a crashed build never leaves a journal locked.
final class BuildLock: Sendable {
    static let fileName = ".daybook/build.lock"
    private let descriptor: Int32

    private init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Takes the lock of `journal`, waiting for the build that holds it; `waiting` is called first
    /// when one does. Nil when the journal's folder cannot hold the lock (a read-only checkout),
    /// which cannot hold a cache either.
    static func acquire(journal: URL, waiting: () -> Void) async -> BuildLock? {
        // A journal that is not there is reported by the scan; no folder is made for it here.
        guard FileManager.default.fileExists(atPath: journal.path) else { return nil }
        BuildCache.makeFolder(journal: journal)
        let descriptor = open(journal.appendingPathComponent(fileName).path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        let lock = BuildLock(descriptor)
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return lock }
        waiting()
        // Waited for on a thread of its own, not one of the few that run Swift's tasks.
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
                continuation.resume(returning: lock)
            }
        }
    }
}
