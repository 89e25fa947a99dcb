import Foundation

/// Something that tells the preview that files of the journal changed. `onChange` gets the path
/// relative to the journal, or nil when it cannot say which (an overflowed event queue): then
/// everything may have changed.
protocol FileWatcher: Sendable {
    func stop()
}

/// Picks the way to watch: the operating system's notifications where Daybook has them, polling
/// otherwise or when asked (`--poll`), with the reason printed.
enum Watchers {
    static func start(root: URL, filter: ChangeFilter, poll: Bool, say: @escaping @Sendable (String) -> Void,
                      onChange: @escaping @Sendable (String?) -> Void) -> any FileWatcher {
        if poll { return PollingWatcher(root: root, filter: filter, onChange: onChange) }
        #if os(Linux)
        switch InotifyWatcher.start(root: root, filter: filter, onChange: onChange) {
        case .success(let watcher): return watcher
        case .failure(let failure):
            say("warning: cannot watch with inotify (\(failure.why)); checking for changes twice a second instead")
            return PollingWatcher(root: root, filter: filter, onChange: onChange)
        }
        #else
        // FSEvents needs a run loop and kqueue a descriptor per file; polling is enough for a preview.
        say("watching by checking for changes twice a second")
        return PollingWatcher(root: root, filter: filter, onChange: onChange)
        #endif
    }
}

/// Why the notifications could not be used.
struct WatchFailure: Error {
    var why: String
}
