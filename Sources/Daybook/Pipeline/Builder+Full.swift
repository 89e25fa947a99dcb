import Foundation
import Synchronization

extension Builder {
    /// Writes the whole site into a staging folder and swaps it in: the first build, or one whose
    /// cache cannot be trusted.
    static func writeAll(_ site: SiteWrite, timer: inout StageTimer,
                         progress: @escaping @Sendable (BuildProgress) -> Void) async throws -> Written {
        let (output, pages, pagePaths, keys, loaded, staticRoot, options) =
            (site.output, site.pages, site.pagePaths, site.keys, site.loaded, site.staticRoot, site.options)
        var written = Written(records: [:], dataPaths: [])
        let journal = loaded.journal
        let view = JournalView(journal: journal, bodies: storedBodies(journal, journal.entries.indices, loaded: loaded, loader: loaded.loader))
        timer.lap("views")
        let renderer = SiteRenderer(view: view, templates: loaded.templates)
        var dataKeys: [(path: String, key: [UInt8])] = []
        let folder = try OutputFolder.prepare(output)
        do {
            // The pages' folders are made (by the kernel) while the search index is built, and
            // on both cores once the index is done.
            let folderWork = folder.folderWork(for: pagePaths + renderer.assetFiles.map(\.path))
            async let folders: Void = folderWork.help()
            let cached = await loaded.searchCache?.value
            var search: SearchPlan? = SearchPlan(loaded: loaded, keys: keys, cached: cached)
            // The index's records (all of the journal's text) are written as they are made.
            let emitted = Mutex<[(path: String, key: [UInt8])]>([])
            var data = try await dataFiles(view, search: &search, options: options, emit: { files in
                try folder.makeFolders(for: files.map(\.path))
                try folder.write(files)
                emitted.withLock { $0 += files.map { ($0.path, $0.key ?? ContentHash.digest($0.bytes)) } }
            }, progress: progress)
            try folderWork.help()
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
            written.dataPaths = data.paths
            data.files = []
            written.searchSaved = saveSearch(search, options: options, settings: journal.settings)
            search = nil
            // The bodies go to the body store while the pages render, not after.
            let items = cacheable(loaded), root = options.journal
            written.bodiesStored = Task { storeBodies(items, journal: root) }
            try await renderer.render(pages, jobs: options.jobs) { files in
                try folder.write(files)
                progress(BuildProgress(stage: "Writing pages", done: counter.add(files.count), total: total))
            }
            timer.lap("render and write")
            let problems = folder.copyStatic(from: staticRoot, files: loaded.files.statics)
            if problems.hasErrors { throw BuildFailure(loaded.warnings + problems) }
            try folder.writeManifest(dataKeys.map(\.path) + pagePaths + renderer.extraFiles.map(\.path) + loaded.files.statics)
            written.warnings = try folder.commit(known: SiteManifest.read(output))
        } catch {
            folder.discard()
            throw error
        }
        // Every file's key and its size and time now, on every core: 15,000 of them.
        let pageKeys = try await parallelMap(pages, jobs: options.jobs, chunksPerJob: 32) { keys.key(for: $0) }
        let made = dataKeys + zip(pagePaths, pageKeys).map { ($0, $1) }
            + renderer.extraFiles.map { ($0.path, ContentHash.digest($0.bytes)) }
            + loaded.files.statics.map { ($0, staticKey(staticRoot, $0)) }
        let outputFolder = Folder(output.path), root = output.path + "/"
        let stats = try await parallelMap(made, jobs: options.jobs) { outputFolder.stat($0.path, root: root) }
        for ((path, key), stat) in zip(made, stats) {
            if let stat { written.records[path] = BuildCache.OutputRecord(key: key, stat: stat) }
        }
        timer.lap("static and swap")
        return written
    }
}
