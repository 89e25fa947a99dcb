import Foundation

/// What to build, and how.
public struct BuildOptions: Sendable {
    public var journal: URL
    /// Default: `JOURNAL/_site`.
    public var output: URL?
    /// Overrides `base_url` in `daybook.yml`.
    public var baseURL: String?
    public var includeDrafts = false
    /// False for `daybook check`: run every stage but write nothing.
    public var writes = true
    public var jobs = defaultJobs
    /// Read and write `.daybook/cache` to skip unchanged work; false forces a full build.
    public var useCache = true
    /// Where a private journal's secrets come from: the environment (`Features/Private/Secrets`).
    public var secrets = Secrets.process
    /// Build every good entry even when others have errors (`--keep-going`): those entries are
    /// left out and their errors come back in `BuildReport.warnings`, not thrown.
    public var keepGoing = false
    /// The folder of entry files inside the journal (`--entries`); nil: `entries_dir`, or `entries`.
    public var entriesFolder: String?
    /// PBKDF2 rounds for a private journal's key file. Only tests lower it: the random edit
    /// sequences build hundreds of times, and 600,000 rounds in a debug build take a second.
    var keyIterations = PrivateKeys.iterations
    /// Keep each encrypted edition's files in the report's memory (`BuildMemory`), so the next
    /// build of this process compares with them instead of opening the last pack again: the
    /// preview, which rebuilds on every save. A build that ends with the process has no use for it.
    public var remembersEditions = false
    /// Keep the old site, once the new one has taken its place, with the list of the files that
    /// differ (`SiteSwap.keepOld`), and make the next update from it (`SiteUpdate`). An update
    /// then writes its changes and the last one's, where linking every file of a 10,000-entry
    /// site into a new folder and removing the old one took a third of a second on tmpfs and 3.5
    /// seconds on a disk (bench/README.md). The preview keeps it beside its folder; `daybook
    /// build` in `keptSiteFolder`, while the output holds no file of the user's.
    public var keepsOldSite = false
    /// Where `keepsOldSite` keeps the old site; nil: beside the output (`SiteSwap.keptIn`).
    public var keptSiteFolder: URL?
    /// Keep the rows of lists this build rendered in the report's memory (`RowMemory`), for the
    /// next build of this process: the preview, whose saves render again the lists around the
    /// edited entry. A build that ends with its process would only hold them longer.
    public var remembersRows = false
    /// Return the report while the build cache is still being saved, its memory holding the
    /// saving for the next build of this process to wait for: the preview, which tells its open
    /// pages as soon as the site is in place (saving took 9-13 ms of a private journal's save at
    /// 10,000 entries, `serve --timings`). A build that ends with its process must wait for its cache.
    public var reportsBeforeSaving = false

    public init(journal: URL) {
        self.journal = journal
    }

    public var resolvedOutput: URL { output ?? journal.appendingPathComponent("_site") }

    /// Where this build's caches are: the preview's own folder for `daybook serve`, else
    /// `.daybook/cache` (`CacheFile.location`).
    public var cacheFolder: URL { CacheFile.location(journal: journal, output: resolvedOutput) }

