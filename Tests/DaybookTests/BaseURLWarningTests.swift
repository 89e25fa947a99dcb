import Foundation
import Testing
@testable import Daybook

/// Without base_url the build says what it costs: the feeds, and a 404 page that links from the
/// host's root, which is wrong for a site published under a sub-path.
@Suite struct BaseURLWarningTests {
    @Test func theWarningNamesTheFeedsAndThe404Page() async throws {
        let journal = try TemporaryJournal(["entries/2024-05-01-a.md": "---\ntitle: A\n---\nText.\n"])
        defer { journal.remove() }
        let report = try await Builder.run(BuildOptions(journal: journal.root))
        #expect(report.warnings.map(\.headline) == [
            "warning: no base_url: the feeds (feed.xml, feed.json, tag feeds), sitemap.xml, robots.txt and canonical links wait for it, since they need absolute addresses, and the 404 page links from the host's root (/); set base_url in daybook.yml or pass --base-url",
        ])
        #expect(try journal.read("_site/404.html").contains("<base href") == false, "the <base> is made by the script, over HTTP only")
        #expect(try journal.read("_site/404.html").contains("<style>"))
    }
}
