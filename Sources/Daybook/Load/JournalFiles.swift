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
    /// `shares.yml`, the list of entries shared by a link (`Features/Shares`), when there is one.
    var sharesText: String?
    /// Files in `i18n/` (the journal's translation tables), relative to that folder.
    var translations: [String] = []
    /// Section files (`_index.md`, Hugo's and Zola's list pages) found among the entries and
    /// left out: they describe a folder, not a day.
    var sectionFiles = 0
    /// `quotes.yml` and `quotes.json`, those of them that exist.
    var quoteFiles: [String] = []
    /// Warnings about files the scan passed over (`DirectoryWalker`), for the load stage to report.
    var problems: [Diagnostic] = []

    /// Finds the files; a missing journal folder is an error, missing subfolders are not.
    /// The folder entries were read from, relative to the root (`entries`, or `entries_dir`).
    var entriesFolder = "entries"

    /// - Parameter entriesFolder: the `--entries` folder, which wins over `entries_dir`.
    static func scan(_ root: URL, entriesFolder: String? = nil) throws(BuildFailure) -> JournalFiles {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw BuildFailure([.error("no journal folder at \(root.path)")])
        }
        var files = JournalFiles(root: root)
        if let data = FileManager.default.contents(atPath: root.appendingPathComponent(SettingsLoader.fileName).path) {
            guard let text = String(data: data, encoding: .utf8) else {
                throw BuildFailure([.error("file is not valid UTF-8", at: SourceLocation(file: SettingsLoader.fileName))])
            }
            files.settingsText = text
        }
        files.sharesText = FileManager.default.contents(atPath: root.appendingPathComponent(ShareList.fileName).path)
            .map { String(decoding: $0, as: UTF8.self) }
        if let entriesFolder, let problem = entriesFolderProblem(entriesFolder) { throw BuildFailure([.error("--entries \(problem)")]) }
        files.entriesFolder = entriesFolder.map(normalizedFolder) ?? SettingsLoader.load(text: files.settingsText).0.entriesDir
        let listed = files.collect(files.entriesFolder)
        let entries = listed.filter(isEntryFile)
        files.resources = listed.filter { !isEntryFile($0) }.map { "\(files.entriesFolder)/\($0)" }
        files.entries = entries.filter { !isSectionFile($0) }.map { "\(files.entriesFolder)/\($0)" }
        files.sectionFiles = entries.count - files.entries.count
        files.templates = files.collect("templates")
        files.statics = files.collect("static")
        files.translations = files.collect("i18n")
        if files.problems.hasErrors { throw BuildFailure(files.problems) }
        files.quoteFiles = QuoteFileLoader.fileNames.filter { FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path) }
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

    /// Why `folder` cannot hold the entries, if it cannot: it must be inside the journal.
    static func entriesFolderProblem(_ folder: String) -> String? {
        let parts = normalizedFolder(folder).split(separator: "/")
        if folder.hasPrefix("/") || parts.isEmpty || parts.contains("..") || parts.contains(".") {
            return "must be a folder inside the journal, such as content/posts or _posts, got '\(folder)'"
        }
        if ["static", "templates", ".daybook", "_site"].contains(String(parts[0])) {
            return "cannot be inside \(parts[0])/, which the build uses for something else"
        }
        return nil
    }

    /// `./content/posts/` -> `content/posts`.
    static func normalizedFolder(_ folder: String) -> String {
        var parts = folder.split(separator: "/")
        if parts.first == "." { parts.removeFirst() }
        return parts.joined(separator: "/")
    }

    /// `_index.md` in any folder, in any case of its extension.
    static func isSectionFile(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return name.hasPrefix("_index.") && isEntryFile(String(name))
    }

    /// Regular files under `root/folder`, relative to it, sorted; hidden files and folders skipped
    /// (editor swap files, `.DS_Store`). What the walk passed over joins `problems`.
    private mutating func collect(_ folder: String) -> [String] {
        let listing = DirectoryWalker.list(root.appendingPathComponent(folder).path, shownAs: folder, journal: root.path)
        problems += listing.problems
        return listing.files
    }

    /// The files under `root/folder`, without the warnings.
    static func list(_ root: URL, _ folder: String) -> [String] {
        DirectoryWalker.files(under: root.appendingPathComponent(folder).path)
    }

    /// The entries folder must be a folder: a file there is an error, as is none at all (a
    /// journal without entries has nothing to build).
    static func entriesFolderKind(_ root: URL, _ folder: String) -> Diagnostic? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path, isDirectory: &isDirectory) else {
            return .error("no \(folder)/ folder in the journal, so nothing to build; make it (daybook init does) or set entries_dir in daybook.yml",
                          at: SourceLocation(file: folder))
        }
        return isDirectory.boolValue ? nil : .error("\(folder) is a file; the entries go in a folder of that name", at: SourceLocation(file: folder))
    }

    func bytes(of relativePath: String) -> [UInt8]? {
        FileBytes.read(root.path + "/" + relativePath)
    }
}
