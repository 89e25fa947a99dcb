import ArgumentParser
import Daybook
import Foundation

@main
struct DaybookCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daybook",
        abstract: "Turns a folder of Markdown journal entries into a static website.",
        version: DaybookVersion.string,
        subcommands: [InitCommand.self, BuildCommand.self, NewCommand.self, ServeCommand.self, CheckCommand.self, ImportCommand.self, KeyCommand.self]
    )
}

/// Options every command that reads a journal shares.
struct JournalArgument: ParsableArguments {
    @Argument(help: "The journal folder.", completion: .directory)
    var journal: String = "."

    var url: URL { URL(fileURLWithPath: journal, isDirectory: true).standardizedFileURL }
}
