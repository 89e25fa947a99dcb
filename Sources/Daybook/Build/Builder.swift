import Foundation
import Synchronization

/// The build pipeline: scan, load, assemble, load templates, render, write. Each stage takes
/// values and returns values; problems are collected per stage and raised at its boundary.
/// With a cache from an earlier build, unchanged entries are not parsed again and only pages
/// whose inputs changed are rendered and written (see `PageKeys`, `BuildCache`).
public enum Builder {
    /// Everything a build knows once its input is read and checked.
    struct Loaded {
        var files: JournalFiles
        var journal: Journal
        var templates: TemplateSet
        var warnings: [Diagnostic]
        var cache: BuildCache?
        var entries: [LoadedEntry]
        var loader: EntryLoader
    }

    public static func run(_ options: BuildOptions,
                           progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) async throws(BuildFailure) -> BuildReport {
        var timer = StageTimer()
        do {
            let files = try JournalFiles.scan(options.journal)
            var fingerprint: [UInt8]?
            if options.writes && options.useCache {
                fingerprint = UpToDate.fingerprint(files, options: options, settings: SettingsLoader.load(text: files.settingsText).0)
                if let fingerprint, let last = UpToDate.load(journal: options.journal),
                   try await last.holds(files, fingerprint: fingerprint, output: options.resolvedOutput.standardizedFileURL, jobs: options.jobs) {
                    timer.lap("nothing changed")
                    var report = last.report
                    report.seconds = timer.total
                    report.output = options.resolvedOutput
                    report.stages = timer.stages
                    return report
                }
            }
            let loaded = try await load(options, files: files, timer: &timer, progress: progress)
            let pages = Page.all(for: loaded.journal)
            var output: URL?
            var written: [String: BuildCache.OutputRecord] = [:]
            if options.writes {
                written = try await write(pages: pages, loaded: loaded, options: options, timer: &timer, progress: progress)
                output = options.resolvedOutput
            } else {
                let view = JournalView(journal: loaded.journal)
                var fromScratch: SearchPlan?
                let data = try await dataFiles(view, search: &fromScratch, options: options, progress: progress)
                let renderer = SiteRenderer(view: view, templates: loaded.templates, dataFiles: data.files)
                try await renderer.render(pages, jobs: options.jobs) { _ in }
                timer.lap("render")
            }
            var report = BuildReport(entries: loaded.journal.entries.count, draftsLeftOut: loaded.journal.draftsLeftOut,
                                     pages: pages.count, seconds: timer.total, output: output, warnings: loaded.warnings.sorted())
            if let fingerprint {
                let entries = loaded.entries.compactMap { item in item.stat.map { (item.path, $0) } }
                UpToDate(fingerprint: fingerprint, savedAt: FileStat.now, entries: entries,
                         outputs: written.map { ($0.key, $0.value.stat) }, report: report).save(journal: options.journal)
                timer.lap("save state")
                report.seconds = timer.total
            }
            report.stages = timer.stages
            if !options.freesMemory { keptUntilExit.withLock { $0.append((loaded, pages)) } }
            return report
        } catch let failure as BuildFailure {
            throw failure
        } catch {
            throw BuildFailure([.error("\(error.localizedDescription)")])
        }
    }

