import Foundation

/// The quickest answer to "has anything changed since the last build?", kept in
/// `JOURNAL/.daybook/cache/state.cache` (a `SealedFile`): the size and time of every entry file and
/// of every file the build wrote, and a digest of everything else a build reads (Daybook's version,
/// the default templates it carries, the options, the settings, quotes and template files, the
/// static files' sizes and times). When all of it matches, the site on disk is what a build would
/// write, and nothing is parsed.
struct UpToDate: Sendable {
    static let format = 3
    static let fileName = "state.cache"
    static let magic = Array("DAYBOOK-STATE\n".utf8)

    var fingerprint: [UInt8]
    /// Wall-clock time of the save, in nanoseconds.
    var savedAt: Int
    var entries: [(path: String, stat: FileStat)]
    var outputs: [(path: String, stat: FileStat)]
    /// The summary of the build that saved it.
    var report: BuildReport
    /// The entry files whose bytes may name photos, as that build's photo scan found them
    /// (`PhotoLibrary.candidates`); nil when it made none.
    var photoCandidates: [String]? = nil

    static func url(in folder: URL) -> URL {
        folder.appendingPathComponent(fileName)
    }

    /// A digest of every input of a build besides the entry files, or nil when the build reads
    /// something no file records (quotes fetched from the network).
    static func fingerprint(_ files: JournalFiles, options: BuildOptions, settings: Settings) -> [UInt8]? {
        guard settings.zenQuotesURL == nil || !settings.quoteOfTheDay else { return nil }
        var hasher = ContentHash.Hasher()
        hasher.add("\(DaybookVersion.string) \(BuildCache.format) \(format)")
        hasher.add(TemplateSet.defaultsDigest)
        let output = BuildCache.outputPath(options.writtenOutput, journal: options.journal)
        hasher.add("\(output)\n\(options.baseURL ?? "-")\n\(options.includeDrafts) \(options.keepGoing) \(options.entriesFolder ?? "-")")
        hasher.add(files.settingsText ?? "-")
        hasher.add(files.sharesText ?? "-")
        // A private journal's secrets, which no file records, keyed (never the values themselves).
        hasher.add(options.secrets.fingerprint)
        // A missing entries folder (or a file in its place) is an error no entry file records.
        hasher.add(JournalFiles.entriesFolderKind(files.root, files.entriesFolder)?.message ?? "entries folder")
        for name in files.quoteFiles + files.templates.map({ "templates/\($0)" }) + files.translations.map({ "i18n/\($0)" }) {
            hasher.add(name)
            hasher.add(files.bytes(of: name) ?? [])
        }
        for path in files.statics {
            let stat = FileStat(path: files.root.path + "/static/" + path)
            hasher.add("\(path) \(stat?.size ?? -1) \(stat?.modified ?? 0)")
        }
        // An entry folder's photos: a changed photo changes the pages and files made of it.
        for path in files.resources {
            let stat = FileStat(path: files.root.path + "/" + path)
            hasher.add("\(path) \(stat?.size ?? -1) \(stat?.modified ?? 0)")
        }
        // The writers' portraits (docs/writers.md), named by the settings rather than found by the scan.
        for path in settings.writers.writers.compactMap(\.portrait) {
            let stat = FileStat(path: files.root.path + "/" + path)
            hasher.add("portrait \(path) \(stat?.size ?? -1) \(stat?.modified ?? 0)")
        }
        return hasher.finish()
    }

    /// What the check saw on disk: the later stages of a build use it instead of looking again.
    struct Observation: Sendable {
        /// Whether the journal and its site are still as the state describes them.
        var holds: Bool
        /// The size and time of each entry file, in the order of the scan.
        var entryStats: [FileStat?]
        /// The size and time of each file the last build wrote, as they are now; empty when the
        /// output was trusted without looking.
        var outputStats: [String: FileStat?]
        /// With the same fingerprint, the entry files that are not as the state recorded them
        /// (new, changed, or modified too near its save to be trusted); nil when the fingerprint
        /// changed.
        var changedEntries: Set<String>? = nil
    }

