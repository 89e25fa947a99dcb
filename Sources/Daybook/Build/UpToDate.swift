import Foundation

/// The quickest answer to "has anything changed since the last build?", kept in
/// `JOURNAL/.daybook/cache/state.cache` (a `SealedFile`): the size and time of every entry file and
/// of every file the build wrote, and a digest of everything else a build reads (Daybook's version,
/// the options, the settings, quotes and template files, the static files' sizes and times). When
/// all of it matches, the site on disk is what a build would write, and nothing is parsed.
struct UpToDate: Sendable {
    static let format = 1
    static let fileName = "state.cache"
    static let magic = Array("DAYBOOK-STATE\n".utf8)

    var fingerprint: [UInt8]
    /// Wall-clock time of the save, in nanoseconds.
    var savedAt: Int
    var entries: [(path: String, stat: FileStat)]
    var outputs: [(path: String, stat: FileStat)]
    /// The summary of the build that saved it.
    var report: BuildReport

    static func url(in journal: URL) -> URL {
        journal.appendingPathComponent(BuildCache.folder).appendingPathComponent(fileName)
    }

    /// A digest of every input of a build besides the entry files, or nil when the build reads
    /// something no file records (quotes fetched from the network).
    static func fingerprint(_ files: JournalFiles, options: BuildOptions, settings: Settings) -> [UInt8]? {
        guard settings.zenQuotesURL == nil || !settings.quoteOfTheDay else { return nil }
        var hasher = ContentHash.Hasher()
        hasher.add("\(DaybookVersion.string) \(BuildCache.format) \(format)")
        let output = BuildCache.outputPath(options.resolvedOutput.standardizedFileURL, journal: options.journal)
        hasher.add("\(output)\n\(options.baseURL ?? "-")\n\(options.includeDrafts)")
        hasher.add(files.settingsText ?? "-")
        for name in files.quoteFiles + files.templates.map({ "templates/\($0)" }) {
            hasher.add(name)
            hasher.add(files.bytes(of: name) ?? [])
        }
        for path in files.statics {
            let stat = FileStat(path: files.root.path + "/static/" + path)
            hasher.add("\(path) \(stat?.size ?? -1) \(stat?.modified ?? 0)")
        }
        return hasher.finish()
    }

    /// Whether the journal and its site are still as this state describes them. An entry file
    /// modified within two seconds of the save is never trusted (see `Builder.loadEntries`).
    func holds(_ files: JournalFiles, fingerprint: [UInt8], output: URL, jobs: Int) async throws -> Bool {
        guard fingerprint == self.fingerprint, files.entries.count == entries.count,
              zip(files.entries, entries).allSatisfy({ $0 == $1.path }),
              OutputFolder.isDaybookOutput(output) else { return false }
        let trustedBefore = savedAt - 2_000_000_000
        let journal = Folder(files.root.path), site = Folder(output.path)
        let entriesHold = try await parallelMap(entries, jobs: jobs) { entry in
            journal.stat(entry.path, root: files.root.path + "/").map { $0 == entry.stat && $0.modified < trustedBefore } == true
        }
        guard !entriesHold.contains(false) else { return false }
        let outputsHold = try await parallelMap(outputs, jobs: jobs) { file in
            site.stat(file.path, root: output.path + "/") == file.stat
        }
        return !outputsHold.contains(false)
    }

    static func load(journal: URL) -> UpToDate? {
        guard let payload = SealedFile.read(url(in: journal), magic: magic) else { return nil }
        var reader = ByteReader(payload)
        do {
            guard try reader.int() == format else { return nil }
            let fingerprint = try reader.data()
            let savedAt = try reader.int()
            func stats() throws(ByteReader.Damaged) -> [(path: String, stat: FileStat)] {
                var list: [(path: String, stat: FileStat)] = []
                let count = try reader.varint()
                list.reserveCapacity(count)
                for _ in 0..<count {
                    list.append((try reader.string(), FileStat(size: try reader.varint(), modified: try reader.varint())))
                }
                return list
            }
            let entries = try stats(), outputs = try stats()
            var report = BuildReport(entries: try reader.varint(), draftsLeftOut: try reader.varint(), pages: try reader.varint(),
                                     seconds: 0, output: nil, warnings: [])
            for _ in 0..<(try reader.varint()) { report.warnings.append(try Diagnostic(from: &reader)) }
            guard reader.atEnd else { return nil }
            return UpToDate(fingerprint: fingerprint, savedAt: savedAt, entries: entries, outputs: outputs, report: report)
        } catch {
            return nil
        }
    }

    func save(journal: URL) {
        var writer = ByteWriter(capacity: 64 * (entries.count + outputs.count))
        writer.int(Self.format)
        writer.data(fingerprint)
        writer.int(savedAt)
        for list in [entries, outputs] {
            writer.varint(list.count)
            for (path, stat) in list {
                writer.string(path)
                writer.varint(max(0, stat.size))
                writer.varint(max(0, stat.modified))
            }
        }
        writer.varint(report.entries)
        writer.varint(report.draftsLeftOut)
        writer.varint(report.pages)
        writer.varint(report.warnings.count)
        for warning in report.warnings { warning.encode(into: &writer) }
        SealedFile.write(writer.bytes, to: Self.url(in: journal), magic: Self.magic)
    }
}
