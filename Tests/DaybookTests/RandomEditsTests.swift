import Crypto
import Foundation
import Testing
@testable import Daybook

/// Random edit sequences: a small random journal, then random edits (entries added, removed,
/// renamed and moved between folders, dates across months, titles, tags, places, drafts,
/// `private:`, photos, slugs, ids, writers, journals and settings), each followed by an incremental build that must
/// write, byte for byte, what a build from scratch of a copy writes. `DAYBOOK_EDITS_SEED` and
/// `DAYBOOK_EDITS_STEPS` choose the run (`make fuzz-incremental` runs a long one); a failure
/// prints the seed, the step and every step before it, which the seed replays.
@Suite struct RandomEditsTests {
    static let secrets = Secrets(PrivateBuildTests.secrets)

    static func setting(_ name: String, _ fallback: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? fallback
    }

    /// Three small photos, made once per run.
    static func photos() throws -> [[UInt8]] {
        let scratch = try TemporaryJournal()
        defer { scratch.remove() }
        let options = [["--size", "40x30"], ["--size", "30x40", "--orientation", "6"], ["--size", "36x36", "--format", "png"]]
        for (index, extra) in options.enumerated() { try PhotoSupport.make(scratch, "\(index)", extra + ["--seed", "\(index)"]) }
        return try (0..<3).map { try scratch.bytes("\($0)") }
    }

    /// `DAYBOOK_EDITS_SEEDS` (`1 2 3 4`) runs several sequences side by side, one per core
    /// (Swift Testing runs a test's arguments in parallel); else `DAYBOOK_EDITS_SEED`, or 23.
    static var seeds: [Int] {
        let listed = (ProcessInfo.processInfo.environment["DAYBOOK_EDITS_SEEDS"] ?? "").split(separator: " ").compactMap { Int($0) }
        return listed.isEmpty ? [setting("DAYBOOK_EDITS_SEED", 23)] : listed
    }

    @Test(arguments: seeds) func incrementalBuildsMatchBuildsFromScratchAfterRandomEdits(seed: Int) async throws {
        let count = Self.setting("DAYBOOK_EDITS_STEPS", 20)
        var rng = SeededGenerator(state: UInt64(bitPattern: Int64(seed)))
        var model = RandomJournal()
        for _ in 0..<Int.random(in: 20...40, using: &rng) { model.entries.append(model.randomEntry(&rng, privateChance: 0)) }
        let photos = try Self.photos()
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        var written: [String: [UInt8]] = [:]
        var steps = ["a journal of \(model.entries.count) entries"]
        var memory: BuildMemory?
        for step in 0...count {
            if step > 0 { steps.append(model.randomEdit(&rng)) }
            // Unbuffered, so a long run shows how far it got.
            if step % 25 == 0 { FileHandle.standardError.write(Data("random edits: seed \(seed), step \(step) of \(count)\n".utf8)) }
            written = try Self.update(journal, from: written, to: model.files(photos: photos))
            // Now and then the build continues the last one from memory, as `daybook serve` does.
            let continuing = step > 0 && rng.chance(25) ? memory : nil
            let replay = "seed \(seed), step \(step) of \(count) (DAYBOOK_EDITS_SEED=\(seed) DAYBOOK_EDITS_STEPS=\(step)):\n"
                + steps.enumerated().map { "  \($0.offset). \($0.element)" }.joined(separator: "\n")
            do {
                memory = try await Self.build(journal.root, continuing: continuing)
                // The cache is on disk before a build that does not continue reads it, as when
                // a preview ends and a build starts.
                _ = await memory?.cache
            } catch {
                Issue.record("the incremental build failed: \(error)\n\(replay)")
                return
            }
            let differences = try await Self.differencesFromAFullBuild(journal)
            if !differences.isEmpty {
                let kind = continuing == nil ? "incremental" : "continued"
                Issue.record("\(kind) build differs from a full build: \(differences.prefix(8).joined(separator: "; "))\n\(replay)")
                print(replay)
                return
            }
        }
    }

