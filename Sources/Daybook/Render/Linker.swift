/// Makes links from one page to another. Links are relative, so a site works from any sub-path
/// and from disk; the 404 page, served at any depth, uses the base URL's path instead.
struct Linker: Sendable {
    /// `../` repeated to reach the site root, or an absolute path such as `/journal/`.
    let root: String
    /// Name `index.html` in links to folders, for a site opened from disk.
    let namesIndexFile: Bool

    init(pagePath: String, settings: Settings) {
        let depth = pagePath.split(separator: "/", omittingEmptySubsequences: true).count
        let isFolder = pagePath.isEmpty || pagePath.hasSuffix("/")
        root = String(repeating: "../", count: isFolder ? depth : max(0, depth - 1))
        namesIndexFile = settings.linksNameIndexFile
    }

    init(absoluteRoot: String, settings: Settings) {
        root = absoluteRoot
        namesIndexFile = settings.linksNameIndexFile
    }

    /// The link to a site path: `""` is the home page, `2024/05/` a folder, `style.css` a file.
    func href(_ sitePath: String) -> String {
        var link = root + Slug.percentEncoded(sitePath)
        if namesIndexFile && (sitePath.isEmpty || sitePath.hasSuffix("/")) { link += "index.html" }
        return link.isEmpty ? "./" : link
    }
}
