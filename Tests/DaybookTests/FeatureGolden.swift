import Foundation
import Testing
@testable import Daybook

/// A feature's golden pages: builds a small journal and compares the pages named with the files
/// under `Goldens/<folder>/`. Re-record with `DAYBOOK_RECORD_GOLDEN=1` and review the diff.
enum FeatureGolden {
    static func check(_ fixture: [String: String], pages: [String], folder: String) async throws {
        let root = packageRoot.appendingPathComponent("Tests/DaybookTests/Goldens/\(folder)")
        let journal = try TemporaryJournal(fixture)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let site = try tree(journal.site)
        if ProcessInfo.processInfo.environment["DAYBOOK_RECORD_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: root)
            for path in pages {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try #require(site[path]).write(to: url)
            }
        }
        for path in pages {
            let golden = try? Data(contentsOf: root.appendingPathComponent(path))
            #expect(golden != nil, "no Goldens/\(folder)/\(path): record it with DAYBOOK_RECORD_GOLDEN=1")
            #expect(site[path] == golden, "\(path) differs from Goldens/\(folder)/\(path)")
        }
    }
}