    /// Looks at every entry file and every file the last build wrote. The state holds when all of
    /// them and the fingerprint are unchanged; an entry file modified within two seconds of the
    /// save is never trusted (see `Builder.loadEntries`).
    /// - Parameters:
    ///   - trustingOutput: take the output files as the state recorded them, without looking (a
    ///     build that continues one of the same process, see `BuildMemory`).
    ///   - changed: the files a watcher saw change since the state was saved, when it knows:
    ///     the other entry files are taken as the state recorded them.
    ///   - entriesSeen: told, before the output files are looked at, whether the entries and the
    ///     fingerprint hold.
    func observe(_ files: JournalFiles, fingerprint: [UInt8], output: URL, jobs: Int, trustingOutput: Bool = false,
                 changed: Set<String>? = nil, entriesSeen: (Bool) -> Void = { _ in }) async throws -> Observation {
        let journal = Folder(files.root.path), site = Folder(output.path)
        let root = files.root.path + "/", outputRoot = output.path + "/"
        let entryStats: [FileStat?]
        if let changed, files.entries.count == entries.count, zip(files.entries, entries).allSatisfy({ $0 == $1.path }) {
            entryStats = entries.map { changed.contains($0.path) ? journal.stat($0.path, root: root) : $0.stat }
        } else {
            entryStats = try await parallelMap(files.entries, jobs: jobs) { journal.stat($0, root: root) }
        }
        let trustedBefore = savedAt - 2_000_000_000
        let entriesHold = fingerprint == self.fingerprint && files.entries.count == entries.count
            && zip(zip(files.entries, entryStats), entries).allSatisfy { now, then in
                now.0 == then.path && now.1 == then.stat && then.stat.modified < trustedBefore
            }
        entriesSeen(entriesHold)
        // Asked only when the entries do not hold: a no-op looks no further.
        let changedEntries = entriesHold ? [] : fingerprint == self.fingerprint
            ? changedEntries(files.entries, entryStats, trustedBefore: trustedBefore) : nil
        if trustingOutput {
            return Observation(holds: entriesHold && OutputFolder.isDaybookOutput(output), entryStats: entryStats, outputStats: [:],
                               changedEntries: changedEntries)
        }
        let outputStats = try await parallelMap(outputs, jobs: jobs) { site.stat($0.path, root: outputRoot) }
        let holds = entriesHold && zip(outputs, outputStats).allSatisfy { $0.stat == $1 } && OutputFolder.isDaybookOutput(output)
        return Observation(holds: holds, entryStats: entryStats,
                           outputStats: Dictionary(zip(outputs.map(\.path), outputStats), uniquingKeysWith: { a, _ in a }),
                           changedEntries: changedEntries)
    }

    /// The entry files at `paths`, whose stats are `stats`, that the state does not record as they are.
    private func changedEntries(_ paths: [String], _ stats: [FileStat?], trustedBefore: Int) -> Set<String> {
        // The scan lists the entries in the state's order unless files were added or removed.
        let recorded: [FileStat?]
        if paths.count == entries.count && zip(paths, entries).allSatisfy({ $0 == $1.path }) {
            recorded = entries.map(\.stat)
        } else {
            let byPath = Dictionary(entries.map { ($0.path, $0.stat) }, uniquingKeysWith: { first, _ in first })
            recorded = paths.map { byPath[$0] }
        }
        return Set(zip(paths, zip(stats, recorded)).compactMap { path, pair in
            pair.1.map { $0 == pair.0 && $0.modified < trustedBefore } == true ? nil : path
        })
    }

    static func load(folder: URL) -> UpToDate? {
        guard let (payload, _) = SealedFile.read(url(in: folder), magic: magic) else { return nil }
        var reader = ByteReader(payload)
        do {
            guard try reader.int() == format else { return nil }
            let fingerprint = try reader.data()
            let savedAt = try reader.int()
            func stats() throws(ByteReader.Damaged) -> [(path: String, stat: FileStat)] {
                try reader.list { (path: try $0.string(), stat: FileStat(size: try $0.varint(), modified: try $0.varint())) }
            }
            let entries = try stats(), outputs = try stats()
            var report = BuildReport(entries: try reader.varint(), draftsLeftOut: try reader.varint(), pages: try reader.varint(),
                                     seconds: 0, output: nil, warnings: [])
            report.warnings = try reader.list { try Diagnostic(from: &$0) }
            let candidates = try reader.varint() == 1 ? try reader.list { try $0.string() } : nil
            guard reader.atEnd else { return nil }
            return UpToDate(fingerprint: fingerprint, savedAt: savedAt, entries: entries, outputs: outputs, report: report,
                            photoCandidates: candidates)
        } catch {
            return nil
        }
    }

    func save(folder: URL) {
        var writer = ByteWriter(capacity: 64 * (entries.count + outputs.count))
        writer.int(Self.format)
        writer.data(fingerprint)
        writer.int(savedAt)
        for list in [entries, outputs] {
            writer.list(list) { writer, file in
                writer.string(file.path)
                writer.varint(max(0, file.stat.size))
                writer.varint(max(0, file.stat.modified))
            }
        }
        writer.varint(report.entries)
        writer.varint(report.draftsLeftOut)
        writer.varint(report.pages)
        writer.list(report.warnings) { $1.encode(into: &$0) }
        writer.varint(photoCandidates == nil ? 0 : 1)
        if let photoCandidates { writer.list(photoCandidates) { $0.string($1) } }
        SealedFile.write(writer.bytes, to: Self.url(in: folder), magic: Self.magic)
    }
}
