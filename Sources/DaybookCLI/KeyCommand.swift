import ArgumentParser
import Daybook

struct KeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Print a new site key for a private journal: 32 random bytes in base64.",
        discussion: """
            Set it as DAYBOOK_SITE_KEY (a CI secret, or your password manager), never in the \
            journal's files. A new key encrypts every edition anew. See docs/private.md.
            """)

    func run() {
        print(SiteKey.generate())
    }
}
