/// What one rebuild changed in the preview, worked out from the output keys of two builds
/// (`BuildReport.outputKeys`), for the pages open in browsers to decide whether to reload.
public struct SiteChanges: Sendable, Equatable {
    /// Files whose key changed or that are new, sorted.
    public var changed: [String]
    /// Files the rebuild removed, sorted.
    public var removed: [String]
    /// For a removed page: where its content went, when the rebuild added exactly one page at
    /// its depth (an entry renamed or re-dated); other removed pages go to the home page.
    public var moved: [String: String]

    public var isEmpty: Bool { changed.isEmpty && removed.isEmpty }

    public init(changed: [String] = [], removed: [String] = [], moved: [String: String] = [:]) {
        self.changed = changed
        self.removed = removed
        self.moved = moved
    }

    /// - Parameters: `old` is nil for the first build (nothing open can be stale then).
    public init(from old: [String: [UInt8]]?, to new: [String: [UInt8]]) {
        guard let old else {
            self.init()
            return
        }
        let changed = new.compactMap { path, key in old[path] == key ? nil : path }.sorted()
        let removed = old.keys.filter { new[$0] == nil }.sorted()
        var moved: [String: String] = [:]
        // Pages of one kind lie at one depth (entries at 2024/05/01/slug/, tags at tags/name/):
        // a removed page moved to the one page of its depth the rebuild added, if just one was.
        let added = Dictionary(grouping: changed.filter { Self.isPage($0) && old[$0] == nil }, by: Self.depth)
        for page in removed where Self.isPage(page) {
            if let candidates = added[Self.depth(page)], candidates.count == 1 { moved[page] = candidates[0] }
        }
        self.init(changed: changed, removed: removed, moved: moved)
    }

    static func depth(_ path: String) -> Int { path.split(separator: "/").count }

    static func isPage(_ path: String) -> Bool { path.hasSuffix("/index.html") || path == "index.html" }
}
