import Foundation
import Synchronization

/// Making the files: the features' data, the assets, the static files and the pages.
extension WriteStage {
    /// Makes the features' data files and renders the pages side by side, into `sink`, whose
    /// folders (a staging sink's) are made first, on both cores, as the pages go into them.
    /// Rendering is mostly swift-mustache's look-ups, and two threads rendering at once spend a
    /// third of their time in the Swift runtime's one cache of protocol conformances, which both
    /// lock; the search index is Daybook's own work on bytes. One of each at a time took a
    /// 10,000-entry build 4-6% less time than the data files, then the pages, each on both cores
    /// (bench/README.md, "Data files beside the pages").
    mutating func makeDataAndPages(_ view: JournalView, sink: any SiteSink, progress: @escaping @Sendable (BuildProgress) -> Void) async throws {
        async let folders: Void = sink.makeFolders()
        try sink.makeFolders()
        try await folders
        var rendering = self
        // The pages never show what a feature plans to make of its data (the search documents):
        // a copy kept for them would hold it until the last page.
        rendering.features = features.map { $0.forPages() }
        // The entry pages beside the data files, the lists after them: the lists keep the rows
        // they share (`RowRendering`), which, beside the search index, raised the peak memory of a
        // 10,000-entry build by a tenth.
        let shown = PagesProgress(pages: toRender.count, report: progress)
        async let entryPages = rendering.render(toRender.filter { $0.page.is(EntryPage.self) }, view, to: sink, progress: shown)
        try await makeData(view, sink: sink, progress: progress)
        // The pages are counted once the data files are, as the pages are made.
        shown.dataMade(files: made.count)
        made.add(try await entryPages)
        made.add(try await rendering.render(toRender.filter { !$0.page.is(EntryPage.self) }, view, to: sink, progress: shown))
    }

    /// Has every feature make its data files (unless they are unchanged), then hands them and
    /// the assets that changed to `sink`. On a build from scratch the data files are written as
    /// they are made, so a large journal's search records (all of its text) are never held at once.
    private mutating func makeData(_ view: JournalView, sink: any SiteSink, progress: @escaping @Sendable (BuildProgress) -> Void) async throws {
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

    /// Renders `pages` (of those whose inputs changed) in parallel, their files handed to `sink`
    /// as they are made; their paths and keys.
    private func render(_ pages: [(page: Page, path: String, key: [UInt8])], _ view: JournalView, to sink: any SiteSink,
                        progress: PagesProgress) async throws -> [(path: String, key: [UInt8])] {
        guard !pages.isEmpty else { return [] }
        let renderer = SiteRenderer(view: view, templates: loaded.templates, features: features, assets: self.renderer,
                                    rowMemory: loaded.rowMemory)
        try await renderer.render(pages.map(\.page), jobs: options.jobs) { files in
            try sink.accept(files, newFolders: false)
            progress.rendered(files.count)
        }
        return pages.map { ($0.path, $0.key) }
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

/// The progress line of pages rendered beside the data files: silent while the features show
/// their own (the photos, the search index), then every page, asset and data file once.
final class PagesProgress: Sendable {
    private let counts = Mutex<(pages: Int, files: Int?)>((0, nil))
    private let pages: Int
    private let report: @Sendable (BuildProgress) -> Void

    init(pages: Int, report: @escaping @Sendable (BuildProgress) -> Void) {
        (self.pages, self.report) = (pages, report)
    }

    /// The data files and assets are made: `files` of them were written.
    func dataMade(files: Int) { show(counts.withLock { $0.files = files; return $0 }) }

    func rendered(_ count: Int) { show(counts.withLock { $0.pages += count; return $0 }) }

    private func show(_ counts: (pages: Int, files: Int?)) {
        guard let files = counts.files, counts.pages > 0 else { return }
        report(BuildProgress(stage: "Writing pages", done: files + counts.pages, total: files + pages))
    }
}
