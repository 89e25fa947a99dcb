import Foundation

extension Builder {
    /// Renders and writes only what changed since the build that `previous` describes.
    static func update(_ site: SiteWrite, previous cache: BuildCache, timer: inout StageTimer,
                       progress: @escaping @Sendable (BuildProgress) -> Void) async throws -> Written {
        let (output, pages, keys, loaded, staticRoot, options) =
            (site.output, site.pages, site.keys, site.loaded, site.staticRoot, site.options)
        let settings = loaded.journal.settings
        // The search plan (record keys, what to tokenize) is made while the pages are compared.
        let earlyPlan = settings.search && cache.dataKey != keys.dataKey ? Task { [loaded, keys] in
            SearchPlan(loaded: loaded, keys: keys, cached: await loaded.searchCache?.value)
        } : nil
        let previous = cache.outputs
        var records: [String: BuildCache.OutputRecord] = [:]
        /// The files whose records are set anew, not carried over: what the cache's log says.
        var renewed: Set<String> = []
        let root = output.path + "/"
        // What is on disk now of every file the previous build wrote, looked up in parallel.
        let outputFolder = Folder(output.path)
        // The up-to-date check looked up the files it knew of: any other counts as changed.
        let stats: [String: FileStat?]
        if let known = site.outputStats {
            stats = known
        } else {
            let paths = Array(previous.keys)
            stats = Dictionary(zip(paths, try await parallelMap(paths, jobs: options.jobs) { outputFolder.stat($0, root: root) }),
                               uniquingKeysWith: { a, _ in a })
        }
        records.reserveCapacity(previous.count)
        /// The previous build's record of `path`, if the file is still as it left it and was made from `key`.
        @Sendable func kept(_ path: String, _ key: [UInt8]) -> BuildCache.OutputRecord? {
            guard let old = previous[path], old.key == key, stats[path] == old.stat else { return nil }
            return old
        }
        func unchanged(_ path: String, _ key: [UInt8]) -> Bool {
            guard let old = kept(path, key) else { return false }
            records[path] = old
            return true
        }
        /// Whether a file made from changed inputs came out as the one on disk.
        func onDisk(_ file: OutputFile) -> Bool {
            FileBytes.read(root + file.path) == file.bytes
        }
        var toRender: [(page: Page, path: String, key: [UInt8])] = []
        // Keyed and compared in parallel, in many chunks (a few pages, the tags of thousands of
        // entries, cost more than all others); only the records are gathered here.
        let pagePaths = site.pagePaths
        let compared = try await parallelMap(Array(pages.indices), jobs: options.jobs, chunksPerJob: 32) { index in
            let key = keys.key(for: pages[index])
            return (key: key, kept: kept(pagePaths[index], key))
        }
        for (index, (key, old)) in compared.enumerated() {
            if let old {
                records[pagePaths[index]] = old
            } else {
                toRender.append((pages[index], pagePaths[index], key))
            }
        }
        timer.lap("compare with the last build")
        var shown = Set(toRender.flatMap { $0.page.entriesShown(in: loaded.journal) })
        // Lists show excerpts, kept with each parse; only an entry's own page shows its body.
        var bodies = Set(toRender.compactMap { item -> Int? in
            if case .entry(let index) = item.page { index } else { nil }
        })
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
            var plan = if let earlyPlan { await earlyPlan.value } else {
                SearchPlan(loaded: loaded, keys: keys, cached: await loaded.searchCache?.value)
            }
            plan.records = Set(plan.recordKeys.indices.filter { number in
                !unchanged(SearchIndex.recordPath(number), plan.recordKeys[number])
            })
            shown.formUnion(plan.recordEntries)
            bodies.formUnion(plan.recordEntries.union(plan.untokenized))
            search = plan
        }
        let view = JournalView(journal: loaded.journal, bodies: storedBodies(loaded.journal, bodies, loaded: loaded, loader: loaded.loader),
                               needed: shown)
        timer.lap("bodies and views")
        var data: [OutputFile] = []
        var dataPaths = cache.dataPaths
        if !dataUnchanged {
            (data, dataPaths) = try await dataFiles(view, search: &search, options: options, progress: progress)
            timer.lap("data files")
        }
        // The search documents are saved while the pages render and the files are written.
        let searchSaved = saveSearch(search, options: options, settings: settings)
        search = nil
        let renderer = SiteRenderer(view: view, templates: loaded.templates, dataFiles: data)
        var changed: [OutputFile] = []
        for file in renderer.extraFiles {
            let key = file.key ?? ContentHash.digest(file.bytes)
            if unchanged(file.path, key) { continue }
            // Changed inputs or a file touched since (a restored cache): written only if its bytes differ.
            if onDisk(file) {
                records[file.path] = record(key, output, file.path)
                renewed.insert(file.path)
            } else {
                changed.append(file)
            }
        }
        var copies: [(source: URL, path: String, key: [UInt8])] = []
        for path in loaded.files.statics {
            let key = staticKey(staticRoot, path)
            if unchanged(path, key) { continue }
            let source = staticRoot.appendingPathComponent(path)
            if let bytes = FileBytes.read(source.path), onDisk(OutputFile(path: path, bytes: bytes)) {
                records[path] = record(key, output, path)
                renewed.insert(path)
            } else {
                copies.append((source, path, key))
            }
        }
        timer.lap("plan")
        let rendered = try await renderer.renderPages(toRender.map(\.page), jobs: options.jobs)
        // A page whose inputs changed may still come out the same (an edit to a neighbour's body):
        // compare with the file on disk and leave it alone when equal.
        for file in rendered where !onDisk(file) { changed.append(file) }
        timer.lap("render \(toRender.count) of \(pages.count) pages")
        let current = Set(site.pagePaths).union(renderer.extraFiles.map(\.path)).union(loaded.files.statics).union(dataPaths)
        var removed = previous.keys.filter { !current.contains($0) }.sorted()
        let manifest = try manifestUpdate(output: output, current: current, removed: &removed, previous: previous)
        try SiteUpdate(output: output).apply(changed: changed, copies: copies.map { ($0.source, $0.path) }, removed: removed,
                                             manifest: manifest)
        for (_, path, key) in toRender { records[path] = record(key, output, path) }
        for file in changed where records[file.path] == nil {
            records[file.path] = record(file.key ?? ContentHash.digest(file.bytes), output, file.path)
        }
        for copy in copies { records[copy.path] = record(copy.key, output, copy.path) }
        renewed.formUnion(toRender.map(\.path))
        renewed.formUnion(changed.map(\.path))
        renewed.formUnion(copies.map(\.path))
        timer.lap("write \(changed.count + copies.count), remove \(removed.count)")
        return Written(records: records, dataPaths: dataPaths, searchSaved: searchSaved, outputChanges: (Array(renewed), removed))
    }

    /// The output's new manifest when the site's list of files changed (or the output has only the
    /// bare marker of an older Daybook), nil when it stays. Files the manifest does not list are the
    /// user's: none of them is removed (`removed` is narrowed to Daybook's), and a new file of the
    /// site may not take the place of one of them.
    static func manifestUpdate(output: URL, current: Set<String>, removed: inout [String],
                               previous: [String: BuildCache.OutputRecord]) throws -> [UInt8]? {
        // `removed` is what of `previous` the site no longer has, so the rest is in `current`: the
        // site has new files only if `current` is larger than that, and an edit looks no further.
        let addedCount = current.count - (previous.count - removed.count)
        let bare = (FileStat(path: output.appendingPathComponent(SiteManifest.fileName).path)?.size ?? 0) <= SiteManifest.header.utf8.count + 1
        guard addedCount > 0 || !removed.isEmpty || bare else { return nil }
        let added = addedCount > 0 ? current.filter { previous[$0] == nil } : []
        if let known = SiteManifest.read(output) {
            removed = removed.filter(known.contains)
            let clashes = added.filter { !known.contains($0) && UserFiles.kind(output.appendingPathComponent($0).path) != nil }
            if !clashes.isEmpty { throw BuildFailure(clashes.sorted().map { SiteManifest.clash($0, in: output.path) }) }
        }
        return SiteManifest.encode(current)
    }
}
