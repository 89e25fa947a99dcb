import Foundation

/// Making the files: the features' data, the assets, the static files and the pages.
extension WriteStage {
    /// Has every feature make its data files (unless they are unchanged), then hands them and
    /// the assets that changed to `sink`. A staging sink's folders are made meanwhile, and on a
    /// build from scratch the data files are written as they are made, so a large journal's
    /// search records (all of its text) are never held at once.
    mutating func makeData(_ view: JournalView, sink: any SiteSink, progress: @escaping @Sendable (BuildProgress) -> Void) async throws {
        async let folders: Void = sink.makeFolders()
        var dataFiles: [OutputFile] = []
        if !dataUnchanged && !publishesNothing {
            let made = self.made
            var emit: (@Sendable ([OutputFile]) throws -> Void)?
            if last.isEmpty && options.writes {
                emit = { files in
                    try sink.accept(files, newFolders: true)
                    made.add(files.map { (path: $0.path, key: $0.key ?? ContentHash.digest($0.bytes)) })
                }
            }
            let making = DataMaking(jobs: options.jobs, journal: options.journal, cacheFolder: options.cacheFolder, emit: emit, progress: progress, features: features)
            for index in features.indices {
                let data = try await features[index].makeData(view, making)
                dataFiles += data.files
                dataPaths += data.paths
                if let saving = data.saving { dataSavings.append(saving) }
            }
        }
        try sink.makeFolders()
        try await folders
        try accept(renderer.files + dataFiles, sink: sink)
    }

    /// Hands `files` to `sink`, but for those the last build left as they are.
    mutating func accept(_ files: [OutputFile], sink: any SiteSink) throws {
        var changed: [OutputFile] = []
        for file in files {
            let key = file.key ?? ContentHash.digest(file.bytes)
            if let old = last.kept(file.path, key) { kept[file.path] = old } else { changed.append(file) }
        }
        try sink.accept(changed, newFolders: true)
        made.add(changed.map { ($0.path, $0.key ?? ContentHash.digest($0.bytes)) })
    }

    /// Copies the static files whose size or time changed.
    mutating func copyStatic(to sink: any SiteSink) throws {
        if publishesNothing { return }
        let root = options.journal.appendingPathComponent("static")
        var copies: [(path: String, key: [UInt8])] = []
        for path in loaded.files.statics {
            let key = Builder.staticKey(root, path)
            if let old = last.kept(path, key) { kept[path] = old } else { copies.append((path, key)) }
        }
        do {
            try sink.copy(copies.map(\.path), from: root)
        } catch let failure as BuildFailure {
            throw BuildFailure(loaded.warnings + failure.diagnostics)
        }
        made.add(copies)
    }

    /// Starts storing the bodies of newly parsed entries while the pages render.
    func startStoringBodies() -> Task<[BodyStore.Reference?]?, Never>? {
        guard options.writes else { return nil }
        let items = Builder.cacheable(loaded), folder = options.cacheFolder
        return Task { Builder.storeBodies(items, folder: folder) }
    }

    /// Renders the pages whose inputs changed, in parallel, each chunk handed to `sink` as soon
    /// as it is done.
    func render(_ view: JournalView, to sink: any SiteSink, progress: @escaping @Sendable (BuildProgress) -> Void) async throws {
        let renderer = SiteRenderer(view: view, templates: loaded.templates, features: features, assets: self.renderer,
                                    rowMemory: loaded.rowMemory)
        // Every page, asset and data file counts once.
        let counter = Counter(), done = made.count, total = toRender.count + done
        _ = counter.add(done)
        try await renderer.render(toRender.map(\.page), jobs: options.jobs) { files in
            try sink.accept(files, newFolders: false)
            progress(BuildProgress(stage: "Writing pages", done: counter.add(files.count), total: total))
        }
        made.add(toRender.map { ($0.path, $0.key) })
    }

    /// Every file of the new site.
    var currentFiles: Set<String> {
        Set(pagePaths).union(renderer.files.map(\.path)).union(publishesNothing ? [] : loaded.files.statics).union(dataPaths).union(privatePaths)
    }

    /// The last build's files that the new site, whose files are `current`, no longer has.
    func removed(current: Set<String>) -> [String] {
        last.records.keys.filter { !current.contains($0) }.sorted()
    }
}
