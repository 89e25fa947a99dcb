import ArgumentParser
import Daybook
import Foundation
import Synchronization

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Build the journal's website.")

    @OptionGroup var journal: JournalArgument

    @Option(name: .shortAndLong, help: "Where to write the site (default: JOURNAL/_site).", completion: .directory)
    var output: String?

    @Option(help: "The site's public address, e.g. https://example.org/journal/ (overrides base_url).")
    var baseURL: String?

    @Flag(help: "Include entries marked draft: true.")
    var drafts = false

    @Flag(name: .shortAndLong, help: "Print only problems, no progress or summary.")
    var quiet = false

    @Option(name: .shortAndLong, help: "How many pages to render at once (default: one per core).")
    var jobs: Int?

    @Flag(help: "Ignore the cache in JOURNAL/.daybook/cache and build everything.")
    var noCache = false

    @Option(help: "The folder of entry files inside the journal, e.g. content/posts (overrides entries_dir).")
    var entries: String?

    @Flag(help: "Build every good entry even when others have errors: list the errors, write the site without those entries, exit with 1.")
    var keepGoing = false

    @Flag(help: "Print how long each stage of the build took.")
    var timings = false

    func run() async throws {
        var options = BuildOptions(journal: journal.url)
        options.output = output.map { URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL }
        options.baseURL = baseURL
        options.includeDrafts = drafts
        if let jobs { options.jobs = jobs }
        options.useCache = !noCache
        // The next build updates the site from the one it replaces (docs/output-folder.md). Not in
        // CI: the next job restores the output from its cache as new folders, which the kept site
        // no longer describes, so it would only make the cache twice as large.
        options.keepsOldSite = ProcessInfo.processInfo.environment["CI"] == nil
        options.keptSiteFolder = options.cacheFolder
        options.keepGoing = keepGoing
        options.entriesFolder = entries
        let hints = try JournalHints.check(journal, entries: entries)
        let progress = ProgressLine(enabled: !quiet && Console.isTerminal)
        // Run as a task of its own, which Ctrl-C and SIGTERM cancel.
        let building = Task { () -> Result<BuildReport, BuildFailure> in
            do throws(BuildFailure) { return .success(try await Builder.run(options) { progress.update($0) }) } catch { return .failure(error) }
        }
        let stopper = SignalStopper { building.cancel() }
        let outcome = await building.value
        stopper.stop()
        progress.clear()
        let report: BuildReport
        switch outcome {
        case .success(let built): report = built
        case .failure(let failure):
            if let number = stopper.received {
                Console.error("build: stopped by \(number == SIGINT ? "Ctrl-C" : "SIGTERM"); the output folder is as the last build left it")
                throw ExitCode(128 + number)
            }
            throw ExitCode(Console.report(failure, what: "build"))
        }
        Console.print(report.warnings)
        if timings {
            for stage in report.stages {
                Console.error(String(format: "%8.3f s  %@", stage.seconds, stage.name))
            }
        }
        if !quiet {
            Swift.print(Summary.build(report, journal: journal.url))
            if let site = ForeignSite.of(journal: journal.url) { Swift.print(site.summary) }
        }
        for hint in hints { Console.error("hint: \(hint)") }
        if !report.errors.isEmpty {
            // The site is written; the exit status lets a CI choose whether to publish it.
            Console.error("build: \(Summary.count(report.errors.count, "error", "errors")); the entries with errors were left out (--keep-going)")
            throw ExitCode(1)
        }
    }
}

enum Summary {
    static func build(_ report: BuildReport, journal: URL) -> String {
        var line = "Built \(count(report.entries, "entry", "entries"))"
        if report.privateEntries > 0 { line += " (\(report.privateEntries) private, encrypted)" }
        line += " into \(count(report.pages, "page", "pages"))"
        if report.editions > 0 {
            line += " and \(count(report.encryptedPages, "encrypted page", "encrypted pages")) (\(count(report.editions, "edition", "editions")))"
        }
        if report.draftsLeftOut > 0 { line += " (\(count(report.draftsLeftOut, "draft", "drafts")) left out)" }
        if report.sectionFilesSkipped > 0 {
            line += " (\(count(report.sectionFilesSkipped, "section file", "section files")) _index.md skipped)"
        }
        line += " in \(String(format: "%.2f", report.seconds)) s"
        if let output = report.output { line += ": \(display(output, from: journal))" }
        return line
    }

    static func count(_ value: Int, _ one: String, _ many: String) -> String {
        "\(value) \(value == 1 ? one : many)"
    }

    /// The output path as the user would type it: relative to the current folder when inside it.
    static func display(_ url: URL, from journal: URL) -> String {
        let current = FileManager.default.currentDirectoryPath
        let path = url.standardizedFileURL.path
        return path.hasPrefix(current + "/") ? String(path.dropFirst(current.count + 1)) : path
    }
}

/// Ctrl-C and SIGTERM (a cancelled CI job) ask the build to stop rather than end the process:
/// the build stops at its next cancellation point, removes its unfinished site and leaves the
/// last one in place. A second signal ends the process at once, which is safe too (see
/// docs/output-folder.md): the next build cleans up after it.
final class SignalStopper {
    private let sources: [any DispatchSourceSignal]
    private let signalled: Signalled

    private final class Signalled: Sendable {
        let number = Mutex<Int32?>(nil)
    }

    init(_ stop: @escaping @Sendable () -> Void) {
        let signalled = Signalled()
        self.signalled = signalled
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                signalled.number.withLock { $0 = $0 ?? number }
                signal(SIGINT, SIG_DFL)
                signal(SIGTERM, SIG_DFL)
                stop()
            }
            source.resume()
            return source
        }
    }

    /// The signal that asked the build to stop, if one did.
    var received: Int32? { signalled.number.withLock { $0 } }

    /// Lets signals end the process again, as they do by default.
    func stop() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
