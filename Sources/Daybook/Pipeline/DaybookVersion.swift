/// The version of Daybook, printed by `daybook --version`.
public enum DaybookVersion {
    public static let string = "0.1.0"
    /// The git repository whose tag `v<string>` the CI files of `daybook init` build from.
    public static let sourceRepository = "https://github.com/daybook-journal/daybook.git"
    /// The commit that tag points at, which those CI files check after cloning; empty in a
    /// development build (the release sets it), and the CI files then say so and skip the check.
    public static let sourceCommit = ""
    /// The official Swift image the CI files build Daybook in (a pinned release).
    public static let swiftImage = "swift:6.3.1-noble"
}
