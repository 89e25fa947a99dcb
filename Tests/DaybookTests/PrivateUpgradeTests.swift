import Foundation
import Testing
@testable import Daybook

/// A site that an older Daybook sealed is made again in full by the next build, as docs/private.md
/// ("The format") says: its pack is not read as this format's. Format 4 kept the files in the
/// pack as they are, where format 5 deflates them; a build that took the old pack's files as
/// this format's would seal plain bytes where the viewer inflates. Format 5 deflated every file
/// with the fixed codes, where format 6 gives a file codes of its own when they are shorter; a
/// build that kept format 5's bytes would differ from a build from scratch.
@Suite struct PrivateUpgradeTests {
    static let files = [
        "daybook.yml": "title: Upgraded\nprivate: true\n",
        "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01\n---\nGrey morning on the water.\n",
        "entries/2024/05/2024-05-02-hill.md": "---\ntitle: Hill\ndate: 2024-05-02\n---\nRain, then the long view.\n",
    ]

    @Test(arguments: [4, 5])
    func aSiteSealedInAnOlderFormatIsMadeAgainInFull(_ format: Int) throws {
        let journal = try TemporaryJournal(Self.files), copy = try TemporaryJournal(Self.files)
        defer { journal.remove(); copy.remove() }
        #expect(try PrivateBuildTests.build(journal).status == 0)
        try Self.seal(journal.site, asFormat: format)
        let edited = "---\ntitle: Hill\ndate: 2024-05-02\n---\nRain, then the long view, and tea.\n"
        for each in [journal, copy] { try each.write("entries/2024/05/2024-05-02-hill.md", edited) }
        #expect(try PrivateBuildTests.build(journal).status == 0)
        #expect(try PrivateBuildTests.build(copy, ["--no-cache"]).status == 0)
        let upgraded = try tree(journal.site), scratch = try tree(copy.site)
        // Every file of a build from scratch, the same bytes: the same key file, manifest and chunks.
        // (The older format's chunks may stay: the cache lists what the last build wrote, for the next to
        // remove, and it still names the chunks they replaced here.)
        for (path, data) in scratch where upgraded[path] != data { Issue.record("\(path) differs from a build from scratch") }
        let opened = try PrivateBuildTests.manifest(PrivateBuildTests.text(upgraded), siteKey: Self.siteKey)
        #expect(String(decoding: try #require(opened["2024/05/02/hill/index.html"]), as: UTF8.self).contains("and tea"))
    }

    static let siteKey = PrivateBuildTests.secrets["DAYBOOK_SITE_KEY"]!

    /// Replaces the edition "*" of the site at `site` with what `format` made of the same files
    /// (4: the files as they are; 5: each deflated with the fixed codes alone), its own chunks and
    /// a manifest of that format, named in the key file and in the site's list of Daybook's files
    /// in place of this format's.
    static func seal(_ site: URL, asFormat format: Int) throws {
        let keys = PrivateKeys(siteKey: siteKey)
        let editionKeys = keys.edition("*", epoch: keys.epoch("*", readers: [(name: "", password: PrivateBuildTests.secrets["DAYBOOK_PASSWORD"]!)]))
        let sealer = Sealer(editionKeys)
        let before = try tree(site)
        let text = PrivateBuildTests.text(before)
        let manifest = try #require(try PrivateBuildTests.manifestJSON(text, key: editionKeys.key, folder: sealer.folder))
        let plain = try PrivateBuildTests.manifest(text, siteKey: siteKey)
        let packed = format == 4 ? plain : Dictionary(uniqueKeysWithValues: plain.map { path, bytes in
            (path, path == EditionPack.recordsPath ? bytes : PackDeflate.pack(bytes, path: path, ownCodes: false))
        })
        let made = EditionPack.segment(packed, at: 0, keeping: [:])
        let chunks = try sealer.chunks(made.segment.bytes, role: .pack, range: nil).map { sealer.file($0) }
        var old = PrivateFiles.manifest(chunks: chunks.map(\.name), generation: try #require(manifest["generation"] as? Int), table: made.table)
        old = Array(String(decoding: old, as: UTF8.self).replacingOccurrences(of: "\"format\":\(PrivateFiles.format)", with: "\"format\":\(format)").utf8)
        let sealedManifest = sealer.file(try sealer.seal(old, role: .manifest))
        let ours = before.keys.filter { $0.hasPrefix("private/\(sealer.folder)/") }
        for path in ours { try FileManager.default.removeItem(at: site.appendingPathComponent(path)) }
        for file in chunks.map(\.file) + [sealedManifest.file] {
            let url = site.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
        let keyFile = try #require(text["private/keys.js"]).replacingOccurrences(of: try manifestName(text), with: sealedManifest.name)
        try Data(keyFile.utf8).write(to: site.appendingPathComponent("private/keys.js"))
        let listed = Set(before.keys).subtracting(ours).union(chunks.map(\.file.path) + [sealedManifest.file.path])
        try Data(SiteManifest.encode(listed.subtracting([SiteManifest.fileName]))).write(to: site.appendingPathComponent(SiteManifest.fileName))
    }

    /// The manifest's name, from the key file.
    static func manifestName(_ site: [String: String]) throws -> String {
        let keyFile = try #require(site["private/keys.js"])
        return String(try #require(keyFile.firstMatch(of: try Regex("\"manifest\":\"([0-9a-f]+)\""))?.output[1].substring))
    }
}