    /// Writes the site, in full or as an update of the previous build's output, and saves the cache.
    /// Returns what was written, with the size and time each file had.
    private static func write(pages: [Page], loaded: Loaded, options: BuildOptions, timer: inout StageTimer,
                              progress: @escaping @Sendable (BuildProgress) -> Void) async throws -> [String: BuildCache.OutputRecord] {
        let journal = loaded.journal
        let output = options.resolvedOutput.standardizedFileURL
        let pagePaths = pages.map { Page.outputFile(for: $0.sitePath(in: journal)) }
        let generated = Set(pagePaths)
        let clashes = loaded.files.statics.filter { generated.contains($0) }
        if !clashes.isEmpty {
            throw BuildFailure(loaded.warnings + clashes.map {
                .error("static/\($0) would replace a page Daybook generates; rename or move it", at: SourceLocation(file: "static/\($0)"))
            })
        }
        let hashes = Dictionary(loaded.entries.map { ($0.path, $0.hash) }, uniquingKeysWith: { a, _ in a })
        let banner = QuoteBanner(journal: journal)
        let keys = PageKeys(journal: journal, contentHashes: hashes, siteKey: siteKey(journal, templates: loaded.templates, banner: banner),
                            homeKey: banner.map(\.key) ?? "")
        let staticRoot = options.journal.appendingPathComponent("static")

        var records: [String: BuildCache.OutputRecord]
        var dataPaths: [String] = []
        var search: SearchPlan?
        var searchSaved: Task<Void, Never>?
        let dataKey = keys.dataKey
        if let cache = loaded.cache, cache.outputPath == output.path, OutputFolder.isDaybookOutput(output) {
            (records, dataPaths, search) = try await update(output, pages: pages, keys: keys, hashes: hashes, loaded: loaded, previous: cache,
                                                            staticRoot: staticRoot, options: options, timer: &timer, progress: progress)
        } else {
            var journal = journal
            fillBodies(&journal, journal.entries.indices, loaded: loaded, loader: loaded.loader)
            let view = JournalView(journal: journal)
            timer.lap("views")
            let renderer = SiteRenderer(view: view, templates: loaded.templates)
            var dataKeys: [(path: String, key: [UInt8])] = []
            let folder = try OutputFolder.prepare(output)
            do {
                // The pages' folders are made (by the kernel, on one core) while the search index
                // is built (on the other).
                async let folders: Void = folder.makeFolders(for: pagePaths + renderer.assetFiles.map(\.path))
                let cached = options.useCache ? SearchCache.load(journal: options.journal, parseKey: parseKey(journal.settings)) : nil
                search = SearchPlan(loaded: loaded, keys: keys, hashes: hashes, cached: cached)
                // The index's records (all of the journal's text) are written as they are made.
                let emitted = Mutex<[(path: String, key: [UInt8])]>([])
                var data = try await dataFiles(view, search: &search, options: options, emit: { files in
                    try folder.makeFolders(for: files.map(\.path))
                    try folder.write(files)
                    emitted.withLock { $0 += files.map { ($0.path, $0.key ?? ContentHash.digest($0.bytes)) } }
                }, progress: progress)
                try await folders
                timer.lap("data files and folders")
                // Written and let go before the pages, so the index is not held while they render;
                // the search documents are saved meanwhile, and let go too.
                try folder.makeFolders(for: data.files.map(\.path))
                try folder.write(data.files)
                dataKeys = data.files.map { ($0.path, $0.key ?? ContentHash.digest($0.bytes)) } + emitted.withLock { $0 }
                let counter = Counter()
                let total = pagePaths.count + renderer.extraFiles.count + dataKeys.count
                _ = counter.add(dataKeys.count)
                dataPaths = data.paths
                data.files = []
                let plan = search, root = options.journal, settings = journal.settings
                search = nil
                searchSaved = Task { plan?.save(journal: root, settings: settings) }
                try await renderer.render(pages, jobs: options.jobs) { files in
                    try folder.write(files)
                    progress(BuildProgress(stage: "Writing pages", done: counter.add(files.count), total: total))
                }
                timer.lap("render and write")
                let problems = folder.copyStatic(from: staticRoot, files: loaded.files.statics)
                if problems.hasErrors { throw BuildFailure(loaded.warnings + problems) }
                try folder.commit()
            } catch {
                folder.discard()
                throw error
            }
            records = [:]
            for (path, key) in dataKeys { records[path] = record(key, output, path) }
            for (page, path) in zip(pages, pagePaths) { records[path] = record(keys.key(for: page), output, path) }
            for file in renderer.extraFiles { records[file.path] = record(ContentHash.digest(file.bytes), output, file.path) }
            for path in loaded.files.statics { records[path] = record(staticKey(staticRoot, path), output, path) }
            timer.lap("static and swap")
        }
        // Saved after --no-cache too: that build's output is what the next one starts from. The
        // search documents are saved at the same time, on another core.
        if searchSaved == nil {
            let plan = search, root = options.journal, settings = journal.settings
            searchSaved = Task { plan?.save(journal: root, settings: settings) }
        }
        saveCache(loaded, output: output, records: records, data: (dataKey, dataPaths), journal: options.journal)
        await searchSaved?.value
        timer.lap("save cache")
        return records
    }

