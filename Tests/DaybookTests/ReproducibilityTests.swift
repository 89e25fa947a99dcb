import Foundation
import Testing
@testable import Daybook

@Suite struct ReproducibilityTests {
    /// Same journal, different machine zone, locale environment, thread count and file creation
    /// order: the same bytes.
    @Test func buildsByteIdenticalSitesWhateverTheMachine() throws {
        var files: [String: String] = ["daybook.yml": "title: Same\nlocale: de_DE\ntimezone: America/New_York\n"]
        for day in 1...28 {
            let hour = (day * 7) % 24
            files["entries/2024/02/2024-02-\(pad(day, 2)).md"] =
                "---\ntitle: Day \(day) \(day % 3 == 0 ? "Café" : "walk")\ndate: 2024-02-\(pad(day, 2)) \(pad(hour, 2)):05\nrating: \(day % 6)\ntags: [t\(day % 4), all]\n---\nText of day \(day).\n"
        }
        files["entries/2024/03/late.md"] = "---\ndate: 2024-03-31T23:30:00-05:00\n---\nLate.\n"
        let first = try TemporaryJournal(files)
        defer { first.remove() }
        // The second copy is written in reverse order, so directory listings differ.
        let second = try TemporaryJournal()
        defer { second.remove() }
        for path in files.keys.sorted().reversed() { try second.write(path, files[path]!) }

        let a = try CLI.run(["build", first.root.path, "-q", "--jobs", "1"], environment: ["TZ": "Pacific/Kiritimati", "LANG": "C"])
        let b = try CLI.run(["build", second.root.path, "-q", "--jobs", "8"], environment: ["TZ": "America/Adak", "LANG": "ja_JP.UTF-8"])
        #expect(a.status == 0 && b.status == 0)
        let treeA = try tree(first.site), treeB = try tree(second.site)
        #expect(treeA.count > 40)
        #expect(treeA.keys.sorted() == treeB.keys.sorted())
        for (path, bytes) in treeA { #expect(treeB[path] == bytes, "\(path) differs") }
    }
}
