import Foundation

/// Creates a new journal for `daybook init`: settings, a first entry, the folders, a
/// `.gitignore`, a README and the CI files that publish it. Never overwrites a file.
public enum JournalStarter {
    public enum CI: String, Sendable, CaseIterable {
        case github, gitlab, none
    }

    public struct Options: Sendable {
        public var folder: URL
        public var title = "My journal"
        /// An IANA zone, written into `daybook.yml` and the CI files.
        public var timeZone: String
        public var ci = CI.github
        /// A private journal: `private: true`, and CI files that keep the source private.
        public var isPrivate = false
        /// The Daybook source and commit the CI files build (`DaybookSource.resolve`).
        public var source = DaybookSource(repository: DaybookVersion.sourceRepository, commit: DaybookVersion.sourceCommit)
        /// Add to a folder that already has files (still never overwriting one).
        public var force = false
        /// The first entry's date; the caller's clock, in `timeZone`.
        public var now = Date()

        public init(folder: URL, timeZone: String) {
            self.folder = folder
            self.timeZone = timeZone
        }
    }

    /// What `create` did: the files written and those left as they were, relative to the folder.
    public struct Result: Sendable {
        public var created: [String] = []
        public var kept: [String] = []
    }

    /// The files of a new journal, path -> content, in the order they are listed.
    public static func files(_ options: Options) -> [(path: String, text: String)] {
        let zone = TimeZone(identifier: options.timeZone) ?? .gmt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let day = calendar.dateComponents([.year, .month, .day], from: options.now)
        let date = String(format: "%04d-%02d-%02d", day.year!, day.month!, day.day!)
        var files: [(String, String)] = [
            ("daybook.yml", settings(options)),
            ("entries/\(date.prefix(4))/\(date.dropFirst(5).prefix(2))/\(date)-first-entry.md", firstEntry(date)),
            ("static/.gitkeep", ""),
            ("templates/.gitkeep", ""),
            (".gitignore", "# Daybook's output and its caches: the CI builds the site from the entries.\n_site/\npublic/\n.daybook/\n.daybook-bin/\n"
                + "# A build's new site while it is made, beside the output (a stopped build's is removed by the next).\n.*.daybook-new/\n.*.daybook-old/\n"),
            ("README.md", readme(options)),
        ]
        switch options.ci {
        case .github: files.append((".github/workflows/publish.yml", StarterCI.github(options)))
        case .gitlab: files.append((".gitlab-ci.yml", StarterCI.gitlab(options)))
        case .none: break
        }
        return files.map { (path: $0.0, text: $0.1) }
    }

    /// Writes the journal. Throws when the folder has files and `force` is off, listing none.
    public static func create(_ options: Options) throws(BuildFailure) -> Result {
        let manager = FileManager.default
        let root = options.folder.path
        // A fresh `git init` counts as empty.
        let present = ((try? manager.contentsOfDirectory(atPath: root)) ?? []).filter { $0 != ".git" }
        if !present.isEmpty && !options.force {
            throw BuildFailure([.error("\(root) is not empty (\(present.sorted().prefix(3).joined(separator: ", "))\(present.count > 3 ? ", …" : "")); run daybook init in an empty folder, or pass --force to add the missing files (no file is ever overwritten)")])
        }
        var result = Result()
        for (path, text) in files(options) {
            let url = options.folder.appendingPathComponent(path)
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw BuildFailure([.error("could not create the folder of \(path): \(error.localizedDescription)")])
            }
            // O_EXCL: written only if nothing is there, even when another program races us.
            let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            if descriptor < 0 {
                if errno == EEXIST { result.kept.append(path); continue }
                throw BuildFailure([.error("could not create \(path): \(String(cString: strerror(errno)))")])
            }
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            guard written == bytes.count else { throw BuildFailure([.error("could not write \(path)")]) }
            result.created.append(path)
        }
        return result
    }

    static func settings(_ options: Options) -> String {
        """
        # The journal's settings. Every key is optional; docs/settings.md in Daybook lists them all.
        title: \(YAML.quoted(options.title))
        # author: Your Name
        # description: What this journal is about.

        # Dates written without an offset are read in this zone; `daybook new` dates entries in it.
        timezone: \(options.timeZone)
        # Month names and dates in this language (en_GB, fr_FR, ja_JP, ...).
        # locale: en_US

        # The site's public address. The CI files pass it with --base-url, so it can stay unset here;
        # set it when you build for a host yourself. Feeds, the sitemap and robots.txt need it.
        # base_url: https://example.org/journal/
        \(options.isPrivate ? privateSettings : "")
        # How many entries the home page shows at least (whole months).
        # home_entries: 20
        # The search box and its index.
        # search: true
        # The calendar of each year, shaded by words or entries, or false.
        # calendar: words
        # The quote banner on the home page.
        # quote_of_the_day: true

        """
    }

    static let privateSettings = """

        # Every entry is private: the site holds them encrypted, and a reader unlocks them with the
        # password. The build reads DAYBOOK_PASSWORD and DAYBOOK_SITE_KEY from the environment
        # (docs/private.md); the source of this journal stays in plain text, so keep it private.
        private: true

        """

    static func firstEntry(_ date: String) -> String {
        """
        ---
        title: "The first entry"
        date: \(date)
        tags: [daybook]
        ---

        This is the journal's first entry. Write in Markdown below the front-matter: the lines
        between the `---` marks hold the date, the title, and optionally a `rating` (1 to 5), a
        `place` and `tags`.

        Run `daybook serve` to see the site as you write, and `daybook new` to start the next entry.

        """
    }

    static func readme(_ options: Options) -> String {
        let publishing = publishingText(options)
        return """
        # \(options.title)

        A journal kept with Daybook: one Markdown file per entry under `entries/`.

        - `daybook new` starts today's entry and opens it in your editor.
        - `daybook serve` shows the site at http://127.0.0.1:4000/ as you write, drafts included.
        - `daybook build` writes the site to `_site/`.

        \(publishing)

        \(options.isPrivate ? "**Keep this repository private.** The entries and `.daybook/` hold your words in plain text; only the built site is encrypted.\n\n" : "")Files in `static/` are copied into the site as they are; templates in `templates/` replace
        Daybook's own. Settings are in `daybook.yml`.

        """
    }

    public static func publishingText(_ options: Options) -> String {
        switch (options.ci, options.isPrivate) {
        case (.github, false): "Each push to `main` builds the site and publishes it on GitHub Pages (`.github/workflows/publish.yml`). Once, in the repository's Settings → Pages, set the source to \"GitHub Actions\"."
        case (.github, true): "Each push to `main` builds the site and pushes it, encrypted, to a separate public repository whose GitHub Pages serve it (`.github/workflows/publish.yml`; its first lines say what to set up once)."
        case (.gitlab, false): "Each push to the default branch builds the site and publishes it on GitLab Pages (`.gitlab-ci.yml`)."
        case (.gitlab, true): "Each push to the default branch builds the site and publishes it, encrypted, on this private project's GitLab Pages (`.gitlab-ci.yml`; its first lines say what to set up once)."
        case (.none, _): "`daybook build` writes the site to `_site/`; copy that folder to any static host."
        }
    }
}
