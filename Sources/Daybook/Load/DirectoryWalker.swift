import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists the regular files under a folder with `readdir`'s file types, skipping hidden names:
/// every build walks the journal, and Foundation's enumerator with resource keys asks for every
/// file's attributes.
///
/// Symbolic links are followed, each folder is read once (known by device and inode, so a loop
/// or a second link to a folder adds nothing), and a link leading out of the journal is an error:
/// nothing outside the journal is read into the site. Whatever is passed over (a FIFO, a device,
/// a broken link, a folder that cannot be read or lies too deep) gets a warning at its path.
/// The walk is sequential and in sorted order, so which of two paths to one folder is read
/// does not depend on timing: real folders first, then linked ones.
struct DirectoryWalker {
    static let depthLimit = 64

    struct Listing: Sendable {
        /// Paths relative to the folder listed, sorted by their bytes.
        var files: [String] = []
        /// Warnings (and errors, for links out of the journal), at paths as `shownAs` names them.
        var problems: [Diagnostic] = []
    }

    private struct FileID: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    private let shownAs: String
    private let journal: String?
    private var visited: Set<FileID> = []
    private var links: [(path: String, relative: String, id: FileID, depth: Int)] = []
    private var listing = Listing()

    /// The files under `root`. `shownAs` is how messages name that folder (`entries`); links whose
    /// target lies outside `journal` (when given) are errors.
    static func list(_ root: String, shownAs: String, journal: String?) -> Listing {
        var walker = DirectoryWalker(shownAs: shownAs, journal: journal.flatMap(realPath))
        guard let id = identity(root, isDirectory: true) else { return Listing() }
        // The folder itself may be a link (`entries -> ~/Dropbox/diary`): it too must stay inside.
        if let outside = walker.outsideJournal(root) {
            return Listing(problems: [.error("links to \(outside), outside the journal; only files inside the journal are read",
                                             at: SourceLocation(file: shownAs))])
        }
        walker.visited.insert(id)
        walker.walk(root, relative: "", depth: 0)
        while !walker.links.isEmpty {
            let link = walker.links.removeFirst()
            guard walker.visited.insert(link.id).inserted else {
                walker.warn("links to a folder that is read already (a loop, or a second link to it); read once", at: link.relative)
                continue
            }
            walker.walk(link.path, relative: link.relative, depth: link.depth)
        }
        walker.listing.files.sort()
        return walker.listing
    }

    /// The files under `root`, without the warnings.
    static func files(under root: String) -> [String] {
        list(root, shownAs: "", journal: nil).files
    }

    private mutating func walk(_ folder: String, relative: String, depth: Int) {
        guard depth < Self.depthLimit else {
            warn("folder nested more than \(Self.depthLimit) deep; skipped", at: relative)
            return
        }
        var entries: [(name: String, type: Int32)] = []
        guard Self.names(in: folder, { entries.append(($0, $1)) }) else {
            warn("folder could not be read (\(String(cString: strerror(errno)))); skipped", at: relative)
            return
        }
        for (name, type) in ByteOrder.sorted(entries, by: \.name)
        where !name.hasPrefix(".") {
            visit(folder + "/" + name, relative: relative.isEmpty ? name : relative + "/" + name, type: type, depth: depth)
        }
    }

    private mutating func visit(_ path: String, relative: String, type: Int32, depth: Int) {
        if type == Int32(DT_REG) { listing.files.append(relative); return }
        var info = stat()
        let isLink = type == Int32(DT_LNK) || (type == Int32(DT_UNKNOWN) && lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
        guard stat(path, &info) == 0 else {
            warn(isLink ? "link leads nowhere (\(String(cString: strerror(errno)))); skipped" : "could not be read; skipped", at: relative)
            return
        }
        if isLink, let target = outsideJournal(path) {
            listing.problems.append(.error("links to \(target), outside the journal; only files inside the journal are read",
                                           at: location(relative)))
            return
        }
        let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            listing.files.append(relative)
        case S_IFDIR where isLink:
            links.append((path, relative, id, depth + 1))
        case S_IFDIR:
            guard visited.insert(id).inserted else {
                warn("is a folder that is read already; read once", at: relative)
                return
            }
            walk(path, relative: relative, depth: depth + 1)
        case S_IFIFO:
            warn("is a FIFO (named pipe), not a file; skipped", at: relative)
        case S_IFCHR, S_IFBLK:
            warn("is a device, not a file; skipped", at: relative)
        default:
            warn("is not a regular file; skipped", at: relative)
        }
    }

    /// Where `path` really is, when that is outside the journal.
    private func outsideJournal(_ path: String) -> String? {
        guard let journal, let target = Self.realPath(path), target != journal, !target.hasPrefix(journal + "/") else { return nil }
        return target
    }

    private mutating func warn(_ message: String, at relative: String) {
        listing.problems.append(.warning(message, at: location(relative)))
    }

    private func location(_ relative: String) -> SourceLocation {
        SourceLocation(file: shownAs.isEmpty ? relative : relative.isEmpty ? shownAs : shownAs + "/" + relative)
    }

    private static func identity(_ path: String, isDirectory: Bool) -> FileID? {
        var info = stat()
        guard stat(path, &info) == 0, !isDirectory || (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Hands every name in `folder` but `.` and `..` to `visit`, with the type `readdir` gives it
    /// (`DT_DIR`, `DT_REG`, `DT_LNK`, `DT_UNKNOWN` when the file system does not say).
    /// False when the folder could not be opened.
    @discardableResult
    static func names(in folder: String, _ visit: (_ name: String, _ type: Int32) -> Void) -> Bool {
        guard let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { visit(name, Int32(entry.pointee.d_type)) }
        }
        return true
    }
}
