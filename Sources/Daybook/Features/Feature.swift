import Foundation
import Yams

/// A capability of the site beyond the core pages: search, the quote of the day, and the ones to
/// come. A feature owns its settings keys, what it reads besides the entries, its part of every
/// page key and template context, its data files and its part of the cache. The pipeline walks
/// `Features.all` in order through this protocol and names no feature itself.
///
/// A feature is a value made afresh by each build (`load`), so it can carry what it read and
/// worked out through the stages; every requirement but `load` has a default that does nothing.
protocol Feature: Sendable {
    /// The `daybook.yml` keys the feature reads.
    static var settingsKeys: Set<String> { get }
    /// The kinds of page the feature adds, made after the core pages. A kind whose
    /// `indices(in:)` is empty for a journal adds nothing to it.
    static var pageKinds: [any PageKind.Type] { get }
    /// Reads one of `settingsKeys` into `settings`; returns its problems.
    static func readSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText) -> [Diagnostic]
    /// Reads what the feature needs besides the entries, while they are read. A feature turned
    /// off by the settings still returns a value, which then adds nothing.
    static func load(_ input: FeatureInput) async -> (feature: Self, problems: [Diagnostic])

    /// Adds what the feature read to the assembled journal and works out what pages show.
    /// Unless `changesEntries`, it only reads the entries and adds to `journal.derived`.
    mutating func assemble(_ journal: inout Journal)
    /// Whether `assemble` changes the journal's entries (the photos' dates and places): such
    /// features assemble first, one after another, before the others assemble side by side.
    static var changesEntries: Bool { get }
    /// Whether an encrypted edition loads the feature again (its settings differ there: no feeds
    /// without an address). A feature whose load reads the same for every edition, and reads much
    /// (the photos, the quotes fetched), says false: the editions reuse what the public pass read.
    static var loadsPerEdition: Bool { get }
    /// What of the feature every page shows, for every page's key.
    var siteKey: String { get }
    /// What of the feature `page` alone shows, for its key.
    func key(for page: Page) -> String
    /// What the feature's data files derive from besides the entries and the site key.
    var dataKey: String { get }
    /// Keys the feature adds to the `site` block of every page, linked from `linker`'s page.
    func siteBlock(_ linker: Linker) -> [String: Any]
    /// Keys the feature adds to the context of `page`.
    func context(for page: PageContext) -> [String: Any]
    /// Keys the feature adds to the full row of entry `entry` (journal index) on `page`.
    func rowValues(for entry: Int, _ page: PageContext) -> [String: Any]
    /// The body of entry `entry` as its page shows it, given the body so far (the photos'
    /// pictures replace the Markdown images that name them).
    func entryBody(_ html: String, of entry: Int, _ page: PageContext) -> String

    /// Decides which of its data files to make again, given the last build's (`planning`), and
    /// returns the journal indices of the entries it will need in full (with their bodies).
    mutating func planData(_ planning: DataPlanning) async -> Set<Int>
    /// Makes the data files planned. Files handed to `emit`, when given, are not returned.
    mutating func makeData(_ view: JournalView, _ making: DataMaking) async throws -> DataFiles
    /// The feature as the pages use it while its data files are made beside them: without what
    /// only `makeData` reads, which a copy for the pages would otherwise hold until the last page.
    func forPages() -> any Feature
}

/// What a feature's `load` may read.
struct FeatureInput: Sendable {
    var options: BuildOptions
    var files: JournalFiles
    var settings: Settings
    /// Reports a long load's progress (the photos) to the terminal.
    var progress: @Sendable (BuildProgress) -> Void = { _ in }
    /// The encrypted edition (`PrivatePlan.Edition.id`) this load is for; nil for the public site.
    var edition: String?
    /// A continued build's (the preview's): the entry files the last build of this process found
    /// may name photos, and the journal's files that changed since. The photo scan reads only
    /// those again (`PhotoLibrary.load`).
    var lastPhotoScan: (candidates: Set<String>, changed: Set<String>)?
    /// The preview's search documents between its builds (`SearchMemory`).
    var searchMemory: SearchMemory?
    /// Whether a cache of earlier builds may be read (a writing build that uses the cache).
    var readsCache: Bool { options.writes && options.useCache }
}

/// What a feature's data planning knows of the last build.
struct DataPlanning: Sendable {
    var journal: Journal
    var keys: PageKeys
    /// Whether the last build left the file at `path` as it would make it from `key`; nil on a
    /// build from scratch. A feature leaves such files as they are.
    var kept: (@Sendable (_ path: String, _ key: [UInt8]) -> Bool)?
}

/// How a feature's data files are to be made.
struct DataMaking: Sendable {
    var jobs: Int
    var journal: URL
    /// Where the build's caches are (`BuildOptions.cacheFolder`).
    var cacheFolder: URL
    /// Takes files as they are made, so a large journal's data is never held at once.
    var emit: (@Sendable ([OutputFile]) throws -> Void)?
    var progress: @Sendable (BuildProgress) -> Void
    /// Every feature, for data that shows an entry's body as its page does (`entryBody`).
    var features: [any Feature] = []
}

