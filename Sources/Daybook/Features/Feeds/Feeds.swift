import Foundation
import Yams

/// The feeds and the sitemap of a public journal: `feed.xml` (Atom) and `feed.json` (JSON Feed)
/// of the newest entries, whole, and `sitemap.xml` and `robots.txt`. All need absolute links, so
/// a journal without `base_url` gets none of them, and is told so once per build.
struct Feeds: Feature {
    /// A base URL and `feed` not turned off.
    var isOn: Bool
    var baseURL: String
    /// The files a static file of the journal's own replaces: it is copied, and Daybook's is not made.
    var replaced: Set<String>
    /// Set by `planData`: the newest entries' journal indices, and whether the last build left
    /// the feeds as they would be made now.
    var newest: Range<Int> = 0..<0
    var feedKey: [UInt8] = []
    var feedsKept = false
    /// Set by `planData` with `tag_feeds`: each tag feed still to make, by tag index, with its key.
    var tagFeedsToMake: [Int: [UInt8]] = [:]
    /// Every tag feed's path and key, kept or made.
    var tagFeeds: [(path: String, key: [UInt8])] = []
    /// The same for the journals' feeds, by position among the journals shown (`JournalFeeds`).
    var journalFeedsToMake: [Int: [UInt8]] = [:]
    var journalFeeds: [(path: String, key: [UInt8])] = []

    static let settingsKeys: Set<String> = ["feed", "tag_feeds"]
    /// How many entries the feeds hold.
    static let count = 20
    static let noBaseURL = "no base_url: the feeds (feed.xml, feed.json, tag feeds), sitemap.xml, robots.txt and canonical links wait for it, since they need absolute addresses, and the 404 page links from the host's root (/); set base_url in daybook.yml or pass --base-url"

    static func readSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText) -> [Diagnostic] {
        guard let on = YAML.flag(value) else {
            return [source.error("\(key) must be true or false", line: value.mark?.line ?? 1, column: value.mark?.column ?? 1)]
        }
        if key == "tag_feeds" { settings.tagFeeds = on } else { settings.feed = on }
        return []
    }

    static func load(_ input: FeatureInput) async -> (feature: Feeds, problems: [Diagnostic]) {
        let settings = input.settings
        let own = Set(input.files.statics).intersection([AtomFeed.path, JSONFeed.path, Sitemap.path, Sitemap.robotsPath])
        let feeds = Feeds(isOn: settings.feed && settings.baseURL != nil, baseURL: settings.baseURL ?? "", replaced: own)
        var warning = Diagnostic.warning(noBaseURL)
        warning.oncePerSession = true
        return (feeds, settings.feed && settings.baseURL == nil ? [warning] : [])
    }

    /// A static file that replaces one of the files changes which files the data holds.
    var dataKey: String { isOn ? "feeds " + replaced.sorted().joined(separator: " ") : "" }

    /// `site.feed`: the feeds' addresses from the page, for the `<head>`; false without feeds.
    func siteBlock(_ linker: Linker) -> [String: Any] {
        ["feed": isOn ? ["atom": linker.href(AtomFeed.path), "json": linker.href(JSONFeed.path)] as [String: Any] : false]
    }

    /// Asks for the bodies of the newest entries, unless the last build left the feeds as they
    /// would be made now: keyed by everything site-wide and the newest entries' files and addresses.
    mutating func planData(_ planning: DataPlanning) async -> Set<Int> {
        guard isOn else { return [] }
        newest = 0..<min(Self.count, planning.journal.entries.count)
        var hasher = ContentHash.Hasher()
        hasher.add(planning.keys.siteKey)
        let writers = WriterIndex.of(planning.journal)
        for index in newest {
            hasher.add(planning.keys.entryKeys[index])
            // The writer it names depends on the other entries and on the entry's journal.
            hasher.add(writers.shownWriter(of: index)?.name ?? "")
        }
        feedKey = hasher.finish()
        let key = feedKey
        feedsKept = feedPaths.allSatisfy { path in planning.kept?(path, key) == true }
        return (feedsKept ? [] : Set(newest)).union(planTagFeeds(planning)).union(planJournalFeeds(planning))
    }

    /// The feeds Daybook makes: those the journal's static files do not replace.
    var feedPaths: [String] { [AtomFeed.path, JSONFeed.path].filter { !replaced.contains($0) } }

    /// An entry's body as its page shows it (photos as their published copies), for a feed.
    static func body(_ index: Int, _ view: JournalView, _ features: [any Feature]) -> String {
        let page = PageContext(view: view, page: Page(EntryPage.self, index), assets: [:], features: features)
        return features.reduce(view.html(index)) { $1.entryBody($0, of: index, page) }
    }

    mutating func makeData(_ view: JournalView, _ making: DataMaking) async throws -> DataFiles {
        guard isOn else { return DataFiles() }
        let journal = view.journal
        var files: [OutputFile] = []
        if !feedsKept {
            let header = header(journal.settings, title: journal.settings.title)
            let items = items(newest, view, making)
            // Each feed holds the newest entries whole: on a build from scratch each is written
            // before the next is made, so a large entry is not in both at once (issue 23).
            let makers: [(String, (FeedHeader, [FeedItem]) -> [UInt8])] = [(AtomFeed.path, { AtomFeed.make($0, $1) }), (JSONFeed.path, { JSONFeed.make($0, $1) })]
            for (path, make) in makers where !replaced.contains(path) {
                let file = keyed(path, make(header, items))
                if let emit = making.emit { try emit([file]) } else { files.append(file) }
            }
        }
        files += makeTagFeeds(view, making) + makeJournalFeeds(view, making)
        let sitePaths = Page.all(for: journal).filter { !$0.is(NotFoundPage.self) && $0.kind.inSitemap }.map { $0.sitePath(in: journal) }
        files.append(OutputFile(path: Sitemap.path, bytes: Sitemap.make(baseURL: baseURL, sitePaths: sitePaths)))
        files.append(OutputFile(path: Sitemap.robotsPath, bytes: Sitemap.robots(baseURL: baseURL)))
        files.removeAll { replaced.contains($0.path) }
        let paths = feedPaths + [Sitemap.path, Sitemap.robotsPath].filter { !replaced.contains($0) } + tagFeeds.map(\.path) + journalFeeds.map(\.path)
        return DataFiles(files: files, paths: paths)
    }

    /// What a feed says of the journal, under `title`.
    func header(_ settings: Settings, title: String) -> FeedHeader {
        FeedHeader(title: title, description: settings.description, author: settings.author ?? settings.title,
                   baseURL: baseURL, language: settings.languageTag)
    }

    /// The entries at `indices`, whole, as a feed holds them.
    /// Each names its writer as the rows do: when two or more write.
    func items(_ indices: some Sequence<Int>, _ view: JournalView, _ making: DataMaking) -> [FeedItem] {
        let writers = WriterIndex.of(view.journal)
        return indices.map { index in
            var item = FeedItem(entry: view.journal.entries[index], path: view.journal.paths[index], title: view.entries[index].title,
                                html: Self.body(index, view, making.features), baseURL: baseURL)
            item.author = writers.shownWriter(of: index)?.name
            return item
        }
    }

    func keyed(_ path: String, _ bytes: [UInt8], key: [UInt8]? = nil) -> OutputFile {
        var file = OutputFile(path: path, bytes: bytes)
        file.key = key ?? feedKey
        return file
    }
}