    /// Renders and writes only what changed since the build that `previous` describes.
    private static func update(_ output: URL, pages: [Page], keys: PageKeys, hashes: [String: [UInt8]], loaded: Loaded,
                               previous cache: BuildCache, staticRoot: URL, options: BuildOptions, timer: inout StageTimer,
                               progress: @escaping @Sendable (BuildProgress) -> Void) async throws
        -> ([String: BuildCache.OutputRecord], [String], SearchPlan?) {
        // The search index's documents load while pages are compared with the previous build.
        let journalRoot = options.journal, settings = loaded.journal.settings
        let indexChanged = settings.search && cache.dataKey != keys.dataKey
        async let earlyDocuments = indexChanged ? SearchCache.load(journal: journalRoot, parseKey: parseKey(settings)) : nil
        let previous = cache.outputs
        var records: [String: BuildCache.OutputRecord] = [:]
        let root = output.path + "/"
        // What is on disk now of every file the previous build wrote, looked up in parallel.
        let previousPaths = Array(previous.keys)
        let outputFolder = Folder(output.path)
        let stats = Dictionary(uniqueKeysWithValues: zip(previousPaths, try await parallelMap(previousPaths, jobs: options.jobs) {
            outputFolder.stat($0, root: root)
        }))
        func unchanged(_ path: String, _ key: [UInt8]) -> Bool {
            guard let old = previous[path], old.key == key, stats[path] == old.stat else {
                return false
            }
            records[path] = old
            return true
        }
        /// Whether a file made from changed inputs came out as the one on disk.
        func onDisk(_ file: OutputFile) -> Bool {
            guard let existing = FileManager.default.contents(atPath: root + file.path) else { return false }
            return Array(existing) == file.bytes
        }
        var toRender: [(Page, [UInt8])] = []
        let journal = loaded.journal
        let pageKeys = try await parallelMap(pages, jobs: options.jobs) { (Page.outputFile(for: $0.sitePath(in: journal)), keys.key(for: $0)) }
        for (page, (path, key)) in zip(pages, pageKeys) where !unchanged(path, key) { toRender.append((page, key)) }
        timer.lap("compare with the last build")
        var shown = Set(toRender.flatMap { $0.0.entriesShown(in: loaded.journal) })
        var bodies = shown
        // Data files (the search index) derive from every entry: made again only when an entry,
        // a setting or a template changed since they were last made, and then only the record
        // files whose entries changed, tokenizing only entries whose file changed.
        let dataUnchanged = cache.dataKey == keys.dataKey && cache.dataPaths.allSatisfy { path in
            previous[path].map { stats[path] == $0.stat } == true
        }
        var search: SearchPlan?
        if dataUnchanged {
            for path in cache.dataPaths { records[path] = previous[path] }
        } else if loaded.journal.settings.search {
            let cached = indexChanged ? await earlyDocuments : SearchCache.load(journal: journalRoot, parseKey: parseKey(settings))
            var plan = SearchPlan(loaded: loaded, keys: keys, hashes: hashes, cached: cached)
            plan.records = Set(plan.recordKeys.indices.filter { number in
                !unchanged(SearchIndex.folder + ScriptWrappedJSON().fileName("r/\(number)"), plan.recordKeys[number])
            })
            shown.formUnion(plan.recordEntries)
            bodies.formUnion(plan.recordEntries.union(plan.untokenized))
            search = plan
        }
        var filled = journal
        fillBodies(&filled, bodies, loaded: loaded, loader: loaded.loader)
        let view = JournalView(journal: filled, needed: shown)
        timer.lap("bodies and views")
        var data: [OutputFile] = []
        var dataPaths = cache.dataPaths
        if !dataUnchanged {
            (data, dataPaths) = try await dataFiles(view, search: &search, options: options, progress: progress)
            timer.lap("data files")
        }
        let renderer = SiteRenderer(view: view, templates: loaded.templates, dataFiles: data)
        var changed: [OutputFile] = []
        for file in renderer.extraFiles {
            let key = file.key ?? ContentHash.digest(file.bytes)
            if unchanged(file.path, key) { continue }
            if file.key != nil && onDisk(file) {
                records[file.path] = record(key, output, file.path)
            } else {
                changed.append(file)
            }
        }
        var copies: [(source: URL, path: String)] = []
        for path in loaded.files.statics where !unchanged(path, staticKey(staticRoot, path)) {
            copies.append((staticRoot.appendingPathComponent(path), path))
        }
        timer.lap("plan")
        let rendered = try await renderer.renderPages(toRender.map(\.0), jobs: options.jobs)
        // A page whose inputs changed may still come out the same (an edit to a neighbour's body):
        // compare with the file on disk and leave it alone when equal.
        for file in rendered where !onDisk(file) { changed.append(file) }
        timer.lap("render \(toRender.count) of \(pages.count) pages")
        let current = Set(pages.map { Page.outputFile(for: $0.sitePath(in: loaded.journal)) })
            .union(renderer.extraFiles.map(\.path)).union(loaded.files.statics).union(dataPaths)
        let removed = previous.keys.filter { !current.contains($0) }.sorted()
        try SiteUpdate(output: output).apply(changed: changed, copies: copies, removed: removed)
        for (page, key) in toRender {
            let path = Page.outputFile(for: page.sitePath(in: loaded.journal))
            records[path] = record(key, output, path)
        }
        for file in changed where records[file.path] == nil {
            records[file.path] = record(file.key ?? ContentHash.digest(file.bytes), output, file.path)
        }
        for copy in copies { records[copy.path] = record(staticKey(staticRoot, copy.path), output, copy.path) }
        timer.lap("write \(changed.count + copies.count), remove \(removed.count)")
        return (records, dataPaths, search)
    }

