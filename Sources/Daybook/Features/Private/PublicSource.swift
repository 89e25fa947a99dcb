import Foundation

/// A private journal whose source sits where anyone can read it protects nothing: the entries and
/// `.daybook/` are plain text. The one such place a build can see is a GitHub workflow that
/// deploys the repository's own Pages, which a free account serves only from a public repository.
enum PublicSource {
    /// A warning at the first workflow of the journal's repository (the journal's folder or the
    /// nearest one above it holding `.git`) that deploys that repository's Pages.
    static func warnings(journal: URL) -> [Diagnostic] {
        for root in repositoryRoots(of: journal) {
            let folder = root.appendingPathComponent(".github/workflows")
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            for name in names where name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
                let url = folder.appendingPathComponent(name)
                guard let text = try? String(contentsOf: url, encoding: .utf8), let line = deployLine(in: text) else { continue }
                return [.warning(message, at: SourceLocation(file: relativePath(url, from: journal), line: line))]
            }
        }
        return []
    }

    static let message = """
        this workflow publishes the repository's own GitHub Pages, which a free account serves only \
        from a public repository, and this journal has private entries: their source (entries/ and \
        .daybook/) would be readable by anyone. Fix: keep the repository private and push the site \
        to a separate public one: remove this workflow and run `daybook init --private --force` (docs/publishing.md)
        """

    /// The line of the first step that deploys Pages from this repository.
    static func deployLine(in text: String) -> Int? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") && line.contains("actions/deploy-pages@") {
            return index + 1
        }
        return nil
    }

    /// The journal's folder, and the folders above it up to the first that holds `.git`.
    static func repositoryRoots(of journal: URL) -> [URL] {
        var roots: [URL] = []
        var folder = journal.standardizedFileURL
        while true {
            roots.append(folder)
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path) { return roots }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return [journal] }
            folder = parent
        }
    }

    static func relativePath(_ url: URL, from journal: URL) -> String {
        let base = journal.standardizedFileURL.path + "/"
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}
