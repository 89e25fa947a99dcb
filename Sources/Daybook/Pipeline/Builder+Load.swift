import Foundation

extension Build {
    /// The load stage: settings, the features (beside the entries), every entry, the journal and
    /// the templates. Throws with every problem found, errors and warnings together, when any is
    /// an error.
    /// - Parameters:
    ///   - cacheRead: the reading of the build cache, when the up-to-date check started it.
    ///   - entryStats: each entry file's size and time, when that check looked them up.
    ///   - lastPhotoScan: a continued build's, see `FeatureInput.lastPhotoScan`.
    mutating func load(_ files: JournalFiles, cacheRead: Task<BuildCache?, Never>?, entryStats: [FileStat?]?,
                       lastPhotoScan: (candidates: Set<String>, changed: Set<String>)? = nil) async throws -> Loaded {
        var (settings, diagnostics) = settings(files)
        // The features read what they need (quotes, the search cache) while the entries are read.
        var input = FeatureInput(options: options, files: files, settings: settings, progress: progress)
        input.lastPhotoScan = lastPhotoScan
        input.searchMemory = options.remembersRows ? SearchMemory(last: memory?.search ?? [:]) : nil
        async let loadingFeatures = Features.load(input)
        diagnostics += files.problems
        if let problem = JournalFiles.entriesFolderKind(options.journal, files.entriesFolder) { diagnostics.append(problem) }
        var read: BuildCache?
        if options.writes && options.useCache { read = if let cacheRead { await cacheRead.value } else { BuildCache.load(folder: options.cacheFolder) } }
        let cache = read?.parseKey == Builder.parseKey(settings) ? read : nil
        timer.lap(cache == nil ? "scan" : "scan and read cache")

        let loader = EntryLoader(dates: DateParser(timeZone: TimeZone(identifier: settings.timeZone) ?? .gmt), rawHTML: settings.rawHTML,
                                 categoriesAsTags: settings.categoriesAsTags)
        progress(BuildProgress(stage: "Reading entries", done: 0, total: files.entries.count))
        let entries = try await Builder.loadEntries(files, loader: loader, cache: cache, stats: entryStats, jobs: options.jobs)
        let entryProblems = Shortcodes.onceEach(entries.flatMap(\.diagnostics))
        diagnostics += entryProblems
        timer.lap("read and parse entries")
        var published = entries.compactMap(\.entry)
        // --keep-going leaves out an entry with a feature's error too (a photo's): needed before assembling.
        let early = options.keepGoing ? await loadingFeatures : nil
        let names = Self.assignNames(&published, settings: settings, files: files)
        diagnostics += names
        let failing = KeepGoing.leaveOut(&published, problems: early.map { $0.problems + names } ?? [], entries: files.entries)
        let (privacy, privacyProblems) = PrivatePlan.make(published, published: { settings.includeDrafts || !$0.isDraft },
                                                         settings: settings.privacy, environment: options.secrets)
        diagnostics += privacyProblems
        let (openingEditions, all) = privacy.map { separate($0, &published, &settings, &diagnostics, lastBuild: cache) } ?? (nil, [])
        var (journal, linkProblems) = JournalAssembler.assemble(published, settings: settings)
        diagnostics += linkProblems
        let (words, wordProblems) = WordTables.words(locale: settings.locale, files: files)
        journal.words = words
        diagnostics += wordProblems
        var (features, featureProblems) = if let early { early } else { await loadingFeatures }
        let unassembled = privacy == nil ? [] : features
        await Features.assemble(&features, &journal)
        diagnostics += featureProblems
        timer.lap("assemble")

        let (templates, templateProblems, overrides) = loadTemplates(files)
        diagnostics += templateProblems
        timer.lap("templates")

        // With --keep-going an entry's errors leave that entry out; any other error still stops.
        let fromEntries = Set(entryProblems + (featureProblems + names).filter { failing.contains($0.location?.file ?? "") })
        let stopping = options.keepGoing ? diagnostics.filter { !fromEntries.contains($0) } : diagnostics
        guard let templates, !stopping.hasErrors else { throw BuildFailure(diagnostics) }
        var loaded = Loaded(files: files, journal: journal, templates: templates, features: features, warnings: diagnostics,
                            cache: cache, cacheFolder: options.cacheFolder, entries: entries, loader: loader, privacy: privacy, published: all,
                            templateFiles: BuildMemory.ParsedTemplates(overrides: overrides, set: templates, problems: templateProblems))
        loaded.unassembled = unassembled
        loaded.openingEditions = openingEditions
        if options.remembersRows { loaded.rowMemory = RowMemory(last: memory?.rows ?? [:]) }
        loaded.searchMemory = input.searchMemory
        return loaded
    }

