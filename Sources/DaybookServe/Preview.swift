import Daybook
import Foundation
import Hummingbird
import Logging
import Synchronization

/// What `daybook serve` was asked for.
public struct PreviewOptions: Sendable {
    public var journal: URL
    /// Nil: 4000, or the next free port after it.
    public var port: Int?
    public var bind = "127.0.0.1"
    public var poll = false
    public var baseURL: String?
    public var jobs: Int?
    /// Print how long each stage of every rebuild took.
    public var timings = false

    public init(journal: URL) {
        self.journal = journal
    }

    /// The preview's own output, never the journal's output folder.
    public var site: URL { journal.appendingPathComponent(BuildOptions.previewFolder + "/site", isDirectory: true) }

    var buildOptions: BuildOptions {
        var options = BuildOptions(journal: journal)
        options.output = site
        options.includeDrafts = true
        options.baseURL = baseURL
        // A private journal's next rebuild takes its editions from memory, not from the sealed output.
        options.remembersEditions = true
        // The old site stays beside the new one, for the next update to bring up to date.
        options.keepsOldSite = true
        // The rows of the lists a save renders again are taken from the last build.
        options.remembersRows = true
        // The pages are told while the cache is saved; the next rebuild waits for it.
        options.reportsBeforeSaving = true
        if let jobs { options.jobs = jobs }
        return options
    }
}

/// Why the preview could not start.
public struct PreviewFailure: Error, Sendable {
    public var message: String
}

/// `daybook serve`: builds the journal with its drafts under `.daybook/serve/`, serves it on
/// 127.0.0.1, rebuilds when files change, and tells the open pages to reload.
public final class Preview: Sendable {
    let options: PreviewOptions
    let hub = UpdateHub()
    let say: @Sendable (String) -> Void
    private let scheduler = Mutex(RebuildScheduler())
    private let wake: AsyncStream<Void>.Continuation
    private let wakes: AsyncStream<Void>
    /// Rebuilds run so far (the first build included), for tests and the terminal.
    private let builds = Mutex(0)
    private let lastWarnings = Mutex<Set<Diagnostic>>([])
    private let saidOnce = Mutex<Set<Diagnostic>>([])
    /// What the last good build left for the next to continue from (`BuildMemory`): the preview's
    /// folder is Daybook's own, so its files need not be looked at again.
    private let memory = Mutex<BuildMemory?>(nil)
    /// The files the watcher reported since the last rebuild started, handed to the next so it
    /// looks at those alone; nil when the watcher could not say which (its queue overflowed).
    private let pending = Mutex<Set<String>?>([])

