import Foundation
import Synchronization

/// The build pipeline: scan, load, assemble, load templates, render, write. Each stage takes
/// values and returns values; problems are collected per stage and raised at its boundary.
public enum Builder {
    public static func run(_ options: BuildOptions,
                           progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) async throws(BuildFailure) -> BuildReport {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            var (files, journal, templates, warnings) = try await load(options, progress: progress)
            var view = JournalView(journal: journal)
            let dataFiles = try await searchFiles(&view, options: options, progress: progress)
            let renderer = SiteRenderer(view: view, templates: templates, dataFiles: dataFiles)
            var pages = 0
            var output: URL?
            if options.writes {
                let folder = try OutputFolder.prepare(options.resolvedOutput)
                do {
                    let total = Page.all(for: journal).count + renderer.assetFiles.count + renderer.dataFiles.count
                    let counter = Counter()
                    pages = try await renderer.render { files in
                        try folder.write(files)
                        progress(BuildProgress(stage: "Writing pages", done: counter.add(files.count), total: total))
                    }
                    let staticProblems = folder.copyStatic(from: options.journal.appendingPathComponent("static"), files: files.statics)
                    if staticProblems.hasErrors { throw BuildFailure(warnings + staticProblems) }
                    warnings += staticProblems
                    try folder.commit()
                } catch {
                    folder.discard()
                    throw error
                }
                output = options.resolvedOutput
            } else {
                pages = try await renderer.render { _ in }
            }
            let elapsed = clock.now - start
            return BuildReport(entries: journal.entries.count, draftsLeftOut: journal.draftsLeftOut, pages: pages,
                               seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                               output: output, warnings: warnings.sorted())
        } catch let failure as BuildFailure {
            throw failure
        } catch {
            throw BuildFailure([.error("\(error.localizedDescription)")])
        }
    }

    /// Every stage up to the rendered site: what `check` validates. Throws with every problem
    /// found, errors and warnings together, when any is an error.
    static func load(_ options: BuildOptions,
                     progress: @escaping @Sendable (BuildProgress) -> Void) async throws -> (JournalFiles, Journal, TemplateSet, [Diagnostic]) {
        let files = try JournalFiles.scan(options.journal)
        var (settings, diagnostics) = SettingsLoader.load(text: files.settingsText)
        if let baseURL = options.baseURL { settings.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }
        settings.includeDrafts = options.includeDrafts
        if !FileManager.default.fileExists(atPath: options.journal.appendingPathComponent("entries").path) {
            diagnostics.append(.warning("no entries/ folder; the site will have no entries", at: nil))
        }

        let loader = EntryLoader(dates: DateParser(timeZone: TimeZone(identifier: settings.timeZone) ?? .gmt), rawHTML: settings.rawHTML)
        progress(BuildProgress(stage: "Reading entries", done: 0, total: files.entries.count))
        let loaded = try await parallelMap(files.entries, jobs: options.jobs) { path -> (Entry?, [Diagnostic]) in
            guard let bytes = files.bytes(of: path) else {
                return (nil, [.error("could not read the file", at: SourceLocation(file: path))])
            }
            return loader.load(path: path, bytes: bytes)
        }
        diagnostics += loaded.flatMap(\.1)
        let (journal, linkProblems) = JournalAssembler.assemble(loaded.compactMap(\.0), settings: settings)
        diagnostics += linkProblems

        var overrides: [String: [UInt8]] = [:]
        for name in files.templates { overrides[name] = files.bytes(of: "templates/\(name)") }
        let (templates, templateProblems) = TemplateSet.load(overrides: overrides)
        diagnostics += templateProblems

        guard let templates, !diagnostics.hasErrors else { throw BuildFailure(diagnostics) }
        return (files, journal, templates, diagnostics)
    }
}

/// A thread-safe running total for progress reports.
final class Counter: Sendable {
    private let value = Mutex(0)
    func add(_ amount: Int) -> Int { value.withLock { $0 += amount; return $0 } }
}
