import Foundation

/// What a build says when the journal folder has no entries folder: what it looked for, and
/// the command that builds the posts of a Hugo, Jekyll or Zola site found there instead.
public struct MissingEntries: Sendable, Equatable {
    /// The folder looked for, `entries`.
    public var folder: String
    /// Whether the folder is a journal all the same (it has a `daybook.yml`): a journal with no
    /// entries yet builds; a folder with neither is not a journal.
    public var isJournal: Bool
    /// Folders of posts found instead, `content/posts`.
    public var suggestions: [String]
    public var tool: ForeignSite.Tool?

    /// Where other tools keep posts, most likely first.
    static let postFolders = ["content/posts", "content/post", "content/blog", "_posts", "content"]

    /// Nil when the entries folder is there.
    /// - Parameter entriesFolder: the `--entries` folder, which wins over `entries_dir`.
    public static func find(journal root: URL, entriesFolder: String?) -> MissingEntries? {
        let settingsPath = root.appendingPathComponent(SettingsLoader.fileName).path
        let text = FileManager.default.contents(atPath: settingsPath).map { String(decoding: $0, as: UTF8.self) }
        let folder = entriesFolder.map(JournalFiles.normalizedFolder) ?? Settings.load(root: root, text: text).0.entriesDir
        var isFolder: ObjCBool = false
        // No journal folder at all, or something at the entries' path: the build says what.
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue,
              !FileManager.default.fileExists(atPath: root.appendingPathComponent(folder).path) else { return nil }
        let suggestions = postFolders.filter { candidate in
            candidate != folder && JournalFiles.list(root, candidate).contains(where: JournalFiles.isEntryFile)
        }
        return MissingEntries(folder: folder, isJournal: text != nil, suggestions: suggestions.first.map { [$0] } ?? [],
                              tool: ForeignSite.read(root)?.tool)
    }

    /// What to tell the user, one line each; `command` is how they named the journal.
    public func lines(journal command: String) -> [String] {
        var lines = ["no \(folder)/ folder in \(command): Daybook reads a journal's entries from \(folder)/ "
                     + "(or the folder entries_dir in daybook.yml or --entries names)"]
        if let found = suggestions.first {
            let kind = tool.map { "this looks like a \($0.rawValue) site" } ?? "\(found)/ holds Markdown files"
            lines.append("\(kind); build its posts where they are: daybook build \(command) --entries \(found)")
        } else if !isJournal {
            lines.append("to start a journal here: daybook init \(command)")
        }
        return lines
    }
}
