import Foundation
import Synchronization

/// The build pipeline: scan, load, assemble, load templates, render, write. Each stage takes
/// values and returns values; problems are collected per stage and raised at its boundary.
public enum Builder {
    /// Everything a build knows once its input is read and checked.
    struct Loaded {
        var files: JournalFiles
        var journal: Journal
        var templates: TemplateSet
        var warnings: [Diagnostic]
    }

    public static func run(_ options: BuildOptions,
                           progress: @escaping @Sendable (BuildProgress) -> Void = { _ in }) async throws(BuildFailure) -> BuildReport {
        var timer = StageTimer()
        do {
            var loaded = try await load(options, timer: &timer, progress: progress)
            let renderer = SiteRenderer(view: JournalView(journal: loaded.journal), templates: loaded.templates)
            timer.lap("views")
            let pages = Page.all(for: loaded.journal)
            var output: URL?
            if options.writes {
                loaded.warnings += try await write(renderer, pages: pages, loaded: loaded, options: options, timer: &timer, progress: progress)
                output = options.resolvedOutput
            } else {
                _ = try await renderer.render(pages, jobs: options.jobs) { _ in }
                timer.lap("render")
            }
            var report = BuildReport(entries: loaded.journal.entries.count, draftsLeftOut: loaded.journal.draftsLeftOut,
                                     pages: pages.count, seconds: timer.total, output: output, warnings: loaded.warnings.sorted())
            report.stages = timer.stages
            return report
        } catch let failure as BuildFailure {
            throw failure
        } catch {
            throw BuildFailure([.error("\(error.localizedDescription)")])
        }
    }

    /// Renders into a staging folder and swaps it in for the output.
    private static func write(_ renderer: SiteRenderer, pages: [Page], loaded: Loaded, options: BuildOptions,
                              timer: inout StageTimer, progress: @escaping @Sendable (BuildProgress) -> Void) async throws -> [Diagnostic] {
        let folder = try OutputFolder.prepare(options.resolvedOutput)
        do {
            let paths = pages.map { Page.outputFile(for: $0.sitePath(in: loaded.journal)) } + renderer.extraFiles.map(\.path)
            try folder.makeFolders(for: paths)
            timer.lap("folders")
            let counter = Counter()
            let total = paths.count
            _ = try await renderer.render(pages, jobs: options.jobs) { files in
                try folder.write(files)
                progress(BuildProgress(stage: "Writing pages", done: counter.add(files.count), total: total))
            }
            timer.lap("render and write")
            let staticProblems = folder.copyStatic(from: options.journal.appendingPathComponent("static"), files: loaded.files.statics)
            if staticProblems.hasErrors { throw BuildFailure(loaded.warnings + staticProblems) }
            try folder.commit()
            timer.lap("static and swap")
            return staticProblems
        } catch {
            folder.discard()
            throw error
        }
    }

    /// Every stage up to the rendered site: what `check` validates. Throws with every problem
    /// found, errors and warnings together, when any is an error.
    static func load(_ options: BuildOptions, timer: inout StageTimer,
                     progress: @escaping @Sendable (BuildProgress) -> Void) async throws -> Loaded {
        let files = try JournalFiles.scan(options.journal)
        var (settings, diagnostics) = SettingsLoader.load(text: files.settingsText)
        if let baseURL = options.baseURL { settings.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/" }
        settings.includeDrafts = options.includeDrafts
        if !FileManager.default.fileExists(atPath: options.journal.appendingPathComponent("entries").path) {
            diagnostics.append(.warning("no entries/ folder; the site will have no entries", at: nil))
        }
        timer.lap("scan")

        let loader = EntryLoader(dates: DateParser(timeZone: TimeZone(identifier: settings.timeZone) ?? .gmt), rawHTML: settings.rawHTML)
        progress(BuildProgress(stage: "Reading entries", done: 0, total: files.entries.count))
        let loaded = try await parallelMap(files.entries, jobs: options.jobs) { path -> (Entry?, [Diagnostic]) in
            guard let bytes = files.bytes(of: path) else {
                return (nil, [.error("could not read the file", at: SourceLocation(file: path))])
            }
            return loader.load(path: path, bytes: bytes)
        }
        diagnostics += loaded.flatMap(\.1)
        timer.lap("read and parse entries")
        let (journal, linkProblems) = JournalAssembler.assemble(loaded.compactMap(\.0), settings: settings)
        diagnostics += linkProblems
        timer.lap("assemble")

        var overrides: [String: [UInt8]] = [:]
        for name in files.templates { overrides[name] = files.bytes(of: "templates/\(name)") }
        let (templates, templateProblems) = TemplateSet.load(overrides: overrides)
        diagnostics += templateProblems
        timer.lap("templates")

        guard let templates, !diagnostics.hasErrors else { throw BuildFailure(diagnostics) }
        return Loaded(files: files, journal: journal, templates: templates, warnings: diagnostics)
    }
}

/// A thread-safe running total for progress reports.
final class Counter: Sendable {
    private let value = Mutex(0)
    func add(_ amount: Int) -> Int { value.withLock { $0 += amount; return $0 } }
}