    /// The comparison the sequences rely on sees a changed byte, a missing file and an extra one.
    @Test func theComparisonSeesEveryDifference() async throws {
        let journal = try TemporaryJournal(["daybook.yml": "title: Compared\n",
                                            "entries/a.md": "---\ndate: 2024-05-01\n---\nWords.\n"])
        defer { journal.remove() }
        _ = try await Self.build(journal.root)
        #expect(try await Self.differencesFromAFullBuild(journal).isEmpty)
        let page = "_site/2024/05/01/entry/index.html"
        try journal.write(page, try journal.read(page).replacingOccurrences(of: "Words.", with: "Wordz."))
        try journal.write("_site/extra.txt", "extra\n")
        try FileManager.default.removeItem(at: journal.site.appendingPathComponent("archives/index.html"))
        let differences = try await Self.differencesFromAFullBuild(journal)
        #expect(differences.count == 3, "\(differences)")
        #expect(differences.contains { $0.hasPrefix("2024/05/01/entry/index.html line ") && $0.contains("Wordz.") })
        #expect(differences.contains("extra.txt only in the incremental build"))
        #expect(differences.contains("archives/index.html only in the full build"))
    }

    /// Sealed files are compared by what they open to: a private entry changed after the build
    /// is a difference in its edition, and in nothing public.
    @Test func theComparisonOpensTheEditions() async throws {
        let journal = try TemporaryJournal(["daybook.yml": "title: Compared\n",
                                            "entries/a.md": "---\ndate: 2024-05-01\n---\nWords.\n",
                                            "entries/b.md": "---\ndate: 2024-05-02\nprivate: true\n---\nSecret words.\n"])
        defer { journal.remove() }
        _ = try await Self.build(journal.root)
        #expect(try await Self.differencesFromAFullBuild(journal).isEmpty)
        try journal.write("entries/b.md", "---\ndate: 2024-05-02\nprivate: true\n---\nOther secret words.\n")
        let differences = try await Self.differencesFromAFullBuild(journal)
        #expect(differences.count == 1 && differences[0].hasPrefix("edition ") && differences[0].contains("2024/05/02/"), "\(differences)")
    }

    /// Writes the files that changed, removes those that went, and the folders they leave empty.
    static func update(_ journal: TemporaryJournal, from old: [String: [UInt8]], to new: [String: [UInt8]]) throws -> [String: [UInt8]] {
        for path in old.keys where new[path] == nil {
            var url = journal.root.appendingPathComponent(path)
            try FileManager.default.removeItem(at: url)
            url.deleteLastPathComponent()
            while url.path.count > journal.root.path.count,
                  (try? FileManager.default.contentsOfDirectory(atPath: url.path))?.isEmpty == true {
                try FileManager.default.removeItem(at: url)
                url.deleteLastPathComponent()
            }
        }
        for (path, bytes) in new where old[path] != bytes { try journal.write(path, bytes) }
        return new
    }

    static func build(_ root: URL, cache: Bool = true, output: URL? = nil, continuing: BuildMemory? = nil) async throws -> BuildMemory? {
        var options = BuildOptions(journal: root)
        options.useCache = cache
        options.output = output
        options.secrets = secrets
        // The key file's rounds cost a second a build in a debug build, and key files are
        // compared byte for byte like every other file, whatever their rounds.
        options.keyIterations = 1_000
        // As the preview does: a continued build takes the editions it sealed from memory and
        // the rows of lists it rendered, an update is made from the site of the build before,
        // kept beside the output, and the report comes while the cache is still being saved.
        options.remembersEditions = true
        options.remembersRows = true
        options.keepsOldSite = true
        options.reportsBeforeSaving = true
        return try await Builder.run(options, continuing: continuing).memory
    }

    /// Every folder under `root`, by its path inside it.
    static func folders(_ root: URL) -> Set<String> {
        var found: Set<String> = []
        func walk(_ relative: String) {
            for (name, isFolder) in TreeLinks.list(root.path + relative) where isFolder {
                found.insert(String((relative + "/" + name).dropFirst()))
                walk(relative + "/" + name)
            }
        }
        walk("")
        return found
    }

