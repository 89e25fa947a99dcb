import Foundation
import ZIPFoundation

/// A Day One JSON export: the `.zip` Day One writes, or that zip unpacked (a folder with the
/// journal's `.json` and a `photos/` folder). A zip is unpacked into a temporary folder first.
public struct DayOneExport: Sendable {
    /// The folder holding the journal's JSON and `photos/`.
    public let folder: URL
    /// The temporary folder a zip was unpacked into, removed by `cleanUp`.
    let unpacked: URL?

    public static func open(_ url: URL) throws(ImportFailure) -> DayOneExport {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw ImportFailure("no Day One export here", file: url.path)
        }
        if isFolder.boolValue { return DayOneExport(folder: url, unpacked: nil) }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-dayone-\(UUID().uuidString)")
        do {
            try FileManager.default.unzipItem(at: url, to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw ImportFailure("not a zip file Day One exported: \(error.localizedDescription)", file: url.path)
        }
        return DayOneExport(folder: temporary, unpacked: temporary)
    }

    /// The journals' JSON files at the top of the export (`Journal.json`, one per journal).
    public func journalFiles() throws(ImportFailure) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let files = names.filter { $0.lowercased().hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
        guard !files.isEmpty else { throw ImportFailure("no journal .json file in the export (Day One writes Journal.json)", file: folder.path) }
        return files
    }

    public func cleanUp() {
        if let unpacked { try? FileManager.default.removeItem(at: unpacked) }
    }
}