    /// Where the site is written: `resolvedOutput`, or the folder it links to when it is a link
    /// (`_site -> ../pages`). A full build replaces its output folder whole, which would otherwise
    /// put a folder in the link's place and leave the linked folder as it was.
    var writtenOutput: URL {
        var output = resolvedOutput.standardizedFileURL
        for _ in 0..<8 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: output.path) else { break }
            output = URL(fileURLWithPath: target, relativeTo: output.deletingLastPathComponent()).standardizedFileURL
        }
        return output
    }

    /// The folders of a journal that a build reads: an output inside one would be read back into
    /// the next site (a site inside `static/` copied into itself, one level deeper every build).
    static let inputFolders = ["entries", "static", "templates", ".daybook"]

    /// Where a preview server may build (inside `.daybook/`, never read by a build).
    public static let previewFolder = ".daybook/serve"

    /// Why the output cannot be where it is, if it cannot: the journal folder itself, or inside
    /// one of `inputFolders`.
    var outputPlacementProblem: Diagnostic? {
        let root = Self.resolved(journal), target = Self.resolved(resolvedOutput)
        if target == root { return .error("refusing to build into the journal folder itself; choose an --output inside or beside it (the default is _site)") }
        // `daybook serve` builds its preview under `.daybook/serve/`, which no build reads.
        if Self.isInPreviewFolder(resolvedOutput, journal: journal) { return nil }
        for folder in Self.inputFolders where target == root + "/" + folder || target.hasPrefix(root + "/" + folder + "/") {
            return .error("refusing to build into \(target): it is inside the journal's \(folder)/ folder, which the build reads; choose an --output outside it (the default is _site)")
        }
        return nil
    }

    /// Whether `output` is inside the preview's folder of `journal`, links resolved.
    static func isInPreviewFolder(_ output: URL, journal: URL) -> Bool {
        resolved(output).hasPrefix(resolved(journal) + "/" + previewFolder + "/")
    }

    /// The path of `url` with every link in it resolved, for the part that exists (an output
    /// folder often does not yet): `/tmp/j/static/site` and `/private/tmp/j/static` compare.
    private static func resolved(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path) && existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing = existing.deletingLastPathComponent()
        }
        return rest.reduce(existing.resolvingSymlinksInPath().path) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
    }
}

/// What a finished build did, for the summary line.
public struct BuildReport: Sendable {
    public var entries: Int
    public var draftsLeftOut: Int
    /// Private entries, published only encrypted (counted in `entries` too).
    public var privateEntries = 0
    public var pages: Int
    /// The pages of the encrypted editions, all editions together.
    public var encryptedPages = 0
    /// Of those, the pages this build rendered: all on a build from scratch, the changed ones on
    /// an update (the rest come from the last build's sealed editions).
    public var encryptedPagesRendered = 0
    /// Readers whose keys this build derived from their passwords (600,000 rounds of PBKDF2 each):
    /// those of editions whose readers or passwords changed, all on a build from scratch.
    public var readerKeysDerived = 0
    /// Editions whose last pack this build read back from the output and opened; a continued
    /// build (the preview) takes them from memory instead (`BuildOptions.remembersEditions`).
    public var editionsOpened = 0
    /// Entry files the photo scan read: every one, but in a continued build (`FeatureInput.lastPhotoScan`).
    public var entryFilesScannedForPhotos = 0
    /// How many encrypted editions (one per group of readers who may open the same entries).
    public var editions = 0
    public var seconds: Double
    public var output: URL?
    /// Warnings of every stage, in file order.
    public var warnings: [Diagnostic]
    /// How long each stage took, in the order they ran.
    public var stages: [Stage] = []
    /// Hugo's and Zola's section files (`_index.md`) found among the entries and skipped.
    public var sectionFilesSkipped = 0

    /// The errors a `--keep-going` build went past (their entries left out).
    public var errors: [Diagnostic] { warnings.filter { $0.severity == .error } }
    /// Which of the output's files the build changed since the last build: a preview server
    /// tells the open pages. Nil when the build stopped early because nothing had changed.
    public var outputChanges: OutputChanges?

    public struct OutputChanges: Sendable, Equatable {
        /// Files made from inputs other than the last build's (their key changed), sorted: new
        /// ones, and pages whose content may have changed.
        public var changed: [String] = []
        /// Those of `changed` that the last build did not have.
        public var added: [String] = []
        /// Files the last build had and this one removed, sorted.
        public var removed: [String] = []

        public init(changed: [String] = [], added: [String] = [], removed: [String] = []) {
            self.changed = changed
            self.added = added
            self.removed = removed
        }
    }
    /// What this build leaves for the next build by this process to continue from (see
    /// `BuildMemory`); nil when it saved nothing (`check`, or nothing had changed).
    public var memory: BuildMemory?

    public struct Stage: Sendable {
        public var name: String
        public var seconds: Double
    }
}

/// Progress of a build, reported as stages start and as pages are written.
public struct BuildProgress: Sendable {
    public var stage: String
    public var done: Int
    /// 0 when the stage has nothing to count (waiting for another build).
    public var total: Int
}
