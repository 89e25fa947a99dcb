import Foundation
import Synchronization

/// What the write stage leaves for the save stage.
struct Written: Sendable {
    /// Every file of the output, with its key and the size and time it had when written.
    var records: [String: BuildCache.OutputRecord] = [:]
    var pageCount = 0
    var sealedPageCount = 0
    var sealedRenderedCount = 0
    var readerKeysDerived = 0
    var editionsOpened = 0
    /// The encrypted editions as sealed, for the next build of this process (`remembersEditions`).
    var editions: [String: RememberedEdition] = [:]
    var warnings: [Diagnostic] = []
    /// What changed since the last build's output.
    var changes = BuildReport.OutputChanges()
    /// The saving of the build cache and of the features' caches, under way; it gives the cache
    /// as the next build would load it.
    var saving: Task<BuildCache?, Never>?
}

extension Build {
    /// The write stage: one path for every build. Against the last build's records (none on a
    /// first build, with `--no-cache`, or when they cannot be trusted, so everything is made) it
    /// works out which pages and files changed, has the features make their data, renders, and
    /// hands the files to a sink: a new folder swapped in, the last output updated in place, or
    /// nothing for `check`.
    /// Returns the stage too, for the caller to let go of when it suits it (see `Build.free`).
    mutating func write(_ loaded: Loaded, outputStats: [String: FileStat?]?) async throws -> (Written, WriteStage) {
        var stage = try await WriteStage(loaded, options: options, outputStats: outputStats, trustingOutput: memory != nil)
        // The last packs of a private journal's editions, opening since the load stage made its plan.
        let opening = loaded.privacy.map { plan in
            stage.last.isEmpty ? Task { OpenedEditions.none(plan) }
                : loaded.openingEditions ?? OpenedEditions.opening(plan, output: stage.output, remembered: memory?.editions ?? [:])
        }
        // The features plan their data while the pages are compared.
        let comparing = stage
        async let compared = comparing.comparedPages()
        let needs = try await stage.planData()
        stage.keep(try await compared)
        timer.lap("compare with the last build")
        let view = stage.view(needing: needs)
        timer.lap("bodies and views")
        let sink = try stage.sink()
        do {
            // The bodies of a build from scratch go to the body store while the pages render; an
            // update stores its few with the cache, and leaves both cores to its pages.
            let storing = stage.last.isEmpty ? stage.startStoringBodies() : nil
            try await stage.makeDataAndPages(view, sink: sink, progress: progress)
            try stage.copyStatic(to: sink)
            try Task.checkCancellation()
            timer.lap(stage.last.isEmpty ? "render and write" : "render \(stage.toRender.count) of \(stage.pages.count) pages")
            if let plan = loaded.privacy, let opening {
                try await stage.makeEditions(plan, opening: opening, sink: sink, progress: progress)
                timer.lap("encrypted editions: render \(stage.sealedRendered) of \(stage.sealedPages) pages, derive \(stage.derivedReaderKeys) reader keys")
            }
            try await stage.makeShares(loaded.privacy, sink: sink)
            let current = stage.currentFiles
            let result = try sink.finish(current: current, removed: stage.removed(current: current))
            var written = Written(pageCount: stage.pages.count, sealedPageCount: stage.sealedPages,
                                  sealedRenderedCount: stage.sealedRendered, readerKeysDerived: stage.derivedReaderKeys,
                                  warnings: result.warnings)
            written.changes = stage.changes(removed: result.removed)
            written.editions = stage.sealedEditions
            written.editionsOpened = stage.openedEditions
            if options.writes {
                written.records = try await stage.records()
                written.saving = stage.save(written.records, removed: result.removed, storing: storing)
            }
            timer.lap(result.updated.map { "write \($0), remove \(result.removed.count)" } ?? "static and swap")
            return (written, stage)
        } catch {
            sink.discard()
            throw error
        }
    }
}

