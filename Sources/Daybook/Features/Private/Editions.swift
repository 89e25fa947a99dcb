import Foundation

/// The encrypted editions of a private journal, made in the write stage after the public site:
/// for each group of readers the journal is assembled again with the entries they may open,
/// the features are assembled for it (those that read the same for every edition, the photos and
/// the quotes, are not read again), and every page and data file is made from
/// scratch (as a first build would) into a `SealingSink`, which packs and seals it. Then the key
/// file and the unlock pages.
extension WriteStage {
    mutating func makeEditions(_ plan: PrivatePlan, opening: Task<OpenedEditions, Never>, sink: any SiteSink,
                               progress: @escaping @Sendable (BuildProgress) -> Void) async throws {
        var manifests: [String: String] = [:], reusing: [String: [LastKeyFile.Row]] = [:]
        let sealers = plan.sealers
        // Each edition's pack is sealed while the next edition renders: sealing is mostly one
        // core's work too (the pack's digest, its table). The results are taken in the plan's order.
        var sealing: [(edition: PrivatePlan.Edition, sealer: Sealer, sink: SealingSink, publishing: Task<Published, any Error>)] = []
        do {
            for (index, edition) in plan.editions.enumerated() {
                progress(BuildProgress(stage: "Encrypting", done: 0, total: 0))
                // The edition's journal is assembled while the last packs open.
                let editionLoaded = await assembled(edition, plan)
                let opened = await opening.value
                let sealer = sealers[index], previous = opened.previous[index], keyFile = opened.keyFile
                // Opened with this build's keys: the same readers and passwords, so the same rows.
                if previous != nil, let rows = keyFile?.rows(of: sealer.folder, count: edition.readers.count, salt: plan.keys.journalSalt,
                                                             iterations: options.keyIterations) {
                    reusing[sealer.folder] = rows
                }
                let editionSink = SealingSink(sealer: sealer, target: sink, last: last, skipped: Set(renderer.files.map(\.path)))
                var (pages, rendered, records) = try await makeEdition(editionLoaded, plan, into: editionSink, previous: previous)
                var gathered = editionSink.gather(records, carried: previous?.files ?? [:])
                if previous != nil, !gathered.whole {
                    // A file the records keep is not in the last pack: make the edition in full.
                    (pages, rendered, records) = try await makeEdition(editionLoaded, plan, into: editionSink, previous: nil)
                    gathered = editionSink.gather(records, carried: [:])
                }
                sealedPages += pages
                sealedRendered += rendered
                // Only the preview adds to the last pack: its site is never published, and a build's
                // pack changes in every chunk with any edit (docs/private.md, "The format").
                let (generation, adding, keeping) = (plan.generation, options.remembersEditions ? previous : nil, options.remembersEditions)
                sealing.append((edition, sealer, editionSink, Task { [gathered] in
                    try editionSink.publish(generation: generation, records: records, gathered: gathered, adding: adding, keeping: keeping)
                }))
            }
            for item in sealing { manifests[item.edition.id] = try await take(item.sealer, item.sink, item.publishing) }
        } catch {
            // No pack is still being handed to the sink when the caller discards it.
            for item in sealing { _ = try? await item.publishing.value }
            throw error
        }
        openedEditions = await opening.value.opened
        let (keys, derived) = try PrivateFiles.keyFile(plan, manifests: manifests, iterations: options.keyIterations, reusing: reusing)
        derivedReaderKeys = derived
        let files = try keys + PrivateFiles.unlockPages(plan, journal: loaded.journal, templates: loaded.templates, assets: renderer.names)
        privatePaths += files.map(\.path)
        try accept(files, sink: sink)
        if options.writes { SearchCache.prune(journal: options.journal, keeping: plan.editions.map(\.id)) }
    }

    /// Waits for an edition's pack to be sealed, and takes what it made and kept; its manifest.
    private mutating func take(_ sealer: Sealer, _ sink: SealingSink, _ publishing: Task<Published, any Error>) async throws -> String {
        let published = try await publishing.value
        if options.remembersEditions {
            sealedEditions[sealer.folder] = RememberedEdition(key: sealer.key, manifest: published.manifest,
                                                              edition: PreviousEdition(files: published.files, records: published.records,
                                                                                       layout: published.layout))
        }
        made.add(sink.made.all)
        for (path, record) in sink.kept.withLock({ $0 }) { kept[path] = record }
        privatePaths += sink.made.all.map(\.path) + sink.kept.withLock { Array($0.keys) }
        return published.manifest
    }