/// A feature's data files: those made (unless emitted), the paths of all it has (some may be
/// left from the last build), and the saving of its cache, if it started one.
struct DataFiles: Sendable {
    var files: [OutputFile] = []
    var paths: [String] = []
    var saving: Task<Void, Never>?
}

extension Feature {
    static var settingsKeys: Set<String> { [] }
    static var pageKinds: [any PageKind.Type] { [] }
    static func readSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText) -> [Diagnostic] { [] }
    mutating func assemble(_ journal: inout Journal) {}
    static var changesEntries: Bool { false }
    static var loadsPerEdition: Bool { true }
    var siteKey: String { "" }
    func key(for page: Page) -> String { "" }
    var dataKey: String { "" }
    func siteBlock(_ linker: Linker) -> [String: Any] { [:] }
    func context(for page: PageContext) -> [String: Any] { [:] }
    func rowValues(for entry: Int, _ page: PageContext) -> [String: Any] { [:] }
    func entryBody(_ html: String, of entry: Int, _ page: PageContext) -> String { html }
    mutating func planData(_ planning: DataPlanning) async -> Set<Int> { [] }
    mutating func makeData(_ view: JournalView, _ making: DataMaking) async throws -> DataFiles { DataFiles() }
    func forPages() -> any Feature { self }
}

enum Features {
    /// Every feature, in the order the pipeline walks them. Adding a capability is a folder
    /// under `Features/` and a line here.
    static let all: [any Feature.Type] = [Photos.self, FirstLineTitles.self, Redirects.self, Journals.self, Weather.self, Quotes.self, Search.self, Places.self, Memories.self, YearCalendars.self, Stats.self, Writers.self, Feeds.self, Private.self, Shares.self]

    /// Loads every feature beside each other.
    static func load(_ input: FeatureInput) async -> (features: [any Feature], problems: [Diagnostic]) {
        await withTaskGroup(of: (Int, any Feature, [Diagnostic]).self) { group in
            for (position, kind) in all.enumerated() {
                group.addTask {
                    let (feature, problems) = await kind.load(input)
                    return (position, feature, problems)
                }
            }
            var loaded: [(Int, any Feature, [Diagnostic])] = []
            for await item in group { loaded.append(item) }
            loaded.sort { $0.0 < $1.0 }
            return (loaded.map(\.1), loaded.flatMap(\.2))
        }
    }

    /// The features of an encrypted edition: those that load the same for every edition taken
    /// from `loaded` (the public pass's, before assembly), the others loaded for `input`.
    static func load(_ input: FeatureInput, reusing loaded: [any Feature]) async -> (features: [any Feature], problems: [Diagnostic]) {
        await withTaskGroup(of: (Int, any Feature, [Diagnostic]).self) { group in
            for (position, kind) in all.enumerated() {
                if !kind.loadsPerEdition, position < loaded.count, type(of: loaded[position]) == kind { continue }
                group.addTask {
                    let (feature, problems) = await kind.load(input)
                    return (position, feature, problems)
                }
            }
            var features = loaded
            var problems: [(Int, [Diagnostic])] = []
            for await (position, feature, found) in group {
                if position < features.count { features[position] = feature } else { features.append(feature) }
                problems.append((position, found))
            }
            return (features, problems.sorted { $0.0 < $1.0 }.flatMap(\.1))
        }
    }

    /// Has every feature add its part to `journal`: first those that change its entries, in
    /// order; then the others side by side, each on its own copy (a copy shares the entries),
    /// and what each adds to `derived` is gathered in the order of `all`. A large journal's
    /// places, memories and calendars took turns on one core.
    static func assemble(_ features: inout [any Feature], _ journal: inout Journal) async {
        var others: [Int] = []
        for index in features.indices {
            if type(of: features[index]).changesEntries { features[index].assemble(&journal) } else { others.append(index) }
        }
        let base = journal
        let assembled = await withTaskGroup(of: (Int, any Feature, [String: any Sendable]).self) { group in
            for index in others {
                group.addTask { [feature = features[index]] in
                    var (feature, copy) = (feature, base)
                    feature.assemble(&copy)
                    return (index, feature, copy.derived.filter { base.derived[$0.key] == nil })
                }
            }
            var results: [(Int, any Feature, [String: any Sendable])] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }
        }
        for (index, feature, added) in assembled {
            features[index] = feature
            journal.derived.merge(added) { _, new in new }
        }
    }

    /// The features' parts of a key as one: those that add something, apart.
    static func joinedKeys(_ parts: [String]) -> String {
        parts.filter { !$0.isEmpty }.joined(separator: "\u{0}")
    }

    /// The feature that reads settings key `key`, if one does.
    static func reading(_ key: String) -> (any Feature.Type)? {
        all.first { $0.settingsKeys.contains(key) }
    }
}