/// The state of one write stage, from the comparison with the last build to the records.
struct WriteStage: Sendable {
    let loaded: Loaded
    let options: BuildOptions
    let output: URL
    let pages: [Page]
    /// Each page's file, in the order of `pages`.
    let pagePaths: [String]
    let keys: PageKeys
    let last: LastOutput
    let renderer: SiteRenderer.Assets
    /// The pages to render, with their files and keys.
    private(set) var toRender: [(page: Page, path: String, key: [UInt8])] = []
    /// The records carried over from the last build: files it left as this build would make them.
    var kept: [String: BuildCache.OutputRecord] = [:]
    /// The files this build makes, with their keys (pages, data, assets, static files).
    let made = Collected<(path: String, key: [UInt8])>()
    var features: [any Feature]
    /// The data files' paths, and the savings of the features' caches.
    var dataPaths: [String] = []
    var dataSavings: [Task<Void, Never>] = []
    var dataUnchanged = false
    /// The files of a private journal's editions, key file and unlock pages (`Features/Private`).
    var privatePaths: [String] = []
    /// The pages of every encrypted edition, for the summary.
    var sealedPages = 0
    var sealedRendered = 0
    /// Readers whose keys the key file derived anew (PBKDF2), not taken from the last one.
    var derivedReaderKeys = 0
    /// The editions this build sealed, for the next build of this process (`BuildMemory`).
    var sealedEditions: [String: RememberedEdition] = [:]
    var openedEditions = 0
    /// A whole-private journal publishes no page and no data of its own: all are in its editions.
    var publishesNothing: Bool { loaded.privacy?.settings.wholeJournal == true }

    /// - Parameters:
    ///   - trustingOutput: take the last output's files as its records say (`BuildMemory`).
    ///   - given: the last output to compare with, instead of the cache's (an edition's, `PreviousEdition`).
    init(_ loaded: Loaded, options: BuildOptions, outputStats: [String: FileStat?]?, trustingOutput: Bool = false,
         last given: LastOutput? = nil) async throws {
        self.loaded = loaded
        self.options = options
        let journal = loaded.journal
        output = options.writtenOutput
        pages = loaded.privacy?.settings.wholeJournal == true ? [] : Page.all(for: journal)
        pagePaths = pages.map { Page.outputFile(for: $0.sitePath(in: journal)) }
        features = loaded.features
        renderer = SiteRenderer.Assets(loaded.templates)
        try Self.checkStaticClashes(loaded, pagePaths: pagePaths)
        // Labelled as `PageKeys` takes them: unlabelled, the whole table was converted, key by key.
        // None for a journal without entries: a whole-private journal's public one, on every save.
        let files = journal.entries.isEmpty ? [:]
            : Dictionary(loaded.entries.map { ($0.path, (hash: $0.hash, listKey: $0.listKey)) }, uniquingKeysWith: { a, _ in a })
        keys = try await PageKeys(journal: journal, files: files,
                                  siteKey: Builder.siteKey(journal, templates: loaded.templates, features: loaded.features),
                                  features: loaded.features, jobs: options.jobs)
        if let given {
            last = given
        } else {
            last = try await LastOutput(cache: loaded.cache, output: output, journal: options.journal, known: outputStats,
                                        trusting: trustingOutput, jobs: options.jobs)
        }
    }

    /// A static file may not take the address of a page.
    private static func checkStaticClashes(_ loaded: Loaded, pagePaths: [String]) throws {
        let generated = loaded.files.statics.isEmpty ? [] : Set(pagePaths)
        let clashes = loaded.files.statics.filter { generated.contains($0) }
        guard clashes.isEmpty else {
            throw BuildFailure(loaded.warnings + clashes.map {
                .error("static/\($0) would replace a page Daybook generates; rename or move it", at: SourceLocation(file: "static/\($0)"))
            })
        }
    }

    /// The pages compared with the last build's: those to render, and the records of those it
    /// left as they would be made now.
    struct ComparedPages: Sendable {
        var toRender: [(page: Page, path: String, key: [UInt8])] = []
        var kept: [String: BuildCache.OutputRecord] = [:]
    }

