import Foundation

/// The build pipeline. Its stages, in order (`Build.run`):
///
/// 1. scan: find the journal's files (`JournalFiles`);
/// 2. up to date: when nothing changed since the last build, stop (`UpToDate`);
/// 3. load: settings, features, entries (parsed or from the cache), the journal, templates;
/// 4. write: keys, what changed, the features' data, render, emit (`Builder+Write`);
/// 5. save: the cache and the state the next build starts from.
///
/// Each stage takes values and returns values; problems are collected per stage and raised at
/// its boundary. `check` runs every stage with a sink that writes nothing.
public enum Builder {
    /// - Parameters:
    ///   - memory: what the last build of this process left (`BuildReport.memory`), to continue
    ///     from without reading it back from disk; see `BuildMemory` for when that is right.
    ///   - changed: with `memory`, the journal's files (relative paths) that changed since that
    ///     build scanned the journal, when a watcher knows: the folders are then not walked again
    ///     unless a file came or went, and only these entry files are looked at. Nil: look at all.
    public static func run(_ options: BuildOptions, continuing memory: BuildMemory? = nil, changed: Set<String>? = nil,
                           progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) async throws(BuildFailure) -> BuildReport {
        if options.writes, let problem = options.outputPlacementProblem { throw BuildFailure([problem]) }
        // One writing build of a journal at a time, held until this returns (see `BuildLock`).
        let lock = options.writes ? await BuildLock.acquire(journal: options.journal) {
            progress(BuildProgress(stage: "Waiting for another build of this journal to finish", done: 0, total: 0))
        } : nil
        defer { withExtendedLifetime(lock) {} }
        // What a build stopped part way left beside the output goes before anything looks at it.
        if options.writes { SiteSwap(output: options.writtenOutput, keptIn: options.keptSiteFolder).recover(keepingOld: options.keepsOldSite) }
        do {
            let memory = memory.flatMap { $0.fits(options) ? $0 : nil }
            var build = Build(options: options, memory: memory, changed: memory == nil ? nil : changed, progress: progress)
            return try await build.run()
        } catch let failure as BuildFailure {
            throw failure
        } catch is CancellationError {
            throw BuildFailure([.error(options.writes ? "stopped; the output folder is as the last build left it" : "stopped")])
        } catch {
            throw BuildFailure([.error(describe(error, output: options.writes ? options.resolvedOutput.path : nil))])
        }
    }

    /// A file system error as a user can act on it: with the path it is about (Foundation's
    /// "The volume is read only." names none), or else the output folder being written.
    static func describe(_ error: any Error, output: String?) -> String {
        let path = (error as? CocoaError)?.filePath ?? (error as NSError).userInfo[NSFilePathErrorKey] as? String ?? output
        return path.map { "\($0): \(error.localizedDescription)" } ?? error.localizedDescription
    }
}

/// One run of the pipeline: its options, its progress reports and its stage timer.
struct Build {
    let options: BuildOptions
    /// The last build's state and cache, kept in memory by the process (`BuildMemory`).
    let memory: BuildMemory?
    /// With `memory`, the files a watcher saw change since that build's scan (see `Builder.run`).
    let changed: Set<String>?
    let progress: @Sendable (BuildProgress) -> Void
    var timer = StageTimer()

    init(options: BuildOptions, memory: BuildMemory? = nil, changed: Set<String>? = nil,
         progress: @escaping @Sendable (BuildProgress) -> Void) {
        self.options = options
        self.memory = memory
        self.changed = changed
        self.progress = progress
    }

    mutating func run() async throws -> BuildReport {
        // The last build's state is read while the journal is scanned.
        let lastState = options.writes && options.useCache
            ? Task { [folder = options.cacheFolder, memory] in memory.map(\.state) ?? UpToDate.load(folder: folder) } : nil
        let continued = continuedScan()
        let files = try continued ?? JournalFiles.scan(options.journal, entriesFolder: options.entriesFolder)
        let last = try await upToDate(files, lastState: lastState)
        if var report = last.report {
            report.sectionFilesSkipped = files.sectionFiles
            report.memory = memory  // still what the disk holds
            return report
        }
        // The entry files that named photos last time and those changed since: the photo scan
        // reads those, as the watcher or the state tells them.
        let photoScan = continued == nil ? last.photoScan : memory?.photoCandidates.map { ($0, changed ?? []) }
        let loaded = try await load(files, cacheRead: last.cacheRead, entryStats: last.observed?.entryStats, lastPhotoScan: photoScan)
        // A cancelled build (Ctrl-C in the CLI) stops between stages, and at the latest just
        // before its new site would take the old one's place (`SiteSwap.swapIn`).
        try Task.checkCancellation()
        let (written, stage) = try await write(loaded, outputStats: memory == nil ? last.observed?.outputStats : nil)
        let privateEntries = loaded.privacy?.privateCount ?? 0
        var report = BuildReport(entries: loaded.journal.entries.count + privateEntries, draftsLeftOut: loaded.journal.draftsLeftOut,
                                 pages: written.pageCount, seconds: timer.total, output: options.writes ? options.resolvedOutput : nil,
                                 warnings: (loaded.warnings + written.warnings).sorted())
        report.sectionFilesSkipped = files.sectionFiles
        report.outputChanges = written.changes
        // The fingerprint holds the secrets' keyed fingerprint, so a private journal is up to date too.
        if options.writes { await save(loaded, written, fingerprint: last.fingerprint, report: &report) }
        report.privateEntries = privateEntries
        report.encryptedPages = written.sealedPageCount
        report.encryptedPagesRendered = written.sealedRenderedCount
        report.readerKeysDerived = written.readerKeysDerived
        report.editionsOpened = written.editionsOpened
        report.entryFilesScannedForPhotos = loaded.photos?.library.filesScanned ?? 0
        report.editions = loaded.privacy?.editions.count ?? 0
        report.stages = timer.stages
        free((loaded, stage, written))
        return report
    }

