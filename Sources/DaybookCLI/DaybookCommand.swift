import ArgumentParser
import Daybook
import Foundation
#if canImport(Glibc)
import Glibc
#endif

@main
struct DaybookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daybook",
        abstract: "Turns a folder of Markdown journal entries into a static website.",
        version: DaybookVersion.string,
        subcommands: [InitCommand.self, BuildCommand.self, NewCommand.self, ServeCommand.self, CheckCommand.self, ImportCommand.self, KeyCommand.self, ShareCommand.self]
    )

    static func main() async {
        #if canImport(Glibc)
        // Blocks of 128 KB and more are mapped on their own and given back when freed. By
        // default glibc raises that threshold after each large free, so a large entry's copies
        // stay in the heap and the process keeps their memory (docs/builds.md, "Memory").
        // -3 is M_MMAP_THRESHOLD in malloc.h; setting it also ends the raising. `mallopt` is
        // not in Swift's Glibc module, so it is looked up.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        if let mallopt = dlsym(nil, "mallopt") { _ = unsafeBitCast(mallopt, to: Mallopt.self)(-3, 128 << 10) }
        #endif
        do {
            var command = try parseAsRoot()
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}

/// Options every command that reads a journal shares.
struct JournalArgument: ParsableArguments {
    @Argument(help: "The journal folder.", completion: .directory)
    var journal: String = "."

    var url: URL { URL(fileURLWithPath: journal, isDirectory: true).standardizedFileURL }
}
