import ArgumentParser
import Daybook
import Foundation

struct ShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Print a link that opens one entry alone, for someone without a password.",
        discussion: """
            A public entry's link is its address. A private entry's is the site's share page with \
            a key after # (share/#<id>.<key>): the entry is sealed under that key, and the link opens \
            nothing else. The share is kept in shares.yml beside daybook.yml; the next build publishes \
            it, and needs DAYBOOK_SITE_KEY, as does printing the link. See docs/shares.md.
            """)

    @Argument(help: "The entry file to share (or to revoke).", completion: .file())
    var entry: String?

    @Option(help: "The journal folder.", completion: .directory)
    var journal: String = "."

    @Flag(help: "Share an entry marked draft: true.")
    var draft = false

    @Flag(help: "Stop sharing the entry: the next build removes its copy, and sharing it again makes a new link.")
    var revoke = false

    @Flag(help: "List the active shares and their links.")
    var list = false

    func validate() throws {
        if list && (revoke || entry != nil) { throw ValidationError("--list takes no entry and no --revoke") }
        if !list && entry == nil { throw ValidationError("give the entry file to share (or --list)") }
    }

    func run() async throws {
        let root = URL(fileURLWithPath: journal, isDirectory: true).standardizedFileURL
        do {
            if list {
                for share in try Sharing.list(journal: root, secrets: .process) {
                    print("\(share.entry)\t\(share.link ?? "(set DAYBOOK_SITE_KEY to print the link)")\t\(share.listedAt)")
                }
                return
            }
            let path = try relativePath(entry ?? "", in: root)
            if revoke {
                try Sharing.revoke(journal: root, entry: path)
                Console.error("\(path) is no longer shared; the next build removes its copy.")
                return
            }
            let shared = try await Sharing.share(journal: root, entry: path, draft: draft, secrets: .process)
            print(shared.link)
            if shared.isNew { Console.error("Shared: the next build publishes it (shares.yml).") }
        } catch {
            throw ExitCode(Console.report(error, what: "share"))
        }
    }

    /// The entry's path inside the journal: as given when it is one, else from the current folder.
    private func relativePath(_ given: String, in root: URL) throws(BuildFailure) -> String {
        if FileManager.default.fileExists(atPath: root.appendingPathComponent(given).path), !given.hasPrefix("/") { return given }
        let full = URL(fileURLWithPath: given).standardizedFileURL.path
        guard full.hasPrefix(root.path + "/") else {
            throw BuildFailure([.error("\(given) is not a file of the journal \(root.path)")])
        }
        return String(full.dropFirst(root.path.count + 1))
    }
}