    /// The last build's files, when the changes a watcher saw added or removed none.
    private func continuedScan() -> JournalFiles? {
        guard let changed, let files = memory?.files else { return nil }
        return files.updated(changed: changed, entriesFolder: options.entriesFolder)
    }

    /// What the last build left to compare with: when nothing changed since, its report.
    struct LastBuild {
        var report: BuildReport?
        var fingerprint: [UInt8]?
        var observed: UpToDate.Observation?
        /// The reading of the build cache, once the entry files were found changed.
        var cacheRead: Task<BuildCache?, Never>?
        /// The entry files the last build's photo scan found naming photos, and those changed
        /// since (`FeatureInput.lastPhotoScan`), when the state knows both.
        var photoScan: (candidates: Set<String>, changed: Set<String>)?
    }

    /// Compares the journal and the output with the state the last build saved. The build cache
    /// (7 MB for 10,000 entries) is read beside the rest of the check once the entry files are
    /// found changed; when they are not, the build is most likely a no-op, which reading it on the
    /// other core would slow by half.
    mutating func upToDate(_ files: JournalFiles, lastState: Task<UpToDate?, Never>?) async throws -> LastBuild {
        var last = LastBuild()
        guard let lastState else { return last }
        let readCache = { [folder = options.cacheFolder, memory] in
            Task { if let memory, let cache = await memory.cache { cache } else { BuildCache.load(folder: folder) } }
        }
        last.fingerprint = UpToDate.fingerprint(files, options: options, settings: Settings.load(root: files.root, text: files.settingsText).0)
        if let fingerprint = last.fingerprint, let state = await lastState.value {
            var cacheRead: Task<BuildCache?, Never>?
            let seen = try await state.observe(files, fingerprint: fingerprint, output: options.writtenOutput, jobs: options.jobs,
                                               trustingOutput: memory != nil, changed: changed) { entriesHold in if !entriesHold { cacheRead = readCache() } }
            if seen.holds {
                timer.lap("nothing changed")
                var report = state.report
                report.seconds = timer.total
                report.output = options.resolvedOutput
                report.stages = timer.stages
                last.report = report
                return last
            }
            last.observed = seen
            last.cacheRead = cacheRead
            if let candidates = state.photoCandidates, let changed = seen.changedEntries { last.photoScan = (Set(candidates), changed) }
        }
        if last.cacheRead == nil { last.cacheRead = readCache() }
        return last
    }

    /// Saves the cache and the up-to-date state for the next build; they are saved side by side.
    /// The report keeps both, as saved, for a next build by this process (`BuildMemory`).
    mutating func save(_ loaded: Loaded, _ written: Written, fingerprint: [UInt8]?, report: inout BuildReport) async {
        var state: UpToDate?
        if let fingerprint {
            // Built with the labels of `UpToDate`'s lists: unlabelled tuples would be converted, copying each list.
            let entries = loaded.entries.compactMap { item in item.stat.map { (path: item.path, stat: $0) } }
            state = UpToDate(fingerprint: fingerprint, savedAt: FileStat.now, entries: entries,
                             outputs: written.records.map { (path: $0.key, stat: $0.value.stat) }, report: report,
                             photoCandidates: loaded.photos.map { $0.library.candidates.sorted() })
            // A continued build's next build reads it from memory: on disk it would only serve a
            // later process taking the preview's folder as it is, which a build for another folder
            // cannot, so it is removed rather than written (megabytes, on every save of an entry).
            if memory == nil { state?.save(folder: options.cacheFolder) } else { unlink(UpToDate.url(in: options.cacheFolder).path) }
        } else {
            try? FileManager.default.removeItem(at: UpToDate.url(in: options.cacheFolder))
        }
        // A build that ends with its process waits for its cache to be on disk; the preview tells
        // its pages first, and its next build waits for the cache if it is still being saved.
        if !options.reportsBeforeSaving { _ = await written.saving?.value }
        report.memory = BuildMemory(journal: options.journal.standardizedFileURL.path,
                                    output: options.writtenOutput.standardizedFileURL.path, state: state, caching: written.saving,
                                    templates: loaded.templateFiles, files: loaded.files, editions: written.editions,
                                    photoCandidates: loaded.photos?.library.candidates, rows: loaded.rowMemory?.rows ?? [:],
                                    search: loaded.searchMemory?.saved ?? [:])
        timer.lap(fingerprint == nil ? "save cache" : "save cache and state")
        report.seconds = timer.total
    }

    /// Lets the build's data go on another thread, a little later: freeing a large journal's
    /// hundreds of thousands of values one by one takes a while, and the caller need not wait for
    /// it. A task that let go at once often did so before the caller dropped its own reference,
    /// and the caller freed it all: a tenth of a second at the end of a mixed journal's update
    /// (two editions' last packs). A build that ends with its process is gone before then.
    private func free(_ data: consuming (Loaded, WriteStage, Written)) {
        let held = Leftovers(data)
        Task.detached(priority: .background) {
            try? await Task.sleep(for: .milliseconds(200))
            withExtendedLifetime(held) {}
        }
    }
}

/// A build's data on its way to being freed (`Builder.free`).
private final class Leftovers: Sendable {
    let data: (Loaded, WriteStage, Written)
    init(_ data: consuming (Loaded, WriteStage, Written)) { self.data = data }
}
