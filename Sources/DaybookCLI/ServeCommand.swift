import ArgumentParser
import Daybook
import DaybookServe
import Foundation

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Preview the journal, drafts included, rebuilding and reloading as you save.",
        discussion: """
            The preview is built into JOURNAL/.daybook/serve/, never into the output folder, and served \
            at http://127.0.0.1:4000/ (or the next free port). Open pages reload when what they show \
            changes, and show the build's errors over the page while the journal does not build. \
            Ctrl-C stops it.
            """)

    @OptionGroup var journal: JournalArgument

    @Option(name: .shortAndLong, help: "The port to listen on; an error when it is busy (default: 4000 or the next free one).")
    var port: Int?

    @Option(help: "The address to listen on (default: 127.0.0.1, this computer only).")
    var bind = "127.0.0.1"

    @Flag(help: "Check for changes twice a second instead of using the operating system's notifications.")
    var poll = false

    @Flag(help: "Open the preview in the default browser.")
    var open = false

    @Option(help: "The site's public address for feeds and the sitemap (overrides base_url).")
    var baseURL: String?

    @Option(name: .shortAndLong, help: "How many pages to render at once (default: one per core).")
    var jobs: Int?

    @Flag(help: "Print how long each stage of every rebuild took.")
    var timings = false

    func run() async throws {
        var options = PreviewOptions(journal: journal.url)
        options.port = port
        options.bind = bind
        options.poll = poll
        options.baseURL = baseURL
        options.jobs = jobs
        options.timings = timings
        let preview = Preview(options) { Console.error($0) }
        let (address, chosen) = try chooseAddress(preview)
        if !["127.0.0.1", "localhost", "::1"].contains(bind) {
            Console.error("warning: listening on \(bind): other computers that can reach it can read your drafts")
        }
        let stopping = Self.stopOnSignals(preview)
        defer { withExtendedLifetime(stopping) {} }
        let open = open, shown = Summary.display(options.journal, from: options.journal)
        try await preview.run(address: address, port: chosen) { url in
            // Unbuffered: whoever reads our output (a test, a script) learns the address at once.
            FileHandle.standardOutput.write(Data("Serving \(shown) at \(url) (drafts included; Ctrl-C to stop)\n".utf8))
            if open { Self.openInBrowser(url) }
        }
    }

    private func chooseAddress(_ preview: Preview) throws -> (String, Int) {
        do {
            return try preview.choosePort()
        } catch {
            Console.error("error: \(error.message)")
            throw ExitCode(1)
        }
    }

    /// Ctrl-C (and SIGTERM) end the open pages' streams, then the process, at once: waiting for
    /// connected browsers to leave would never end.
    private static func stopOnSignals(_ preview: Preview) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                preview.stop()
                Console.error("Stopped.")
                Foundation.exit(0)
            }
            source.resume()
            return source
        }
    }

    private static func openInBrowser(_ url: String) {
        let process = Process()
        #if os(macOS)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/open")
        #else
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open"]
        #endif
        process.arguments = (process.arguments ?? []) + [url]
        do { try process.run() } catch { Console.error("warning: could not open a browser: \(error.localizedDescription)") }
    }
}
