import Foundation

/// The encrypted editions of a private journal, made in the write stage after the public site:
/// for each group of readers the journal is assembled again with the entries they may open,
/// the features are assembled for it (those that read the same for every edition, the photos and
/// the quotes, are not read again), and the pages and data files whose inputs changed since the
/// edition's last pack (all of them, the first time) are made into a `SealingSink`, which packs
/// them with the rest of the last pack and seals the whole. Then the key file and the unlock pages.
extension WriteStage {
    mutating func makeEditions(_ plan: PrivatePlan, opening: Task<OpenedEditions, Never>, sink: any SiteSink,
                               progress: @escaping @Sendable (BuildProgress) -> Void) async throws {
        var manifests: [String: String] = [:], reusing: [String: [LastKeyFile.Row]] = [:]
        progress(BuildProgress(stage: "Encrypting", done: 0, total: 0))
        // The last packs open while the public site is made, and are open by now on most updates.
        let opened = await opening.value
        // An update makes the editions side by side, each from its journal to its sealed pack:
        // one after the other, much of each (its journal's assembly, its records, its pack's
        // table) kept one core busy while the other waited. An edition made in full keeps both
        // busy, and two at once held both editions' files: those are made one after the other,
        // each sealed while the next is made. The results are taken in the plan's order, and the
        // group waits for every edition, so no pack is still being handed to the sink when a
        // failure makes the caller discard it.
        let sideBySide = opened.previous.allSatisfy { $0 != nil }
        let stage = self
        let editions = try await withThrowingTaskGroup(of: (Int, SealedEdition).self) { group in
            for (index, edition) in plan.editions.enumerated() {
                let (sealer, previous) = (plan.sealers[index], opened.previous[index])
                if sideBySide {
                    group.addTask { (index, try await stage.made(edition, sealer: sealer, plan, previous: previous, into: sink).sealed()) }
                } else {
                    let made = try await stage.made(edition, sealer: sealer, plan, previous: previous, into: sink)
                    group.addTask { (index, try made.sealed()) }
                }
            }
            var sealed = [SealedEdition?](repeating: nil, count: plan.editions.count)
            for try await (index, edition) in group { sealed[index] = edition }
            return sealed.compactMap { $0 }
        }
        for (index, item) in editions.enumerated() {
            sealedPages += item.pages
            sealedRendered += item.rendered
            // Opened with this build's keys: the same readers and passwords, so the same rows.
            if opened.previous[index] != nil, let rows = opened.keyFile?.rows(of: item.sealer.folder, count: plan.editions[index].readers.count,
                                                                              salt: plan.keys.journalSalt, iterations: options.keyIterations) {
                reusing[item.sealer.folder] = rows
            }
            manifests[plan.editions[index].id] = take(item.sealer, item.sink, item.published)
        }
        openedEditions = opened.opened
        let (keys, derived) = try PrivateFiles.keyFile(plan, manifests: manifests, iterations: options.keyIterations, reusing: reusing)
        derivedReaderKeys = derived
        let files = try keys + PrivateFiles.unlockPages(plan, journal: loaded.journal, templates: loaded.templates, assets: renderer.names)
        privatePaths += files.map(\.path)
        try accept(files, sink: sink)
        if options.writes { SearchCache.prune(journal: options.journal, keeping: plan.editions.map(\.id)) }
    }

    /// An edition made, its files gathered for its pack.
    private struct MadeEdition: Sendable {
        var sealer: Sealer
        var sink: SealingSink
        var gathered: SealingSink.Gathered
        var records: EditionPack.Records
        /// The records as a whole pack holds them (`EditionPack.Records.bytes`), for a build.
        var recordsBytes: [UInt8]?
        var pages: Int
        var rendered: Int
        var generation: Int
        /// The last pack, which the preview adds to (`SealingSink.publish`); nil for a build.
        var adding: PreviousEdition?
        var keeping: Bool

        /// Seals the pack and hands it on.
        func sealed() throws -> SealedEdition {
            let published = try sink.publish(generation: generation, records: records, recordsBytes: recordsBytes, gathered: gathered,
                                             adding: adding, keeping: keeping)
            return SealedEdition(sealer: sealer, sink: sink, published: published, pages: pages, rendered: rendered)
        }
    }

    /// An edition sealed: what `makeEditions` takes from it.
    private struct SealedEdition: Sendable {
        var sealer: Sealer
        var sink: SealingSink
        var published: Published
        var pages: Int
        var rendered: Int
    }

    /// Makes `edition`: its files that changed since the `previous` pack, or all of them, for `sink`.
    private func made(_ edition: PrivatePlan.Edition, sealer: Sealer, _ plan: PrivatePlan, previous: PreviousEdition?,
                      into sink: any SiteSink) async throws -> MadeEdition {
        let editionLoaded = await assembled(edition, plan)
        let editionSink = SealingSink(sealer: sealer, target: sink, last: last, skipped: Set(renderer.files.map(\.path)))
        var (pages, rendered, records) = try await makeEdition(editionLoaded, plan, into: editionSink, previous: previous)
        var gathered = editionSink.gather(records, carried: previous?.files ?? [:])
        if previous != nil, !gathered.whole {
            // A file the records keep is not in the last pack: make the edition in full.
            (pages, rendered, records) = try await makeEdition(editionLoaded, plan, into: editionSink, previous: nil)
            gathered = editionSink.gather(records, carried: [:])
        }
        // The records' bytes (a whole pack's; the preview adds to the last pack) are made on
        // another core while the edition's journal is freed on this one: each kept one core busy
        // while the other waited, just before the sealing.
        async let recordsBytes = options.remembersEditions ? nil : records.bytes
        _ = consume editionLoaded
        // Only the preview adds to the last pack: its site is never published, and a build's
        // pack changes in every chunk with any edit (docs/private.md, "The format").
        return MadeEdition(sealer: sealer, sink: editionSink, gathered: gathered, records: records, recordsBytes: await recordsBytes,
                           pages: pages, rendered: rendered,
                           generation: plan.generation, adding: options.remembersEditions ? previous : nil, keeping: options.remembersEditions)
    }

    /// Takes what an edition's sealing made and kept; its manifest.
    private mutating func take(_ sealer: Sealer, _ sink: SealingSink, _ published: Published) -> String {
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
