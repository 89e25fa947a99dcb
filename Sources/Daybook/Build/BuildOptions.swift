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
    /// False when the process ends right after the build, as the command line's does: the
    /// build's data is then left for the operating system to reclaim at exit, which is quicker
    /// than freeing a large journal's hundreds of thousands of values one by one (compilers do the
    /// same). A program that builds more than once must leave this true.
    public var freesMemory = true

    public init(journal: URL) {
        self.journal = journal
    }

    public var resolvedOutput: URL { output ?? journal.appendingPathComponent("_site") }
}

/// What a finished build did, for the summary line.
public struct BuildReport: Sendable {
    public var entries: Int
    public var draftsLeftOut: Int
    public var pages: Int
    public var seconds: Double
    public var output: URL?
    /// Warnings of every stage, in file order.
    public var warnings: [Diagnostic]
    /// How long each stage took, in the order they ran.
    public var stages: [Stage] = []

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