    /// The journal as the readers of `edition` see it, with its features assembled for it.
    private func assembled(_ edition: PrivatePlan.Edition, _ plan: PrivatePlan) async -> Loaded {
        var settings = loaded.journal.settings
        settings.privacy.isEdition = true
        settings.privacy.hasEdition = false
        // No feed, sitemap or canonical address: an edition is read only through the unlock page.
        settings.baseURL = nil
        // The edition's search index keeps a cache of its own (`SearchCache.file(edition:)`).
        var input = FeatureInput(options: editionOptions, files: loaded.files, settings: settings, edition: edition.id)
        input.options.useCache = options.useCache
        input.searchMemory = loaded.searchMemory
        // The features load (the search cache is read from disk) while the journal is assembled.
        let (featureInput, reused) = (input, loaded.unassembled)
        async let loading = Features.load(featureInput, reusing: reused)
        // The entries the public pass read and checked (under --keep-going, without those it left
        // out), all of them as they are when the edition shows all, as a whole-private one does.
        var entries = loaded.published
        if !plan.showsAll(edition) { entries = entries.filter { plan.shows($0, in: edition) } }
        var (journal, _) = JournalAssembler.assemble(entries, settings: settings)
        // The words are the journal's, read once by the public pass; without them, English.
        journal.words = loaded.journal.words
        var (features, _) = await loading
        await Features.assemble(&features, &journal)
        var editionLoaded = Loaded(files: loaded.files, journal: journal, templates: loaded.templates, features: features,
                                   warnings: [], cache: nil, cacheFolder: loaded.cacheFolder, entries: loaded.entries, loader: loaded.loader)
        // Rows are kept by what they are made from, so an edition finds the public pass's too.
        editionLoaded.rowMemory = loaded.rowMemory
        return editionLoaded
    }

    /// An edition's options: no cache of the public site's, no address.
    private var editionOptions: BuildOptions {
        var editionOptions = options
        editionOptions.useCache = false
        editionOptions.baseURL = nil
        return editionOptions
    }

    /// One edition, its journal `editionLoaded`, made into `sealing`: in full, or, against
    /// `previous`, only the files whose inputs changed. Its page count, how many it rendered, and
    /// the records of its files.
    private func makeEdition(_ editionLoaded: Loaded, _ plan: PrivatePlan, into sealing: SealingSink,
                             previous: PreviousEdition?) async throws -> (Int, Int, EditionPack.Records) {
        sealing.reset()
        var stage = try await WriteStage(editionLoaded, options: editionOptions, outputStats: nil,
                                         last: previous.map { LastOutput(edition: $0.records) } ?? LastOutput.none)
        // The features plan their data while the pages are compared, as in the public pass.
        let comparing = stage
        async let compared = comparing.comparedPages()
        let needs = try await stage.planData()
        stage.keep(try await compared)
        let view = stage.view(needing: needs)
        try await stage.makeDataAndPages(view, sink: sealing, progress: { _ in })
        if plan.settings.wholeJournal { try stage.copyStatic(to: sealing) }
        // Every file of the edition, made now or kept from the last pack, but the shared assets.
        let current = stage.currentFiles
        // One dictionary, made once: filtered, then mapped, the 16,000 records made two.
        var keys: [String: [UInt8]] = [:]
        keys.reserveCapacity(stage.kept.count + stage.made.count)
        for (path, record) in stage.kept where current.contains(path) { keys[path] = record.key }
        for (path, key) in stage.made.all where current.contains(path) { keys[path] = key }
        // Data files a feature left as the last pack had them (as `WriteStage.records` does).
        for path in stage.dataPaths where keys[path] == nil { keys[path] = stage.last.records[path]?.key }
        for path in sealing.skipped { keys[path] = nil }
        // A static file's key is its size and time, which a copy of the journal does not keep:
        // sealed in the records, it would make the pack differ. The records keep its digest, so
        // static files are copied again on every build, and the pack stays reproducible.
        for (path, key) in sealing.contentKeys(loaded.files.statics) { keys[path] = key }
        return (stage.pages.count, stage.toRender.count, EditionPack.Records(keys: keys, dataKey: stage.keys.dataKey, dataPaths: stage.dataPaths))
    }
}