    private static func record(_ key: [UInt8], _ output: URL, _ path: String) -> BuildCache.OutputRecord? {
        FileStat(path: output.path + "/" + path).map { BuildCache.OutputRecord(key: key, stat: $0) }
    }

    /// A static file is copied again when its size or time changes.
    private static func staticKey(_ root: URL, _ path: String) -> [UInt8] {
        let stat = FileStat(path: root.appendingPathComponent(path).path) ?? FileStat(size: -1, modified: 0)
        return ContentHash.digest(parts: [Array("\(stat.size) \(stat.modified)".utf8)])
    }

    private static func saveCache(_ loaded: Loaded, output: URL, records: [String: BuildCache.OutputRecord],
                                  data: (key: [UInt8], paths: [String]), journal: URL) {
        // Nothing to learn from a build that changed nothing: rewriting the cache would cost more
        // than the whole rebuild.
        if let previous = loaded.cache, previous.outputPath == output.path, previous.outputs == records,
           previous.dataKey == data.key, previous.dataPaths == data.paths,
           previous.entries.count == loaded.entries.count,
           loaded.entries.allSatisfy({ $0.entry != nil && $0.stat != nil && previous.entries[$0.path]?.stat == $0.stat }) {
            return
        }
        var cache = BuildCache(parseKey: parseKey(loaded.journal.settings))
        cache.savedAt = FileStat.now
        let items = loaded.entries.filter { $0.entry != nil && $0.stat != nil }
        guard let bodies = storeBodies(items, journal: journal) else { return }
        for item in items {
            guard let body = bodies[item.path] else { continue }
            cache.entries[item.path] = BuildCache.CachedEntry(stat: item.stat!, hash: item.hash, entry: item.entry!,
                                                              diagnostics: item.diagnostics, body: body)
        }
        cache.outputPath = output.path
        cache.outputs = records
        cache.dataKey = data.key
        cache.dataPaths = data.paths
        cache.save(journal: journal)
    }