    /// Keys every page and compares it with the last build's. Keyed and compared in parallel, in
    /// many chunks: a few pages (the tags of thousands of entries) cost more than all others.
    func comparedPages() async throws -> ComparedPages {
        let (pages, pagePaths, keys, last) = (self.pages, self.pagePaths, self.keys, self.last)
        // The lists first: a list's key costs as much as the entries it shows, and the tags and
        // places of a large journal, coming last in page order, kept one core working alone for
        // the last 10 ms of a preview's save. The entry pages, all alike, share out evenly after.
        let order = pages.indices.filter { !pages[$0].is(EntryPage.self) } + pages.indices.filter { pages[$0].is(EntryPage.self) }
        let computed = try await parallelMap(order, jobs: options.jobs, chunksPerJob: 32) { index in
            let key = keys.key(for: pages[index])
            return (key: key, kept: last.kept(pagePaths[index], key))
        }
        var compared = [(key: [UInt8], kept: BuildCache.OutputRecord?)?](repeating: nil, count: pages.count)
        for (index, value) in zip(order, computed) { compared[index] = value }
        var result = ComparedPages()
        result.kept.reserveCapacity(last.records.count)
        for (index, value) in compared.enumerated() {
            guard let (key, old) = value else { continue }
            if let old { result.kept[pagePaths[index]] = old } else { result.toRender.append((pages[index], pagePaths[index], key)) }
        }
        return result
    }

    mutating func keep(_ compared: ComparedPages) {
        // The renderer shares the pages out by cost (`SiteRenderer.chunks`).
        toRender = compared.toRender
        var all = compared.kept
        all.merge(kept) { _, data in data }
        kept = all
    }

    /// The data files derive from every entry: made again only when an entry, a setting or a
    /// template changed since they were last made. Returns the entries the features need in full.
    mutating func planData() async throws -> Set<Int> {
        if publishesNothing { return [] }
        if last.keepsData(keys.dataKey), let cache = last.cache {
            dataUnchanged = true
            dataPaths = cache.dataPaths
            for path in dataPaths { kept[path] = last.records[path] }
            return []
        }
        let last = self.last
        var kept: (@Sendable (String, [UInt8]) -> Bool)?
        if !last.isEmpty { kept = { @Sendable path, key in last.kept(path, key) != nil } }
        let planning = DataPlanning(journal: loaded.journal, keys: keys, kept: kept)
        var needs: Set<Int> = []
        for index in features.indices { needs.formUnion(await features[index].planData(planning)) }
        return needs
    }

    /// The journal as the pages to render and the features' data need it. Lists show excerpts,
    /// kept with each parse; only an entry's own page (and the features' data) shows its body.
    func view(needing needs: Set<Int>) -> JournalView {
        let journal = loaded.journal
        guard !last.isEmpty else {
            return JournalView(journal: journal, bodies: Builder.storedBodies(journal, journal.entries.indices, loaded: loaded, loader: loaded.loader))
        }
        let shown = Set(toRender.flatMap { $0.page.entriesShown(in: journal) }).union(needs)
        let bodies = Set(toRender.compactMap(\.page.entryShownWhole)).union(needs)
        return JournalView(journal: journal, bodies: Builder.storedBodies(journal, bodies, loaded: loaded, loader: loaded.loader), needed: shown)
    }

    /// Where the files go: a staging folder on a build from scratch (whose pages' folders are made
    /// while the data files are), the last output otherwise, nowhere for `check`.
    func sink() throws -> any SiteSink {
        guard options.writes else { return DiscardSink() }
        guard last.isEmpty else {
            return UpdateSink(output: output, previous: last.records, keepingOld: options.keepsOldSite, keptIn: options.keptSiteFolder)
        }
        return try StagingSink(output: output, paths: pagePaths + renderer.files.map(\.path), keptIn: options.keptSiteFolder)
    }
}
