import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a build of a Daybook before `SiteSwap` left beside the output when it was stopped, put
/// right by the next build. Those builds moved the user's files into their staging folder before
/// the swap, and swapped with two renames, so a stopped one could leave the user's `CNAME` or
/// `.git` only in `.NAME.staging-…`, the old site in `.NAME.old-PID` and no output at all.
struct LegacyLeftovers {
    let output: URL

    private var parent: URL { output.deletingLastPathComponent() }

    /// Puts the old site back where the output is missing, links the user's files from a staging
    /// folder back into the output and removes the folders; a staging folder whose files the
    /// output cannot take back (one of the same name is there) is left for the user to look at.
    func recover() {
        let name = output.lastPathComponent
        let found = names()
        for old in found where old.hasPrefix(".\(name).old-") {
            if UserFiles.kind(output.path) == nil {
                MutationHook.will("rename", output.path)
                rename(parent.appendingPathComponent(old).path, output.path)
            } else {
                TreeLinks.remove(parent.appendingPathComponent(old).path)
            }
        }
        for staging in found where staging.hasPrefix(".\(name).staging-") {
            let path = parent.appendingPathComponent(staging).path
            // Without a list, the build was stopped before it moved any file of the user's in.
            if let known = SiteManifest.read(URL(fileURLWithPath: path)), UserFiles.kind(output.path) == .folder {
                guard (try? UserFiles(old: path, new: output.path, known: known).carry()) != nil else { continue }
            }
            TreeLinks.remove(path)
        }
        for update in found where update.hasPrefix(".\(name).update-") && update.dropFirst(name.count + 9).allSatisfy(\.isNumber) {
            TreeLinks.remove(parent.appendingPathComponent(update).path)
        }
    }

    /// The folders beside the output whose names start with its own, as a hidden file.
    private func names() -> [String] {
        let prefix = ".\(output.lastPathComponent)."
        var found: [String] = []
        DirectoryWalker.names(in: parent.path) { name, type in
            if name.hasPrefix(prefix) && (type == Int32(DT_DIR) || type == Int32(DT_UNKNOWN)) { found.append(name) }
        }
        return found.filter { UserFiles.kind(parent.appendingPathComponent($0).path) == .folder }
    }
}
