/// Which paths of a journal a preview rebuilds for. Pure, so every editor's habits can be tested
/// without a file system: the output folder, `.daybook/` (the preview and the caches), `.git/`
/// and editor temporary files never start a build.
public struct ChangeFilter: Sendable {
    /// Top-level folders of the journal that hold nothing a build reads.
    public var ignoredFolders: Set<String>

    public init(ignoredFolders: Set<String> = ["_site", ".daybook", ".git", ".hg", ".svn", "node_modules"]) {
        self.ignoredFolders = ignoredFolders
    }

    /// Whether a change at `path` (relative to the journal, `/`-separated) may change the site.
    public func matters(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let first = parts.first else { return true }
        if ignores(String(first)) { return false }
        return !Self.isEditorTemporary(String(parts.last ?? first))
    }

    /// Whether the folder at `path` is watched at all (its files' changes never matter otherwise).
    public func watchesFolder(_ path: String) -> Bool {
        guard let first = path.split(separator: "/").first else { return true }
        return !ignores(String(first))
    }

    /// An ignored folder, or a build's staging folder beside one (`._site.staging-…`).
    private func ignores(_ name: String) -> Bool {
        ignoredFolders.contains(name) || ignoredFolders.contains { name.hasPrefix(".\($0).") }
    }

    /// Files editors write beside the one being edited: swap and backup files, lock links, and
    /// the temporary file of a save through a rename (whose rename to the real name does count).
    public static func isEditorTemporary(_ name: String) -> Bool {
        if name.hasSuffix("~") || name == "4913" || name == ".DS_Store" { return true }  // backups; vim's probe file
        if name.hasPrefix(".#") || (name.hasPrefix("#") && name.hasSuffix("#")) { return true }  // emacs
        if name.hasPrefix(".") {
            for suffix in [".swp", ".swo", ".swx", ".swpx", ".kate-swp"] where name.hasSuffix(suffix) { return true }
            if name.hasPrefix(".goutputstream-") || name.hasPrefix(".sb-") { return true }  // gedit, BBEdit
        }
        for suffix in [".tmp", ".crswap", "___jb_tmp___", "___jb_old___", ".part"] where name.hasSuffix(suffix) { return true }
        return false
    }
}
