import Crypto
import Foundation
import Testing
@testable import Daybook

/// The preview adds what changed to an edition's last pack instead of sealing it whole
/// (`docs/private.md`, "The preview adds to the pack"), until the pack would be more than twice a
/// whole one; then it seals a whole one again. At every step the edition opens to what a build
/// from scratch seals.
@Suite struct PreviewPackTests {
    static let secrets = PrivateBuildTests.secrets

    /// The chunks of the single edition's pack in `site`: its sealed files but the manifest.
    static func chunks(_ site: [String: Data]) -> Set<String> {
        let keyFile = String(decoding: site[PrivateFiles.keyFilePath] ?? Data(), as: UTF8.self)
        let manifest = keyFile.firstMatch(of: /"manifest":"([0-9a-f]+)"/).map { String($0.output.1) } ?? ""
        return Set(site.keys.filter { $0.hasPrefix("private/") && $0.hasSuffix(".js") && $0 != PrivateFiles.keyFilePath && !$0.contains(manifest) })
    }

    @Test func aPreviewAddsToThePackUntilItWouldBeTwiceAWholeOne() async throws {
        // A long entry, so that each of its edits adds a few chunks to a pack of a few.
        func long(_ edit: Int) -> String {
            "---\ntitle: Long\ndate: 2024-05-03\n---\n" + (0..<2_000).map { "Line \($0) of version \(edit), with some words.\n\n" }.joined()
        }
        var files = [
            "daybook.yml": "title: Growing\nprivate: true\n",
            "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01\n---\nGrey morning.\n",
            "entries/2024/05/2024-05-03-long.md": long(0),
        ]
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        var memory: BuildMemory?
        var counts: [Int] = [], previous = Set<String>(), kept: [Bool] = []
        for edit in 0..<8 {
            if edit > 0 {
                files["entries/2024/05/2024-05-03-long.md"] = long(edit)
                try journal.write("entries/2024/05/2024-05-03-long.md", files["entries/2024/05/2024-05-03-long.md"]!)
            }
            var options = BuildOptions(journal: journal.root)
            options.secrets = Secrets(Self.secrets)
            options.remembersEditions = true
            memory = try await Builder.run(options, continuing: memory).memory
            let site = try tree(journal.site), chunks = Self.chunks(site)
            counts.append(chunks.count)
            kept.append(previous.isSubset(of: chunks))
            previous = chunks
            let scratch = try TemporaryJournal(files)
            defer { scratch.remove() }
            #expect(try PrivateBuildTests.build(scratch, ["--no-cache"]).status == 0)
            let whole = try tree(scratch.site), siteKey = Self.secrets["DAYBOOK_SITE_KEY"]!
            #expect(try PrivateBuildTests.manifest(PrivateBuildTests.text(site), siteKey: siteKey)
                == PrivateBuildTests.manifest(PrivateBuildTests.text(whole), siteKey: siteKey), "edit \(edit)")
            #expect(chunks.count <= 2 * Self.chunks(whole).count, "edit \(edit): \(chunks.count) chunks")
        }
        // Some saves added to the pack and kept every chunk; a later one sealed it whole again.
        #expect(kept.dropFirst().contains(true) && kept.dropFirst().contains(false), "\(counts), \(kept)")
        #expect(counts.indices.dropFirst().contains { counts[$0] > counts[$0 - 1] } && counts.indices.dropFirst().contains { counts[$0] < counts[$0 - 1] },
                "\(counts)")
    }

    /// The manifest of the single edition of `site`, opened with the test keys.
    static func manifest(_ site: [String: Data]) throws -> [String: Any] {
        let keys = PrivateKeys(siteKey: secrets["DAYBOOK_SITE_KEY"]!)
        let key = keys.edition("*", epoch: keys.epoch("*", readers: [(name: "", password: secrets["DAYBOOK_PASSWORD"]!)])).key
        return try #require(try PrivateBuildTests.manifestJSON(PrivateBuildTests.text(site), key: key, folder: keys.editionFolder("*")))
    }

    /// The bytes of the newest table's records (`EditionPack.recordsPath`) in `site`'s pack, as sealed.
    static func newestRecords(_ site: [String: Data], manifest: [String: Any]) throws -> [UInt8] {
        let keys = PrivateKeys(siteKey: secrets["DAYBOOK_SITE_KEY"]!), folder = keys.editionFolder("*")
        let key = keys.edition("*", epoch: keys.epoch("*", readers: [(name: "", password: secrets["DAYBOOK_PASSWORD"]!)])).key
        let chunks = try #require(manifest["chunks"] as? [String]), table = try #require(manifest["table"] as? [Int])
        var pack: [UInt8] = []
        for (index, name) in chunks.enumerated() {
            let binary = try PrivateBuildTests.sealedBinary(PrivateBuildTests.text(site), folder: folder, name: name)
            pack += try Opener.openChunk(binary, index: index, count: chunks.count, key: key)
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(pack[table[0]..<table[0] + table[1]])) as? [String: Any])
        let place = try #require((json["files"] as? [String: [Int]])?[EditionPack.recordsPath])
        return Array(pack[place[0]..<place[0] + place[1]])
    }

    @Test func aPreviewChainsTablesOfWhatChangedAndARestartedPreviewReadsThem() async throws {
        // A static file makes the pack large, so that the chain, not the pack's growth, decides: of
        // digits that repeat nowhere, so that deflating it (`PackDeflate`) does not make it small.
        var files = [
            "daybook.yml": "title: Chained\nprivate: true\n",
            "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01\n---\nGrey morning.\n",
            "entries/2024/05/2024-05-02-hill.md": "---\ntitle: Hill\ndate: 2024-05-02\n---\nRain.\n",
            "static/notes.txt": (0..<40_000).map { hexString(Array(SHA256.hash(data: Array("line \($0)".utf8)))) + "\n" }.joined(),
        ]
        // Enough entries that one save changes few of the edition's files.
        for number in 0..<48 {
            let date = "20\(20 + number / 12)-\(pad(number % 12 + 1, 2))-10"
            files["entries/\(date.prefix(4))/\(date)-day-\(number).md"] = "---\ntitle: Day \(number)\ndate: \(date)\n---\nWords.\n"
        }
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        func build(_ memory: BuildMemory?) async throws -> BuildMemory? {
            var options = BuildOptions(journal: journal.root)
            options.secrets = Secrets(Self.secrets)
            options.remembersEditions = true
            return try await Builder.run(options, continuing: memory).memory
        }
        var memory: BuildMemory?, chains: [Int] = [], previous = Set<String>(), wholeRecords = 0
        for edit in 0...(EditionPack.chainLimit + 1) {
            if edit > 0 {
                files["entries/2024/05/2024-05-01-ferry.md"]! += "Edit \(edit).\n"
                try journal.write("entries/2024/05/2024-05-01-ferry.md", files["entries/2024/05/2024-05-01-ferry.md"]!)
            }
            memory = try await build(memory)
            let site = try tree(journal.site), manifest = try Self.manifest(site), chunks = Self.chunks(site)
            let earlier = manifest["tables"] as? [[Int]] ?? [], table = try #require(manifest["table"] as? [Int])
            chains.append(earlier.count)
            if edit > 0 { #expect(previous.isSubset(of: chunks), "edit \(edit) added to the pack") }
            previous = chunks
            // A chained table lists what the save changed, not every file; so do its records.
            let records = try Self.newestRecords(site, manifest: manifest).count
            if edit == 0 { wholeRecords = records }
            if let first = earlier.first {
                #expect(table[1] * 4 < first[1], "edit \(edit): \(table[1]) bytes, the first \(first[1])")
                #expect(records * 4 < wholeRecords, "edit \(edit): records of \(records) bytes, whole \(wholeRecords)")
            }
        }
        #expect(chains == Array(0..<EditionPack.chainLimit) + [0, 1])
        // A preview started again opens the chained pack from disk and adds to it; an entry gone is
        // gone from the edition.
        files["entries/2024/05/2024-05-02-hill.md"] = nil
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries/2024/05/2024-05-02-hill.md"))
        _ = try await build(nil)
        let site = try tree(journal.site)
        #expect(previous.isSubset(of: Self.chunks(site)))
        #expect((try Self.manifest(site)["tables"] as? [[Int]])?.count == 2)
        let scratch = try TemporaryJournal(files)
        defer { scratch.remove() }
        #expect(try PrivateBuildTests.build(scratch, ["--no-cache"]).status == 0)
        let siteKey = Self.secrets["DAYBOOK_SITE_KEY"]!
        #expect(try PrivateBuildTests.manifest(PrivateBuildTests.text(site), siteKey: siteKey)
            == PrivateBuildTests.manifest(PrivateBuildTests.text(try tree(scratch.site)), siteKey: siteKey))
    }
}