    /// Leaves a private journal's private entries out of the public one, and gives all of them,
    /// for the editions (shared, not copied). With a last build to compare with, most likely,
    /// starts opening its editions while the journal is made.
    private func separate(_ privacy: PrivatePlan, _ published: inout [Entry], _ settings: inout Settings, _ diagnostics: inout [Diagnostic],
                          lastBuild: BuildCache?) -> (Task<OpenedEditions, Never>?, [Entry]) {
        let all = published
        published = published.filter(privacy.isPublic)
        settings.privacy.hasEdition = true
        diagnostics += PublicSource.warnings(journal: options.journal)
        guard options.writes, let lastBuild else { return (nil, all) }
        return (OpenedEditions.opening(privacy, output: options.writtenOutput, remembered: memory?.editions ?? [:],
                                       recorded: OpenedEditions.recorded(lastBuild, output: options.writtenOutput, journal: options.journal)), all)
    }

    /// Gives each entry its journal; returns the errors of a journal or writer no setting names,
    /// which are an entry's errors like any other (with --keep-going, they leave it out).
    private static func assignNames(_ entries: inout [Entry], settings: Settings, files: JournalFiles) -> [Diagnostic] {
        let text = { (path: String) in files.bytes(of: path).map { String(decoding: $0, as: UTF8.self) } }
        return JournalNames.assign(&entries, settings: settings, text: text)
            + WriterCheck.problems(entries, settings: settings.writers, journals: settings.journals, text: text)
    }

    /// The journal's templates over the defaults: parsed again only when the journal's own
    /// changed since the build continued.
    private func loadTemplates(_ files: JournalFiles) -> (TemplateSet?, [Diagnostic], [String: [UInt8]]) {
        var overrides: [String: [UInt8]] = [:]
        for name in files.templates { overrides[name] = files.bytes(of: "templates/\(name)") }
        if let kept = memory?.templates, kept.overrides == overrides { return (kept.set, kept.problems, overrides) }
        let (set, problems) = TemplateSet.load(overrides: overrides)
        return (set, problems, overrides)
    }

    /// The journal's settings (`daybook.yml` over another tool's file) with the command line's.
    private func settings(_ files: JournalFiles) -> (Settings, [Diagnostic]) {
        var (settings, diagnostics) = Settings.load(root: files.root, text: files.settingsText)
        if let baseURL = options.baseURL { settings.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }
        settings.includeDrafts = options.includeDrafts
        return (settings, diagnostics)
    }
}

