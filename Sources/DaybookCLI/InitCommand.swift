import ArgumentParser
import Daybook
import Foundation

extension JournalStarter.CI: ExpressibleByArgument {}

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a new journal: settings, a first entry, folders, .gitignore, README and CI files.",
        discussion: """
            Refuses a folder that already has files unless --force is given; never overwrites a file \
            either way. The CI files build the site on every push and publish it: see docs/publishing.md.
            """)

    @Argument(help: "The folder to create the journal in (made if missing).", completion: .directory)
    var folder: String = "."

    @Option(help: "The journal's title.")
    var title = "My journal"

    @Option(help: "The journal's time zone, e.g. Europe/London (default: this computer's).")
    var timezone: String?

    @Option(help: "CI files to publish the site: github (GitHub Pages), gitlab (GitLab Pages) or none.")
    var ci = JournalStarter.CI.github

    @Flag(name: .customLong("private"), help: "A private journal: every entry encrypted, and CI files that keep the source in a private repository (docs/private.md).")
    var isPrivate = false

    @Option(help: "The git address the CI files fetch Daybook's source from (default: \(DaybookVersion.sourceRepository)).")
    var daybookSource: String?

    @Option(help: "The commit Daybook's tag v\(DaybookVersion.string) points at, pinned in the CI files (default: asked of the source with git ls-remote).")
    var daybookCommit: String?

    @Flag(help: "Add the missing files to a folder that has files already (never overwriting one).")
    var force = false

    func run() throws {
        let url = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
        let zone = timezone ?? Self.localZone
        guard TimeZone(identifier: zone) != nil else {
            Console.error("error: '\(zone)' is not a time zone; use an IANA name such as Europe/London or UTC")
            throw ExitCode(1)
        }
        var options = JournalStarter.Options(folder: url, timeZone: zone)
        options.title = title
        options.ci = ci
        options.force = force
        options.isPrivate = isPrivate
        let result: JournalStarter.Result
        do {
            // The pin first: a journal whose CI files cannot build is not started.
            if ci != .none { options.source = try DaybookSource.resolve(repository: daybookSource, commit: daybookCommit) }
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            result = try JournalStarter.create(options)
        } catch let failure as BuildFailure {
            throw ExitCode(Console.report(failure, what: "init"))
        } catch {
            Console.error("error: could not create \(url.path): \(error.localizedDescription)")
            throw ExitCode(1)
        }
        for path in result.created { print("created \(path)") }
        for path in result.kept { print("kept    \(path) (already there)") }
        let shown = Summary.display(url, from: url)
        print("\nA new journal in \(shown). Next: `daybook serve \(folder)` to see it as you write, then commit and push.")
        if ci != .none { print("The CI files build Daybook \(DaybookSource.tag) from \(options.source.repository) at commit \(options.source.commit).") }
        if isPrivate {
            print("""
                This journal is private. Keep its repository private: the entries are plain text, only the site is encrypted.
                Make a site key with `openssl rand -base64 32` and choose a password; the build reads them from
                DAYBOOK_SITE_KEY and DAYBOOK_PASSWORD (docs/private.md). \(JournalStarter.publishingText(options))
                """)
        }
    }

    /// This computer's zone as an IANA name; UTC when it has none (a bare offset or "GMT").
    static var localZone: String {
        let identifier = TimeZone.current.identifier
        return identifier.contains("/") || identifier == "UTC" ? identifier : "UTC"
    }
}
