import Foundation
import Testing
@testable import Daybook

/// A feature's golden pages: builds a small journal and compares the pages named with the files
/// under `Goldens/<folder>/`. Re-record with `DAYBOOK_RECORD_GOLDEN=1` and review the diff.
enum FeatureGolden {
    /// - Parameter bytes: files that are not text (photos), beside `fixture`.
    static func check(_ fixture: [String: String], bytes: [String: [UInt8]] = [:], pages: [String], folder: String) async throws {
        let root = packageRoot.appendingPathComponent("Tests/DaybookTests/Goldens/\(folder)")
        let journal = try TemporaryJournal(fixture, bytes: bytes)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let site = try tree(journal.site)
        for path in pages { #expect(site[path] != nil, "the build made no \(path)") }
        try expectGolden(site.filter { pages.contains($0.key) }, in: root, named: "Goldens/\(folder)")
    }
}

/// Compares `site` (path -> bytes) with the files under `root`, byte for byte and file for file;
/// with `DAYBOOK_RECORD_GOLDEN=1`, records `site` there first. `named` says where, in messages.
func expectGolden(_ site: [String: Data], in root: URL, named: String) throws {
    if ProcessInfo.processInfo.environment["DAYBOOK_RECORD_GOLDEN"] == "1" {
        try? FileManager.default.removeItem(at: root)
        for (path, bytes) in site {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: url)
        }
    }
    let golden = try tree(root)
    #expect(!golden.isEmpty, "no golden files in \(named): record them with DAYBOOK_RECORD_GOLDEN=1")
    #expect(site.keys.sorted() == golden.keys.sorted())
    for (path, bytes) in site where golden[path] != bytes {
        Issue.record("\(path) differs from \(named)/\(path)")
    }
}
