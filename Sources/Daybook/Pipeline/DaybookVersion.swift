/// The version of Daybook, printed by `daybook --version`.
public enum DaybookVersion {
    public static let string = "0.1.0"
    /// The git repository whose tag `v<string>` the CI files of `daybook init` build from: the
    /// one line a fork or a mirror changes (or `daybook init --daybook-source`).
    public static let sourceRepository = "https://github.com/daybook-journal/daybook.git"
    /// The commit that tag points at, when a packager sets it; empty otherwise (a commit cannot
    /// hold its own id), and `daybook init` asks the repository with `git ls-remote`
    /// (`DaybookSource.resolve`), or is told with `--daybook-commit`.
    public static let sourceCommit = ""
    /// The official Swift image the CI files build Daybook in (a pinned release).
    public static let swiftImage = "swift:6.3.1-noble"
}
