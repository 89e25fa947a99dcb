import Foundation
import Synchronization

/// The sealed copies of the shared private entries, made in the write stage after the editions,
/// from scratch on every build (a copy is one entry's page: small), so an update equals a full
/// build. Each copy is the entry's page made as a journal of that entry alone would make it,
/// packed with the files it shows (`SharePack`), padded to the chunk count of the largest copy of
/// the build, sealed whole under the share's key and published as `share/<name>.js`. The share
/// page (`SharePage`) is published by every journal with private entries, shared or not.
extension WriteStage {
    mutating func makeShares(_ plan: PrivatePlan?, sink: any SiteSink) async throws {
        guard let shares = features.lazy.compactMap({ $0 as? Shares }).first else { return }
        let (wanted, problems) = shares.privateEntries(loaded)
        var keys = plan?.keys
        var found = problems
        if keys == nil, let first = wanted.first {
            // A shared private draft in a journal whose published entries are all public.
            let (secrets, missing) = options.secrets.read(readers: [], named: false, for: first.share.location)
            found += missing
            keys = secrets.map { PrivateKeys(siteKey: $0.siteKey) }
        }
        guard found.isEmpty else { throw BuildFailure(loaded.warnings + found) }
        guard let keys, plan != nil || !wanted.isEmpty else { return }
        var packs: [(share: ShareKeys, pack: [UInt8])] = []
        for (share, entry) in wanted {
            let (page, files) = try await sharedPage(entry)
            packs.append((ShareKeys(keys, id: share.id, entry: share.entry), SharePack.make(page: page, files: files)))
        }
        // Every copy of a build has the same size: that of the largest, in whole chunks.
        let chunks = packs.map { Sealer.chunkCount($0.pack.count) }.max() ?? 1
        var files: [OutputFile] = []
        for (share, pack) in packs {
            let padded = pack + [UInt8](repeating: 0, count: chunks * Sealer.chunkSize - pack.count)
            files.append(SharePack.file(try share.sealer.seal(padded, role: .share), id: share.id))
        }
        files.append(try SharePage.render(journal: loaded.journal, templates: loaded.templates, assets: renderer.names))
        privatePaths += files.map(\.path)
        try accept(files, sink: sink)
    }

    /// The page of `entry` as a journal of that entry alone makes it (no edition's neighbours, tags
    /// or counts), and every file made with it, by path.
    private func sharedPage(_ entry: Entry) async throws -> (page: SharePack.Page, files: [String: [UInt8]]) {
        var settings = loaded.journal.settings
        (settings.privacy.isEdition, settings.privacy.hasEdition) = (true, false)
        (settings.baseURL, settings.includeDrafts) = (nil, true)
        var shareOptions = options
        (shareOptions.useCache, shareOptions.baseURL) = (false, nil)
        var (journal, _) = JournalAssembler.assemble([entry], settings: settings)
        journal.words = loaded.journal.words
        var (features, _) = await Features.load(FeatureInput(options: shareOptions, files: loaded.files, settings: settings),
                                                reusing: loaded.unassembled)
        await Features.assemble(&features, &journal)
        let alone = Loaded(files: loaded.files, journal: journal, templates: loaded.templates, features: features,
                           warnings: [], cache: nil, cacheFolder: loaded.cacheFolder, entries: loaded.entries, loader: loaded.loader)
        var stage = try await WriteStage(alone, options: shareOptions, outputStats: nil, last: LastOutput.none)
        let needs = try await stage.planData()
        stage.keep(try await stage.comparedPages())
        let view = stage.view(needing: needs)
        let held = HeldFiles()
        try await stage.makeDataAndPages(view, sink: held, progress: { _ in })
        let path = journal.paths.first ?? ""
        let files = held.files.withLock { $0 }
        return (SharePack.Page(sitePath: path, html: files[Page.outputFile(for: path)] ?? []), files)
    }
}

extension Shares {
    /// The shares of private entries (in a whole-private journal, every entry), with their
    /// entries; errors for a share whose entry does not read or has no text.
    func privateEntries(_ loaded: Loaded) -> ([(share: Share, entry: Entry)], [Diagnostic]) {
        // Only the shared entries' files are looked up: a dictionary of every entry cost each
        // update of a large journal milliseconds on one core, for a list that is mostly empty.
        let shared = Set(items.map(\.entry))
        var byPath: [String: LoadedEntry] = [:]
        if !shared.isEmpty {
            for item in loaded.entries where shared.contains(item.path) && byPath[item.path] == nil { byPath[item.path] = item }
        }
        let whole = loaded.journal.settings.privacy.wholeJournal
        var wanted: [(share: Share, entry: Entry)] = [], problems: [Diagnostic] = []
        for share in items {
            guard let read = byPath[share.entry] else { continue }  // reported at load
            guard let entry = read.entry else {
                if !read.diagnostics.hasErrors {
                    problems.append(.error("the shared entry \(share.entry) has no text yet, so its link would show nothing; write it, or unshare it with `daybook share --revoke \(share.entry)`", at: share.location))
                }
                continue
            }
            if whole || EntryPrivacy(entry).isPrivate { wanted.append((share, entry)) }
        }
        return (wanted, problems)
    }
}

/// A sink that keeps the files handed to it: a shared entry's page and photos, before packing.
final class HeldFiles: SiteSink {
    let files = Mutex<[String: [UInt8]]>([:])

    func makeFolders() throws {}
    func accept(_ files: [OutputFile], newFolders: Bool) throws {
        self.files.withLock { held in for file in files { held[file.path] = file.bytes } }
    }
    func copy(_ paths: [String], from root: URL) throws {}
    func finish(current: Set<String>, removed: [String]) throws -> SinkResult { SinkResult() }
    func discard() {}
}