    /// The paths where the journal's site differs from a build from scratch of a copy of its
    /// files (no `.daybook`), with the first line that differs.
    static func differencesFromAFullBuild(_ journal: TemporaryJournal) async throws -> [String] {
        let copy = try TemporaryJournal()
        defer { copy.remove() }
        for path in DirectoryWalker.files(under: journal.root.path) where !path.hasPrefix("_site/") && !path.hasPrefix(".daybook/") {
            try copy.write(path, journal.bytes(path))
        }
        _ = try await build(copy.root, cache: false)
        // These builds add to an edition's pack as the preview does, where a build from scratch
        // seals a whole one (docs/private.md, "The preview adds to the pack"): sealed files, the
        // key file and the list of made files that name them, and their folders, are compared
        // by what each edition opens to.
        let (incrementalSite, fullSite) = (try tree(journal.site), try tree(copy.site))
        let incremental = incrementalSite.filter { !isSealed($0.key) }, full = fullSite.filter { !isSealed($0.key) }
        let (incrementalFolders, fullFolders) = (folders(journal.site).filter { !isSealed($0) }, folders(copy.site).filter { !isSealed($0) })
        let (incrementalEditions, fullEditions) = (try editions(incrementalSite), try editions(fullSite))
        var differences = Set(incremental.keys).symmetricDifference(full.keys).sorted().map {
            "\($0) only in the \(full[$0] == nil ? "incremental" : "full") build"
        } + incrementalFolders.symmetricDifference(fullFolders).sorted().map {
            "folder \($0) only in the \(fullFolders.contains($0) ? "full" : "incremental") build"
        }
        for (path, bytes) in full.sorted(by: { $0.key < $1.key }) where incremental[path].map({ $0 != bytes }) == true {
            let a = String(decoding: incremental[path]!, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let b = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            let shown = { (lines: [Substring]) in line < lines.count ? String(lines[line].prefix(200)) : "(end)" }
            differences.append("\(path) line \(line + 1): incremental '\(shown(a))', full '\(shown(b))'")
        }
        for folder in Set(incrementalEditions.keys).union(fullEditions.keys).sorted() where incrementalEditions[folder] != fullEditions[folder] {
            let (a, b) = (incrementalEditions[folder] ?? [:], fullEditions[folder] ?? [:])
            let paths = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
            differences.append("edition \(folder) opens to other files: \(paths.prefix(8).joined(separator: ", "))")
        }
        return differences
    }

    /// A sealed file, the key file, the list of the files Daybook made, or a folder of sealed files.
    static func isSealed(_ path: String) -> Bool {
        path == SiteManifest.fileName || (path.hasPrefix(PrivateFiles.folder) && path != "private/index.html" && path.split(separator: "/").count > 1)
    }

    /// Each edition's files as its reader (the single reader of `secrets`) opens them, by folder.
    static func editions(_ site: [String: Data]) throws -> [String: [String: [UInt8]]] {
        let text = PrivateBuildTests.text(site)
        guard let keyFile = text[PrivateFiles.keyFilePath],
              let json = try JSONSerialization.jsonObject(with: Data(keyFile.dropFirst("window.daybookKeys = ".count).dropLast(2).utf8)) as? [String: Any],
              let rows = json["readers"] as? [[String: Any]], let iterations = json["iterations"] as? Int else { return [:] }
        let siteKey = PrivateBuildTests.secrets["DAYBOOK_SITE_KEY"]!
        let reader = try PrivateKeys.reader(name: "", password: PrivateBuildTests.secrets["DAYBOOK_PASSWORD"]!,
                                            journalSalt: PrivateKeys(siteKey: siteKey).journalSalt, iterations: iterations)
        var opened: [String: [String: [UInt8]]] = [:]
        for row in rows where row["id"] as? String == reader.id {
            let folder = try #require(row["folder"] as? String), wrapped = try #require(Data(base64Encoded: row["key"] as? String ?? ""))
            let key = try AES.KeyWrap.unwrap(wrapped, using: SymmetricKey(data: reader.kek)).bytes
            opened[folder] = try #require(try PrivateBuildTests.openManifest(text, key: key, edition: "", folder: folder))
        }
        return opened
    }
}