    /// Appends the bodies of newly parsed entries to the body store, or writes the store anew when
    /// most of it is stale; returns where every entry's body now is.
    private static func storeBodies(_ items: [LoadedEntry], journal: URL) -> [String: BodyStore.Reference]? {
        var references: [String: BodyStore.Reference] = [:]
        var fresh: [(path: String, html: String, text: String)] = []
        for item in items {
            if let body = item.body {
                references[item.path] = body
            } else {
                fresh.append((item.path, item.entry!.html, item.entry!.plainText))
            }
        }
        let storeSize = FileStat(path: BodyStore.url(in: journal).path)?.size ?? 0
        let live = references.values.reduce(0) { $0 + $1.htmlLength + $1.textLength }
        let rewrite = storeSize == 0 || live * 2 < storeSize
        if rewrite && !references.isEmpty {
            // Carry the still-current bodies over before the file is truncated.
            let store = BodyStore.open(journal: journal) ?? Data()
            for (path, reference) in references.sorted(by: { $0.key < $1.key }) {
                if let body = BodyStore.read(reference, from: store) { fresh.append((path, body.html, body.text)) }
            }
            references = [:]
        }
        guard !fresh.isEmpty else { return references }
        try? FileManager.default.createDirectory(at: journal.appendingPathComponent(BuildCache.folder), withIntermediateDirectories: true)
        guard let written = BodyStore.write(fresh.map { ($0.html, $0.text) }, journal: journal, rewrite: rewrite) else {
            return nil
        }
        for (body, reference) in zip(fresh, written) { references[body.path] = reference }
        return references
    }

    /// Every stage up to the rendered site: what `check` validates. Throws with every problem
    /// found, errors and warnings together, when any is an error.
    static func load(_ options: BuildOptions, files scanned: JournalFiles? = nil, timer: inout StageTimer,
                     progress: @escaping @Sendable (BuildProgress) -> Void) async throws -> Loaded {
        let files = try scanned ?? JournalFiles.scan(options.journal)
        var (settings, diagnostics) = SettingsLoader.load(text: files.settingsText)
        if let baseURL = options.baseURL { settings.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }
        settings.includeDrafts = options.includeDrafts
        // Quotes load (and may be fetched) while the entries are read.
        async let quotes = loadQuotes(options, files: files, settings: settings)
        if !FileManager.default.fileExists(atPath: options.journal.appendingPathComponent("entries").path) {
            diagnostics.append(.warning("no entries/ folder; the site will have no entries", at: nil))
        }
        let cache = options.useCache && options.writes ? BuildCache.load(journal: options.journal, parseKey: parseKey(settings)) : nil
        timer.lap(cache == nil ? "scan" : "scan and read cache")

        let loader = EntryLoader(dates: DateParser(timeZone: TimeZone(identifier: settings.timeZone) ?? .gmt), rawHTML: settings.rawHTML)
        progress(BuildProgress(stage: "Reading entries", done: 0, total: files.entries.count))
        let entries = try await loadEntries(files, loader: loader, cache: cache, jobs: options.jobs)
        diagnostics += entries.flatMap(\.diagnostics)
        timer.lap("read and parse entries")
        var (journal, linkProblems) = JournalAssembler.assemble(entries.compactMap(\.entry), settings: settings)
        diagnostics += linkProblems
        let (quoteList, quoteProblems) = await quotes
        journal.quotes = quoteList
        diagnostics += quoteProblems
        timer.lap("assemble")

        var overrides: [String: [UInt8]] = [:]
        for name in files.templates { overrides[name] = files.bytes(of: "templates/\(name)") }
        let (templates, templateProblems) = TemplateSet.load(overrides: overrides)
        diagnostics += templateProblems
        timer.lap("templates")

        guard let templates, !diagnostics.hasErrors else { throw BuildFailure(diagnostics) }
        return Loaded(files: files, journal: journal, templates: templates, warnings: diagnostics, cache: cache,
                      entries: entries, loader: loader)
    }
}

/// The data of builds run with `freesMemory` false, never freed: the process is about to end.
private let keptUntilExit = Mutex<[any Sendable]>([])

/// A thread-safe running total for progress reports.
final class Counter: Sendable {
    private let value = Mutex(0)
    func add(_ amount: Int) -> Int { value.withLock { $0 += amount; return $0 } }
}
