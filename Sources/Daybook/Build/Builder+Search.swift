extension Builder {
    /// The files the pages' scripts read: the search index (unless `search: false`) and the
    /// quote list. They derive from every entry, so `view` must hold every entry with its body.
    static func dataFiles(_ view: JournalView, options: BuildOptions,
                          progress: @Sendable (BuildProgress) -> Void) async throws -> [OutputFile] {
        var files = view.quoteBanner.map { [$0.dataFile] } ?? []
        if view.journal.settings.search {
            progress(BuildProgress(stage: "Indexing for search", done: 0, total: view.journal.entries.count))
            files += try await SearchIndex.build(view, jobs: options.jobs).files
        }
        return files
    }
}
