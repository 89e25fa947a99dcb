/// The CI files of a new journal. Every kind builds Daybook from source at a pinned tag in the
/// official Swift image (no release binary to trust), checks the commit the tag points at, keeps
/// the binary and `.daybook/` (and the last output) in the CI cache so a push rebuilds
/// incrementally, and passes a private journal's secrets to the build step alone.
enum StarterCI {
    /// What the CI image lacks beyond the build's own packages: git and certificates to fetch
    /// Daybook's source, ssh to push a private journal's site to its public repository.
    static let ciExtras = ["git", "ca-certificates", "openssh-client"]

    /// The one `apt-get install` line of every CI file: `Templates/starter/debian-packages.txt`.
    static var aptInstall: String {
        "apt-get update && apt-get install -y --no-install-recommends "
            + (ciExtras + StarterResources.debianPackages).joined(separator: " ")
    }

    /// The script that fetches Daybook's source at the tag, checks the pin and builds it into
    /// `$1` (a folder); the same lines in every CI file.
    static func buildDaybook(into folder: String) -> String {
        """
        rm -rf "$DAYBOOK_SRC" && git clone --depth 1 --branch "v$DAYBOOK_VERSION" "$DAYBOOK_SOURCE" "$DAYBOOK_SRC"
        actual=$(git -C "$DAYBOOK_SRC" rev-parse HEAD)
        if [ "$actual" != "$DAYBOOK_COMMIT" ]; then
          echo "error: tag v$DAYBOOK_VERSION of $DAYBOOK_SOURCE is $actual, not the pinned $DAYBOOK_COMMIT"; exit 1
        fi
        swift build --package-path "$DAYBOOK_SRC" -c release --static-swift-stdlib
        mkdir -p "\(folder)" && cp "$DAYBOOK_SRC/.build/release/daybook" "\(folder)/"
        """
    }

    /// The pins, in the `env:`/`variables:` block of either file.
    static func pins(_ options: JournalStarter.Options, quoteSource: Bool) -> String {
        let source = options.source.repository
        return """
          # The Daybook release to build, from its source, and the commit its tag must point at:
          # a tag moved to other code stops the job instead of building it.
          DAYBOOK_VERSION: "\(DaybookVersion.string)"
          DAYBOOK_COMMIT: "\(options.source.commit)"
          DAYBOOK_SOURCE: \(quoteSource ? "\"\(source)\"" : source)
        """
    }

    static func indented(_ text: String, by spaces: Int) -> String {
        let pad = String(repeating: " ", count: spaces)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : pad + $0 }.joined(separator: "\n")
    }
}