    /// - Parameter say: prints a line on the terminal (standard error).
    public init(_ options: PreviewOptions, say: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.say = say
        (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// The address to listen on: the port asked for (an error when busy) or the first free one
    /// from 4000.
    public func choosePort() throws(PreviewFailure) -> (address: String, port: Int) {
        let address = options.bind == "localhost" ? "127.0.0.1" : options.bind
        if let port = options.port {
            guard Ports.isFree(port, address: address) else {
                throw PreviewFailure(message: "port \(port) on \(address) is busy (or cannot be used); choose another with --port, or leave it out to take the next free one")
            }
            return (address, port)
        }
        guard let port = Ports.firstFree(from: 4000, address: address) else {
            throw PreviewFailure(message: "no free port from 4000 to 4049 on \(address); choose one with --port")
        }
        return (address, port)
    }

    /// Builds, then serves until the process is stopped. `ready` gets the address once it listens.
    public func run(address: String, port: Int, ready: @escaping @Sendable (String) -> Void) async throws {
        try? FileManager.default.createDirectory(at: options.site, withIntermediateDirectories: true)
        // Watching starts before the first build scans the journal, so every change after that
        // scan is told to the rebuild that follows (which looks at the files it is told of alone).
        let filter = ChangeFilter()
        let watcher = Watchers.start(root: options.journal, filter: filter, poll: options.poll, say: say) { [weak self] path in
            self?.changed(path)
        }
        defer { watcher.stop() }
        await rebuild(first: true)
        let responder = SiteResponder(site: options.site, hub: hub, hosts: HostCheck(port: port, bind: address))
        var logger = Logger(label: "daybook-serve")
        logger.logLevel = .critical
        let url = "http://\(address.contains(":") ? "[\(address)]" : address):\(port)/"
        let app = Application(
            responder: CallbackResponder<BasicRequestContext> { request, _ in await responder.respond(request) },
            configuration: .init(address: .hostname(address, port: port), serverName: nil),
            onServerRunning: { _ in ready(url) },
            logger: logger)
        async let loop: Void = rebuildLoop()
        // Ctrl-C is handled by the command (`stop`), which ends the streams of open pages first.
        try await app.runService(gracefulShutdownSignals: [])
        try await loop
    }

    /// Ends every open page's stream, so the process can exit at once.
    public func stop() { hub.closeAll() }

    /// A file that matters changed (nil: the watcher cannot say which): the loop decides when
    /// to rebuild.
    func changed(_ path: String?) {
        pending.withLock { pending in
            if let path { pending?.insert(path) } else { pending = nil }
        }
        scheduler.withLock { $0.changed(at: .now) }
        wake.yield()
    }

    private func rebuildLoop() async throws {
        var wakeups = wakes.makeAsyncIterator()
        while !Task.isCancelled {
            let due = scheduler.withLock { $0.startsAt }
            guard let due else {
                _ = await wakeups.next()
                continue
            }
            if ContinuousClock.now < due { try await Task.sleep(until: due, clock: .continuous) }
            guard let changedAt = scheduler.withLock({ $0.startIfDue(at: .now) }) else { continue }
            await rebuild(first: false, changedAt: changedAt)
            scheduler.withLock { $0.finished() }
        }
    }

    /// One build into the preview's folder; tells the open pages what changed, or the errors.
    /// - Parameter changedAt: when the first change this rebuild answers was seen.
    func rebuild(first: Bool, changedAt: ContinuousClock.Instant? = nil) async {
        let buildOptions = options.buildOptions
        let count = builds.withLock { $0 += 1; return $0 }
        let changedFiles = pending.withLock { pending in
            defer { pending = [] }
            return pending
        }
        do {
            let report = try await Builder.run(buildOptions, continuing: memory.withLock { $0 }, changed: changedFiles)
            // The memory it replaces is let go of after the pages are told, on another thread:
            // freeing a private journal's editions (every file of each) took one core 10 ms.
            let replaced = memory.withLock { held in
                defer { held = report.memory }
                return held
            }
            defer { Task.detached(priority: .background) { withExtendedLifetime(replaced) {} } }
            // A warning is printed when it appears, not again on every rebuild while it holds.
            // One about the settings (no base_url) is said once per session.
            let fresh = lastWarnings.withLock { last in
                defer { last = Set(report.warnings) }
                return report.warnings.filter { !last.contains($0) }
            }.filter(isNew)
            for warning in fresh { say(warning.rendered) }
            // The first build's changes are nobody's: no page was open before it.
            let changes = first ? SiteChanges() : report.outputChanges.map(SiteChanges.init) ?? SiteChanges()
            hub.publish(changes, error: nil)
            let what = first ? "Built" : "Rebuilt"
            if options.timings {
                for stage in report.stages { say(String(format: "%8.3f s  %@", stage.seconds, stage.name)) }
                if let changedAt { say(String(format: "%8.3f s  from the change seen to the pages told", (ContinuousClock.now - changedAt) / .seconds(1))) }
            }
            say("\(what) \(report.entries) \(report.entries == 1 ? "entry" : "entries") in \(String(format: "%.2f", report.seconds)) s (build \(count)): \(changes.changed.count) files changed, \(changes.removed.count) removed")
        } catch {
            let errors = error.errorCount
            // The errors first; a settings warning already said this session is not said again.
            let shown = error.diagnostics.filter(isNew)
            let ordered = shown.filter { $0.severity == .error } + shown.filter { $0.severity != .error }
            let text = (ordered.map(\.rendered) + ["build failed: \(errors) error\(errors == 1 ? "" : "s")"]).joined(separator: "\n")
            lastWarnings.withLock { $0 = [] }
            // The next build continues the last good one: what this one was told must be told again.
            pending.withLock { pending in
                pending = changedFiles.flatMap { failed in pending.map { failed.union($0) } }
            }
            say(text)
            say("The last good build stays served (build \(count)).")
            hub.publish(SiteChanges(), error: text)
        }
    }

    /// Whether `diagnostic` is to be said now: a settings warning once per session, others always.
    private func isNew(_ diagnostic: Diagnostic) -> Bool {
        !diagnostic.oncePerSession || saidOnce.withLock { $0.insert(diagnostic).inserted }
    }
}