extension Builder {
    /// Reads every entry, reusing the cached parse of a file whose size and time are unchanged
    /// (and not so recent that a same-second edit could hide) or whose content hash is unchanged.
    /// - Parameter stats: each entry file's size and time, when looked up already (in scan order).
    static func loadEntries(_ files: JournalFiles, loader: EntryLoader, cache: BuildCache?, stats: [FileStat?]? = nil,
                            jobs: Int) async throws -> [LoadedEntry] {
        let cached = cache?.entries ?? [:]
        // Like git's "racily clean" rule: a file modified close to the last save may have changed
        // again within the same timestamp, so its content is checked.
        let trustedBefore = (cache?.savedAt ?? 0) - 2_000_000_000
        let root = files.root.path + "/"
        let folder = Folder(files.root.path)
        let known = stats?.count == files.entries.count ? stats : nil
        return try await parallelMap(Array(files.entries.indices), jobs: jobs) { index -> LoadedEntry in
            let path = files.entries[index]
            let stat = known.map { $0[index] } ?? folder.stat(path, root: root)
            if let stat, let hit = cached[path], hit.stat == stat, stat.modified < trustedBefore {
                return LoadedEntry(path: path, parsed: hit.parsed, hash: hit.hash, stat: stat, body: hit.body,
                                   listKey: hit.listKey, reused: true)
            }
            // An entry over the limit is refused by its size, before its bytes are read.
            if let stat, stat.size > EntryLoader.sizeLimit {
                return LoadedEntry(path: path, parsed: ParsedEntry(nil, [EntryLoader.tooBig(path: path, size: stat.size)]), hash: [], stat: nil)
            }
            guard let bytes = folder.read(path, root: root) else {
                // errno is still the failed open's or read's: nothing ran on this thread since.
                let reason = String(cString: strerror(errno))
                return LoadedEntry(path: path, parsed: ParsedEntry(nil, [.error("could not read the file (\(reason))", at: SourceLocation(file: path))]),
                                   hash: [], stat: nil)
            }
            let hash = ContentHash.digest(bytes)
            if let hit = cached[path], hit.hash == hash {
                return LoadedEntry(path: path, parsed: hit.parsed, hash: hash, stat: stat, body: hit.body,
                                   listKey: hit.listKey)
            }
            let (entry, diagnostics) = loader.load(path: path, bytes: consume bytes)
            return LoadedEntry(path: path, parsed: ParsedEntry(entry, diagnostics), hash: hash, stat: stat, listKey: entry?.listKey ?? [])
        }
    }

    /// What every page depends on besides its entries.
    static func siteKey(_ journal: Journal, templates: TemplateSet, features: [any Feature]) -> [UInt8] {
        var settings = journal.settings
        settings.includeDrafts = false
        let years = journal.years.map(String.init).joined(separator: ",")
        return ContentHash.digest(parts: [
            Array(DaybookVersion.string.utf8), Array("\(BuildCache.format)".utf8), Array("\(settings)".utf8),
            templates.digest, journal.words.digest, Array("\(journal.entries.count) \(years)".utf8),
            Array(Features.joinedKeys(features.map(\.siteKey)).utf8),
        ])
    }

    /// What decides how an entry file parses: Daybook's version and three settings.
    static func parseKey(_ settings: Settings) -> [UInt8] {
        ContentHash.digest(parts: [Array(DaybookVersion.string.utf8), Array("\(BuildCache.format)".utf8),
                                   Array(settings.timeZone.utf8), [settings.rawHTML ? 1 : 0, settings.categoriesAsTags ? 1 : 0]])
    }

    /// The bodies of the entries at `indices` (journal order) whose parse came from the cache,
    /// read back from the body store; an entry whose stored body is missing or damaged is parsed
    /// again from its file.
    static func storedBodies(_ journal: Journal, _ indices: some Sequence<Int>, loaded: Loaded, loader: EntryLoader) -> [Int: JournalView.Body] {
        // Looked up from the few entries wanted, not the whole journal: an edit fills three.
        let wanted = Dictionary(indices.map { (journal.entries[$0].sourcePath, $0) }, uniquingKeysWith: { a, _ in a })
        var references: [(index: Int, reference: BodyStore.Reference)] = []
        for item in loaded.entries.indices {
            if let index = wanted[loaded.entries[item].path], let reference = loaded.entries[item].body { references.append((index, reference)) }
        }
        guard !references.isEmpty else { return [:] }
        let store = BodyStore.open(folder: loaded.cacheFolder) ?? Data()
        var bodies: [Int: JournalView.Body] = [:]
        for (index, reference) in references {
            let path = journal.entries[index].sourcePath
            if let body = BodyStore.read(reference, from: store) {
                bodies[index] = JournalView.Body(html: body.html, text: body.text)
            } else if let bytes = loaded.files.bytes(of: path), let entry = loader.load(path: path, bytes: bytes).0 {
                bodies[index] = JournalView.Body(html: entry.html, text: entry.plainText)
            }
        }
        return bodies
    }
}
