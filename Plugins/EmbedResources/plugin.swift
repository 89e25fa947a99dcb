import Foundation
import PackagePlugin

/// Compiles the files under `Templates/` into the Daybook library, so a copied
/// `daybook` binary carries its default templates, stylesheet and scripts.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        let files = try FileManager.default
            .subpathsOfDirectory(atPath: templates.path(percentEncoded: false))
            .filter { !$0.hasPrefix(".") && !$0.contains("/.") }
            .sorted()
            .map { templates.appending(path: $0) }
            .filter { url in
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: url.path(percentEncoded: false), isDirectory: &isDirectory)
                return !isDirectory.boolValue
            }
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) files from Templates/",
                executable: try context.tool(named: "EmbedTool").url,
                arguments: [templates.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: files + [templates],
                outputFiles: [output]
            )
        ]
    }
}
