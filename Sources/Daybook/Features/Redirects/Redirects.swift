import Yams

/// Hugo's `aliases` and Jekyll's `redirect_from`: an entry's old addresses, each a small page
/// (`RedirectPage`) that sends the reader on to the entry, so links to a migrated journal keep
/// working. A Hugo, Jekyll or Zola site's settings file adds each entry's address on that site
/// (`OldAddresses`). An old address that is already a page of the site (an entry's, another
/// alias) is left to that page.
struct Redirects: Feature {
    static let pageKinds: [any PageKind.Type] = [RedirectPage.self]
    static let derivedKey = "redirects"
    /// The front-matter keys that list an entry's old addresses.
    static let keys = ["aliases", "redirect_from"]

    /// One old address and the entry (journal index) it now is.
    struct Redirect: Sendable, Hashable {
        var path: String
        var entry: Int
    }

    static let settingsKeys: Set<String> = ["old_addresses"]

    /// `old_addresses: redirect` (the default) or `publish`, for a Hugo, Jekyll or Zola site's permalinks.
    static func readSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText) -> [Diagnostic] {
        switch YAML.either(key, value, ("redirect", false), or: ("publish", true), source: source) {
        case .success(let publish): settings.publishAtOldAddresses = publish
        case .failure(let problem): return [problem]
        }
        return []
    }

    static func load(_ input: FeatureInput) async -> (feature: Redirects, problems: [Diagnostic]) {
        (Redirects(), [])
    }

    mutating func assemble(_ journal: inout Journal) {
        journal.derived[Self.derivedKey] = Self.redirects(in: journal)
    }

    /// Every entry's old addresses as site paths, in journal order, without clashes.
    static func redirects(in journal: Journal) -> [Redirect] {
        var taken = Set(journal.paths)
        for core in ["", "archives/", "tags/", "404.html", "index.html"] { taken.insert(core) }
        var result: [Redirect] = []
        let old = journal.settings.oldAddresses
        for index in journal.entries.indices {
            if let address = old?.address(of: journal.entries[index]), let path = sitePath(address), taken.insert(path).inserted {
                result.append(Redirect(path: path, entry: index))
            }
            for key in keys {
                guard let value = journal.entries[index].extra[key] else { continue }
                for alias in FrontMatterReader.words(value) {
                    guard let path = sitePath(alias), taken.insert(path).inserted else { continue }
                    result.append(Redirect(path: path, entry: index))
                }
            }
        }
        return result
    }

    /// `/posts/old-name` -> `posts/old-name/`, `/2019/old.html` stays a file; nil for an address
    /// that leaves the site or names its root.
    static func sitePath(_ alias: String) -> String? {
        var path = Substring(alias.prefix { $0 != "?" && $0 != "#" })
        if path.contains("://") || path.hasPrefix("//") { return nil }
        while path.hasPrefix("/") { path = path.dropFirst() }
        let segments = path.split(separator: "/")
        guard !segments.isEmpty, !segments.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        let joined = segments.joined(separator: "/")
        let isFile = joined.hasSuffix(".html") || joined.hasSuffix(".htm")
        if joined == "index.html" { return nil }
        return isFile ? joined : joined + "/"
    }
}
