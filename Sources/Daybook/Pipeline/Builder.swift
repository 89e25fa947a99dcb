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
        /// The reading of the search cache, started as soon as the settings are known so it runs
        /// beside the reading of the entries; nil when nothing will use it.
        var searchCache: Task<(documents: SearchDocuments, origin: SearchCache.Origin)?, Never>?
    }

    public static func run(_ options: BuildOptions,
                           progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) async throws(BuildFailure) -> BuildReport {
        if options.writes, let problem = options.outputPlacementProblem { throw BuildFailure([problem]) }
        // One writing build of a journal at a time, held until this returns (see `BuildLock`).
        let lock = options.writes ? await BuildLock.acquire(journal: options.journal) {
            progress(BuildProgress(stage: "Waiting for another build of this journal to finish", done: 0, total: 0))
        } : nil
        defer { withExtendedLifetime(lock) {} }
        var timer = StageTimer()
        // The build cache (7 MB for 10,000 entries) is read beside the rest of the up-to-date check
        // once the entry files are found changed; when they are not, the build is most likely a
        // no-op, which reading it on the other core would slow by half.
        let readCache = { [journal = options.journal] in Task { BuildCache.load(journal: journal) } }
        var cacheRead: Task<BuildCache?, Never>?
        // The last build's state is read while the journal is scanned.
        let lastState = options.writes && options.useCache ? Task { [journal = options.journal] in UpToDate.load(journal: journal) } : nil
        do {
            let files = try JournalFiles.scan(options.journal)
            var fingerprint: [UInt8]?
            var observed: UpToDate.Observation?
            if options.writes && options.useCache {
                fingerprint = UpToDate.fingerprint(files, options: options, settings: SettingsLoader.load(text: files.settingsText).0)
                if let fingerprint, let last = await lastState?.value {
                    let seen = try await last.observe(files, fingerprint: fingerprint, output: options.writtenOutput,
                                                      jobs: options.jobs) { entriesHold in if !entriesHold { cacheRead = readCache() } }
                    if seen.holds {
                        timer.lap("nothing changed")
                        var report = last.report
                        report.seconds = timer.total
                        report.output = options.resolvedOutput
                        report.stages = timer.stages
                        return report
                    }
                    observed = seen
                }
            }
            if cacheRead == nil && options.writes && options.useCache { cacheRead = readCache() }
            let loaded = try await load(options, files: files, cacheRead: cacheRead, entryStats: observed?.entryStats, timer: &timer,
                                        progress: progress)
            let pages = Page.all(for: loaded.journal)
            var output: URL?
            var written: [String: BuildCache.OutputRecord] = [:]
            var saving: Task<Void, Never>?
            var writeWarnings: [Diagnostic] = []
            if options.writes {
                (written, saving, writeWarnings) = try await write(pages: pages, loaded: loaded, options: options,
                                                                   outputStats: observed?.outputStats, timer: &timer, progress: progress)
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
                                     pages: pages.count, seconds: timer.total, output: output, warnings: (loaded.warnings + writeWarnings).sorted())
            // The state is saved while the caches are.
            if let fingerprint {
                // Built with the labels of `UpToDate`'s lists: unlabelled tuples would be converted, copying each list.
                let entries = loaded.entries.compactMap { item in item.stat.map { (path: item.path, stat: $0) } }
                UpToDate(fingerprint: fingerprint, savedAt: FileStat.now, entries: entries,
                         outputs: written.map { (path: $0.key, stat: $0.value.stat) }, report: report).save(journal: options.journal)
            }
            if let saving {
                await saving.value
                timer.lap(fingerprint == nil ? "save cache" : "save cache and state")
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

    /// Writes the site, in full or as an update of the previous build's output, and starts saving
    /// the cache. Returns what was written, with the size and time each file had, and the saving.
    private static func write(pages: [Page], loaded: Loaded, options: BuildOptions, outputStats: [String: FileStat?]?, timer: inout StageTimer,
                              progress: @escaping @Sendable (BuildProgress) -> Void) async throws
        -> (records: [String: BuildCache.OutputRecord], saving: Task<Void, Never>, warnings: [Diagnostic]) {
        let journal = loaded.journal
        let pagePaths = pages.map { Page.outputFile(for: $0.sitePath(in: journal)) }
        let generated = loaded.files.statics.isEmpty ? [] : Set(pagePaths)
        let clashes = loaded.files.statics.filter { generated.contains($0) }
        if !clashes.isEmpty {
            throw BuildFailure(loaded.warnings + clashes.map {
                .error("static/\($0) would replace a page Daybook generates; rename or move it", at: SourceLocation(file: "static/\($0)"))
            })
        }
        // Labelled as `PageKeys` takes them: unlabelled, the whole table was converted, key by key.
        let files = Dictionary(loaded.entries.map { ($0.path, (hash: $0.hash, listKey: $0.listKey)) }, uniquingKeysWith: { a, _ in a })
        let banner = QuoteBanner(journal: journal)
        let keys = try await PageKeys(journal: journal, files: files,
                                      siteKey: siteKey(journal, templates: loaded.templates, banner: banner), homeKey: banner.map(\.key) ?? "",
                                      jobs: options.jobs)
        let site = SiteWrite(output: options.writtenOutput, pages: pages, pagePaths: pagePaths, keys: keys,
                             loaded: loaded, staticRoot: options.journal.appendingPathComponent("static"), options: options,
                             outputStats: outputStats)
        let written: Written
        if let cache = loaded.cache, cache.outputPath == BuildCache.outputPath(site.output, journal: options.journal), OutputFolder.isDaybookOutput(site.output) {
            written = try await update(site, previous: cache, timer: &timer, progress: progress)
        } else {
            written = try await writeAll(site, timer: &timer, progress: progress)
        }
        // Saved after --no-cache too: that build's output is what the next one starts from. The
        // search documents are saved at the same time, on another core.
        let saving = Task { [written, dataKey = keys.dataKey, journal = options.journal] in
            await saveCache(loaded, output: site.output, records: written.records, data: (dataKey, written.dataPaths),
                            journal: journal, storing: written.bodiesStored, outputChanges: written.outputChanges)
            await written.searchSaved?.value
        }
        return (written.records, saving, written.warnings)
    }

    /// What both ways of writing a site start from.
    struct SiteWrite: Sendable {
        let output: URL
        let pages: [Page]
        /// Each page's file, in the order of `pages`.
        let pagePaths: [String]
        let keys: PageKeys
        let loaded: Loaded
        let staticRoot: URL
        let options: BuildOptions
        /// The size and time of the last build's files, when the up-to-date check looked already.
        let outputStats: [String: FileStat?]?
    }

    /// What writing a site leaves for the cache: every file written or kept, with its key, size and
    /// time; the data files' paths; the saving of the search documents, if under way.
    struct Written: Sendable {
        var records: [String: BuildCache.OutputRecord]
        var dataPaths: [String]
        var searchSaved: Task<Void, Never>?
        /// The storing of the entries' bodies, when a full build started it early.
        var bodiesStored: Task<[BodyStore.Reference?]?, Never>?
        /// When the site was updated from the previous build's records: the files whose records
        /// were set anew (the others are carried over) and those removed. What the cache's log
        /// must say of the outputs, known without comparing every record.
        var outputChanges: (renewed: [String], removed: [String])?
        /// What writing found to warn of (files of the user's kept from an unlisted old output).
        var warnings: [Diagnostic] = []
    }

    /// Starts saving the search documents of `plan` on another task.
    static func saveSearch(_ plan: SearchPlan?, options: BuildOptions, settings: Settings) -> Task<Void, Never>? {
        guard let plan else { return nil }
        let root = options.journal
        return Task { plan.save(journal: root, settings: settings) }
    }

    /// Every stage up to the rendered site: what `check` validates. Throws with every problem
    /// found, errors and warnings together, when any is an error.
    /// - Parameter cacheRead: the reading of the build cache, when the caller started it; else it
    ///   is read here (when the options use it).
    static func load(_ options: BuildOptions, files scanned: JournalFiles? = nil, cacheRead: Task<BuildCache?, Never>? = nil,
                     entryStats: [FileStat?]? = nil, timer: inout StageTimer,
                     progress: @escaping @Sendable (BuildProgress) -> Void) async throws -> Loaded {
        let files = try scanned ?? JournalFiles.scan(options.journal)
        var (settings, diagnostics) = SettingsLoader.load(text: files.settingsText)
        if let baseURL = options.baseURL { settings.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }
        settings.includeDrafts = options.includeDrafts
        // The search cache is read while the build cache and the entries are.
        let key = parseKey(settings), journalRoot = options.journal, searchOn = settings.search
        let searchCache = options.useCache && options.writes && searchOn
            ? Task { SearchCache.read(journal: journalRoot, parseKey: key) } : nil
        // Quotes load (and may be fetched) while the entries are read.
        async let quotes = loadQuotes(options, files: files, settings: settings)
        if !FileManager.default.fileExists(atPath: options.journal.appendingPathComponent("entries").path) {
            diagnostics.append(.warning("no entries/ folder; the site will have no entries", at: nil))
        }
        var read: BuildCache?
        if options.useCache && options.writes { read = if let cacheRead { await cacheRead.value } else { BuildCache.load(journal: options.journal) } }
        let cache = read?.parseKey == key ? read : nil
        timer.lap(cache == nil ? "scan" : "scan and read cache")

        let loader = EntryLoader(dates: DateParser(timeZone: TimeZone(identifier: settings.timeZone) ?? .gmt), rawHTML: settings.rawHTML)
        progress(BuildProgress(stage: "Reading entries", done: 0, total: files.entries.count))
        let entries = try await loadEntries(files, loader: loader, cache: cache, stats: entryStats, jobs: options.jobs)
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
                      entries: entries, loader: loader, searchCache: searchCache)
    }
}

/// The data of builds run with `freesMemory` false, never freed: the process is about to end.
private let keptUntilExit = Mutex<[any Sendable]>([])

/// A thread-safe running total for progress reports.
final class Counter: Sendable {
    private let value = Mutex(0)
    func add(_ amount: Int) -> Int { value.withLock { $0 += amount; return $0 } }
}
