import Foundation
import Yams

/// Full-text search: an index of every entry in small JSON files under `search/`, read by
/// `search.js` in the reader's browser. Record files are keyed by the entries they show, like
/// pages, so an incremental build makes only those whose entries changed; an entry is tokenized
/// again only when its file changed (`SearchCache`).
struct Search: Feature {
    var isOn: Bool
    /// Whether this build may save the search cache (a writing build).
    var savesCache: Bool
    /// The public site's cache, or an edition's.
    var cache = SearchCache.file
    /// The reading of the search cache, started at load so it runs beside the entries' reading.
    var cacheRead: Task<(documents: SearchDocuments, origin: SearchCache.Origin)?, Never>?
    /// The preview's documents between its builds, instead of the cache on disk.
    var memory: SearchMemory?
    /// What the data stage reuses and makes; set by `planData`.
    var plan: SearchPlan?
    /// The search box's words as JSON, for `search-ui.js`'s `data-words`; set by `assemble`.
    var words = "{}"

    static let settingsKeys: Set<String> = ["search"]

    static func readSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText) -> [Diagnostic] {
        guard let on = YAML.flag(value) else {
            return [source.error("search must be true or false", line: value.mark?.line ?? 1, column: value.mark?.column ?? 1)]
        }
        settings.search = on
        return []
    }

    static func load(_ input: FeatureInput) async -> (feature: Search, problems: [Diagnostic]) {
        let on = input.settings.search, folder = input.options.cacheFolder, key = Builder.parseKey(input.settings)
        let cache = SearchCache.file(edition: input.edition), memory = input.searchMemory
        let read = on && input.readsCache ? Task {
            if let memory, let remembered = await memory.documents(of: cache, parseKey: key) { return Optional(remembered) }
            return SearchCache.read(folder: folder, parseKey: key, file: cache)
        } : nil
        return (Search(isOn: on, savesCache: input.options.writes, cache: cache, cacheRead: read, memory: memory), [])
    }

    /// `site.search.index`, the index folder from the page, for `search.js`; false when off.
    func siteBlock(_ linker: Linker) -> [String: Any] {
        ["search": isOn ? ["index": linker.root + SearchIndex.folder, "ui_words": words] as [String: Any] : false]
    }

    mutating func assemble(_ journal: inout Journal) {
        words = Self.words(journal.words)
    }

    /// The words `search-ui.js` shows, with the entry count's plural forms.
    static func words(_ words: Words) -> String {
        var json = JSONWriter()
        json.object { json in
            for (name, key) in [("placeholder", "search_placeholder"), ("label", "search_label"), ("results", "search_results"),
                                ("more", "search_more"), ("none", "search_none"), ("failed", "search_failed"),
                                ("place", "search_place"), ("rated", "rated"), ("comma", "comma")] {
                json.field(name) { $0.string(words.text(key)) }
            }
            json.field("count") { json in
                json.object { json in
                    for (category, form) in words.forms("entries_count").sorted(by: { $0.key < $1.key }) {
                        json.field(category) { $0.string(form) }
                    }
                }
            }
        }
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// The pages show only the search box: not the plan with its documents (all of the
    /// journal's words), which `makeData` lets go of as it makes the index.
    func forPages() -> any Feature {
        var pages = self
        pages.plan = nil
        return pages
    }

    /// Keeps the record files the last build left as they would be made now, and returns the
    /// entries of the others, and those to tokenize, which need their bodies.
    mutating func planData(_ planning: DataPlanning) async -> Set<Int> {
        guard isOn else { return [] }
        var plan = SearchPlan(journal: planning.journal, keys: planning.keys, cached: await cacheRead?.value)
        cacheRead = nil
        if let kept = planning.kept {
            plan.records = Set(plan.recordKeys.indices.filter { !kept(SearchIndex.recordPath($0), plan.recordKeys[$0]) })
        }
        self.plan = plan
        return plan.recordEntries.union(plan.untokenized)
    }

    mutating func makeData(_ view: JournalView, _ making: DataMaking) async throws -> DataFiles {
        guard isOn, var plan else { return DataFiles() }
        self.plan = nil
        making.progress(BuildProgress(stage: "Indexing for search", done: 0, total: view.journal.entries.count))
        plan.added = Array(Set(plan.untokenized.map { plan.keys[$0] }))
        let index = try await SearchIndex.build(view, documents: &plan.documents, keys: plan.keys, records: plan.records,
                                                recordKeys: plan.recordKeys, stamp: plan.stamp, emit: making.emit, jobs: making.jobs)
        // The documents are saved while the pages render.
        guard savesCache else { return DataFiles(files: index.files, paths: index.paths) }
        let saved = Task { [plan, cache, folder = making.cacheFolder, settings = view.journal.settings] in
            plan.save(folder: folder, settings: settings, file: cache)
        }
        memory?.remember(cache, saved)
        return DataFiles(files: index.files, paths: index.paths, saving: Task { _ = await saved.value })
    }
}
