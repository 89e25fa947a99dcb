import Foundation

/// The files of a journal folder that a build reads, found in a fixed order.
struct JournalFiles: Sendable {
    static let entryExtensions: Set<String> = ["md", "markdown"]

    let root: URL
    /// Entry files relative to the root, `entries/2024/05-01.md`, sorted.
    var entries: [String] = []
    /// The other files under `entries/` (an entry folder's photos), relative to the root, sorted.
    var resources: [String] = []
    /// Files in `templates/`, relative to that folder.
    var templates: [String] = []
    /// Files in `static/`, relative to that folder.
    var statics: [String] = []
    var settingsText: String?
    /// `quotes.yml` and `quotes.json`, those of them that exist.
    var quoteFiles: [String] = []

    /// Finds the files; a missing journal folder is an error, missing subfolders are not.
    static func scan(_ root: URL) throws(BuildFailure) -> JournalFiles {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw BuildFailure([.error("no journal folder at \(root.path)")])
        }
        var files = JournalFiles(root: root)
        let entryFolder = list(root, "entries")
        files.entries = entryFolder.filter(isEntryFile).map { "entries/\($0)" }
        files.resources = entryFolder.filter { !isEntryFile($0) }.map { "entries/\($0)" }
        files.templates = list(root, "templates")
        files.statics = list(root, "static")
        files.quoteFiles = QuoteFileLoader.fileNames.filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
        if let data = FileManager.default.contents(atPath: root.appendingPathComponent(SettingsLoader.fileName).path) {
            guard let text = String(data: data, encoding: .utf8) else {
                throw BuildFailure([.error("file is not valid UTF-8", at: SourceLocation(file: SettingsLoader.fileName))])
            }
            files.settingsText = text
        }
        return files
    }

    /// Whether the file's extension is an entry's, in any case (`.md`, `.MD`, `.markdown`).
    /// Looked at as bytes, not with Foundation's string search: every file under `entries/` is
    /// tested on every scan.
    static func isEntryFile(_ path: String) -> Bool {
        let bytes = path.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), !bytes[dot...].contains(UInt8(ascii: "/")) else { return false }
        let suffix = bytes[bytes.index(after: dot)...]
        return suffix.count <= 8 && entryExtensions.contains(String(decoding: suffix, as: UTF8.self).lowercased())
    }

    /// Regular files under `root/folder`, relative to it, sorted; hidden files and folders skipped
    /// (editor swap files, `.DS_Store`).
    static func list(_ root: URL, _ folder: String) -> [String] {
        DirectoryWalker.files(under: root.appendingPathComponent(folder).path)
    }

    func bytes(of relativePath: String) -> [UInt8]? {
        FileBytes.read(root.path + "/" + relativePath)
    }
}
