import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders to make inside an open folder, shared out among the tasks that `help`. They are
/// grouped by their top-level folder (a year, `tags`, `search`), each group parents first, so a
/// group never waits for another: the kernel makes the many folders of a large journal's site on
/// every core that has nothing else to do.
final class FolderWork: Sendable {
    private let groups: [[String]]
    private let next = Mutex(0)
    private let folder: Folder
    private let root: String

    /// - Parameters:
    ///   - paths: the folders, relative to `folder`.
    ///   - root: the path of `folder`, for the fallback when it could not be opened.
    init(_ paths: Set<String>, in folder: Folder, root: String) {
        var groups: [Substring: [String]] = [:]
        for path in paths {
            let top = path.prefix { $0 != "/" }
            groups[top, default: []].append(path)
        }
        self.groups = groups.keys.sorted().map { FileWriter.parentsFirst(groups[$0]!) }
        self.folder = folder
        self.root = root
    }

    /// Makes groups of folders until none is left. Returns when every group has been taken,
    /// not necessarily made: wait for the other helpers too.
    func help() throws {
        while true {
            let index = next.withLock { value in
                defer { value += 1 }
                return value
            }
            guard index < groups.count else { return }
            let descriptor = folder.descriptor >= 0 ? folder.descriptor : AT_FDCWD
            for path in groups[index] { try FileWriter.makeFolder(path, in: descriptor, root: root) }
        }
    }
}
