import Foundation

/// A journal's files found again from the last scan and the paths a watcher saw change, without
/// walking the folders: `daybook serve` is told which files changed, and an edit changes no list.
extension JournalFiles {
    /// The last scan with the settings read again, when no file of `changed` (paths relative to
    /// the journal) came or went: each is a file now exactly when the scan listed it, and none
    /// was a folder holding listed files. Nil when the folders must be walked again.
    func updated(changed: Set<String>, entriesFolder: String?) -> JournalFiles? {
        var files = self
        if let data = FileManager.default.contents(atPath: root.appendingPathComponent(SettingsLoader.fileName).path) {
            guard let text = String(data: data, encoding: .utf8) else { return nil }
            files.settingsText = text
        } else {
            files.settingsText = nil
        }
        files.sharesText = FileManager.default.contents(atPath: root.appendingPathComponent(ShareList.fileName).path)
            .map { String(decoding: $0, as: UTF8.self) }
        let folder = entriesFolder.map(Self.normalizedFolder) ?? SettingsLoader.load(text: files.settingsText).0.entriesDir
        guard folder == self.entriesFolder else { return nil }
        let lists = [entries, resources, templates.map { "templates/\($0)" }, statics.map { "static/\($0)" },
                     translations.map { "i18n/\($0)" }, quoteFiles.sorted()]
        for path in changed where path != SettingsLoader.fileName && path != ShareList.fileName {
            var info = stat()
            let exists = lstat(root.path + "/" + path, &info) == 0
            if exists && (info.st_mode & S_IFMT) != S_IFREG { return nil }  // a folder (or link) came
            if Self.isSectionFile(path) { return nil }  // counted, not listed
            let listed = lists.contains { Self.holds($0, path) }
            if exists != listed { return nil }
            // A folder moved or removed whole is reported alone, not its files.
            if !exists && lists.contains(where: { Self.holds($0, under: path + "/") }) { return nil }
        }
        return files
    }

    /// Whether sorted `list` holds `path`.
    static func holds(_ list: [String], _ path: String) -> Bool {
        let index = firstIndex(notBelow: path, in: list)
        return index < list.count && list[index] == path
    }

    /// Whether sorted `list` holds a path starting with `prefix`.
    static func holds(_ list: [String], under prefix: String) -> Bool {
        let index = firstIndex(notBelow: prefix, in: list)
        return index < list.count && list[index].hasPrefix(prefix)
    }

    private static func firstIndex(notBelow value: String, in list: [String]) -> Int {
        var (low, high) = (0, list.count)
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
