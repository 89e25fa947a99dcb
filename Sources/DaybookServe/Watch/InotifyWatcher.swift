#if os(Linux)
import Foundation
import Glibc
import Synchronization

/// Watches the journal with inotify: one watch per folder (inotify is not recursive), added as
/// folders appear. An overflowed queue reports "everything may have changed" and the folders
/// are walked again, so a watch missed meanwhile is added.
final class InotifyWatcher: FileWatcher {
    private let descriptor: Int32
    private let running = Mutex(true)
    /// Watch descriptor -> folder, relative to the journal ("" for the journal itself).
    private let folders = Mutex<[Int32: String]>([:])
    private let root: String
    private let filter: ChangeFilter

    /// Linked folders are followed, as the build follows them (`DirectoryWalker`): a journal
    /// reached by a link (`~/journal -> ~/Sync/journal`), or whose `entries` is one, is watched
    /// like any other. Each folder is watched once, known by device and inode (`watchTree`).
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                                     | IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR)

    private init(descriptor: Int32, root: String, filter: ChangeFilter) {
        self.descriptor = descriptor
        self.root = root
        self.filter = filter
    }

    static func start(root: URL, filter: ChangeFilter, onChange: @escaping @Sendable (String?) -> Void) -> Result<InotifyWatcher, WatchFailure> {
        let descriptor = inotify_init1(Int32(O_CLOEXEC) | Int32(O_NONBLOCK))
        guard descriptor >= 0 else { return .failure(WatchFailure(why: String(cString: strerror(errno)))) }
        let watcher = InotifyWatcher(descriptor: descriptor, root: root.path, filter: filter)
        if let failure = watcher.watchTree("") {
            close(descriptor)
            return .failure(failure)
        }
        let thread = Thread { watcher.readLoop(onChange) }
        thread.name = "daybook-inotify"
        thread.start()
        return .success(watcher)
    }

    func stop() { running.withLock { $0 = false } }

    /// Adds a watch on `folder` and every folder under it; a failure to add one for lack of
    /// watches (ENOSPC) is returned, others (a folder removed meanwhile) are skipped.
    /// A folder reached twice in one walk (a loop of links, or two links to it) is walked once;
    /// one watched already keeps the path it was first watched by.
    private func watchTree(_ folder: String) -> WatchFailure? {
        var pending = [folder]
        var walked: Set<[UInt64]> = []
        while let next = pending.popLast() {
            let full = next.isEmpty ? root : root + "/" + next
            var info = stat()
            guard stat(full, &info) == 0, walked.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { continue }
            let watch = inotify_add_watch(descriptor, full, Self.mask)
            if watch < 0 {
                if errno == ENOSPC { return WatchFailure(why: "out of inotify watches; raise fs.inotify.max_user_watches") }
                continue
            }
            folders.withLock { if $0[watch] == nil { $0[watch] = next } }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? [] {
                let path = next.isEmpty ? name : next + "/" + name
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: full + "/" + name, isDirectory: &isFolder), isFolder.boolValue,
                   filter.watchesFolder(path) {
                    pending.append(path)
                }
            }
        }
        return nil
    }

    private func readLoop(_ onChange: @Sendable (String?) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while running.withLock({ $0 }) {
            // A timeout, so `stop` is seen within a quarter of a second.
            guard poll(&poller, 1, 250) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            for event in Self.events(in: buffer[..<count]) { handle(event, onChange) }
        }
        close(descriptor)
    }

    private func handle(_ event: RawEvent, _ onChange: @Sendable (String?) -> Void) {
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            _ = watchTree("")
            onChange(nil)
            return
        }
        if event.mask & UInt32(IN_IGNORED) != 0 {
            folders.withLock { _ = $0.removeValue(forKey: event.watch) }
            return
        }
        guard let folder = folders.withLock({ $0[event.watch] }) else { return }
        let path = folder.isEmpty ? event.name : event.name.isEmpty ? folder : folder + "/" + event.name
        let isFolder = event.mask & UInt32(IN_ISDIR) != 0
        if isFolder, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, filter.watchesFolder(path) {
            // Files written into a new folder before its watch existed are seen by the rebuild.
            _ = watchTree(path)
            onChange(path)
        } else if isFolder ? filter.watchesFolder(path) : filter.matters(path) {
            onChange(path)
        }
    }

    struct RawEvent {
        var watch: Int32
        var mask: UInt32
        var name: String
    }

    /// Splits what one `read` returned into events (`struct inotify_event`, each followed by its
    /// NUL-padded name).
    static func events(in bytes: ArraySlice<UInt8>) -> [RawEvent] {
        var events: [RawEvent] = []
        var offset = bytes.startIndex
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= bytes.endIndex {
            let (watch, mask, length) = bytes[offset..<offset + header].withUnsafeBytes { raw in
                (raw.loadUnaligned(fromByteOffset: 0, as: Int32.self), raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self),
                 Int(raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self)))
            }
            let nameBytes = bytes[(offset + header)..<min(offset + header + length, bytes.endIndex)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            events.append(RawEvent(watch: watch, mask: mask, name: name))
            offset += header + length
        }
        return events
    }
}
#endif
