import Daybook

/// What one rebuild changed in the preview (`BuildReport.outputChanges`), for the pages open in
/// browsers to decide whether to reload.
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

    /// What a rebuild changed (`BuildReport.OutputChanges`), with where its removed pages went.
    public init(_ output: BuildReport.OutputChanges) {
        var moved: [String: String] = [:]
        // Pages of one kind lie at one depth (entries at 2024/05/01/slug/, tags at tags/name/):
        // a removed page moved to the one page of its depth the rebuild added, if just one was.
        let added = Dictionary(grouping: output.added.filter(Self.isPage), by: Self.depth)
        for page in output.removed where Self.isPage(page) {
            if let candidates = added[Self.depth(page)], candidates.count == 1 { moved[page] = candidates[0] }
        }
        self.init(changed: output.changed, removed: output.removed, moved: moved)
    }

    static func depth(_ path: String) -> Int { path.split(separator: "/").count }

    static func isPage(_ path: String) -> Bool { path.hasSuffix("/index.html") || path == "index.html" }
}
