import Foundation
import PackagePlugin

/// Compiles the files under `Templates/` into the Daybook library, so a copied
/// `daybook` binary carries its default templates, stylesheet and scripts.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        var files: [URL] = []
        var folders = [templates]
        for path in try FileManager.default.subpathsOfDirectory(atPath: templates.path(percentEncoded: false)).sorted()
        where !path.hasPrefix(".") && !path.contains("/.") {
            let url = templates.appending(path: path)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path(percentEncoded: false), isDirectory: &isDirectory)
            if isDirectory.boolValue { folders.append(url) } else { files.append(url) }
        }
        // SwiftPM calls this plugin only when it plans the build again, and Templates/ is outside every
        // target, so adding or removing a template does not bring a new plan: this list stays the one
        // of the last plan. The folders are inputs because adding, removing or renaming a file changes
        // their mtime, which re-runs EmbedTool, and EmbedTool lists Templates/ itself. An edit in place
        // changes only the file's mtime, hence the files as inputs too. (A listed file that is then
        // deleted is a missing input, and the build stops until the next plan: `touch Package.swift`.)
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) files from Templates/",
                executable: try context.tool(named: "EmbedTool").url,
                arguments: [templates.path(percentEncoded: false), output.path(percentEncoded: false)],
                inputFiles: files + folders,
                outputFiles: [output]
            )
        ]
    }
}
