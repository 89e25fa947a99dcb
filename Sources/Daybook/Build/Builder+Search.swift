extension Builder {
    /// The search index's files, with `view` told where they are; none when `search: false`.
    static func searchFiles(_ view: inout JournalView, options: BuildOptions,
                            progress: @Sendable (BuildProgress) -> Void) async throws -> [OutputFile] {
        guard view.journal.settings.search else { return [] }
        progress(BuildProgress(stage: "Indexing for search", done: 0, total: view.journal.entries.count))
        let index = try await SearchIndex.build(view, jobs: options.jobs)
        view.searchIndex = SearchIndex.folder
        return index.files
    }
}
