import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists the regular files under a folder with `readdir`'s file types, skipping hidden names:
/// every build walks the journal, and Foundation's enumerator with resource keys asks for every
/// file's attributes.
enum DirectoryWalker {
    /// Paths relative to `root`, sorted by their bytes. Symbolic links are followed. The folders
    /// directly under `root` (an entries folder's years) are walked in parallel.
    static func files(under root: String) -> [String] {
        var top: [String] = []
        var folders: [String] = []
        read(root) { name, isDirectory in
            if isDirectory { folders.append(name) } else { top.append(name) }
        }
        let found = concurrentMap(folders) { name in
            var files: [String] = []
            walk(root + "/" + name, relative: name, into: &files, depth: 1)
            return files
        }
        return (top + found.joined()).sorted()
    }

    private static func walk(_ folder: String, relative: String, into result: inout [String], depth: Int) {
        guard depth < 64 else { return }
        read(folder) { name, isDirectory in
            let relativePath = relative + "/" + name
            if isDirectory {
                walk(folder + "/" + name, relative: relativePath, into: &result, depth: depth + 1)
            } else {
                result.append(relativePath)
            }
        }
    }

    /// Hands every name in `folder` but `.` and `..` to `visit`, with the type `readdir` gives it
    /// (`DT_DIR`, `DT_REG`, `DT_LNK`, `DT_UNKNOWN` when the file system does not say).
    static func names(in folder: String, _ visit: (_ name: String, _ type: Int32) -> Void) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { visit(name, Int32(entry.pointee.d_type)) }
        }
    }

    /// Hands each visible folder and regular file directly in `folder` to `visit`.
    private static func read(_ folder: String, visit: (_ name: String, _ isDirectory: Bool) -> Void) {
        names(in: folder) { name, type in
            guard !name.hasPrefix(".") else { return }
            var isDirectory = type == Int32(DT_DIR)
            var isFile = type == Int32(DT_REG)
            if type == Int32(DT_LNK) || type == Int32(DT_UNKNOWN) {
                var info = stat()
                guard stat(folder + "/" + name, &info) == 0 else { return }
                isDirectory = (info.st_mode & S_IFMT) == S_IFDIR
                isFile = (info.st_mode & S_IFMT) == S_IFREG
            }
            if isDirectory || isFile { visit(name, isDirectory) }
        }
    }
}
