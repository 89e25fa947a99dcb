import Crypto
import Foundation
import Testing
@testable import Daybook

/// Private journals built by the real binary, as a person and their CI build them.
@Suite struct PrivateBuildTests {
    static let secrets = ["DAYBOOK_SITE_KEY": "1iVwVN8WjqGyNEZAb284OfG8wekRKgbxwUvJMLMKUTE=", "DAYBOOK_PASSWORD": "correct horse battery"]
    static let journalFiles = [
        "daybook.yml": "title: Mixed\nbase_url: https://example.org/\n",
        "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01\ntags: [travel]\n---\nGrey morning on the water.\n",
        "entries/2024/05/2024-05-02-zanzibar.md": "---\ntitle: Quokkamarker visit\ndate: 2024-05-02\nprivate: true\ntags: [wombatmarker]\nlocation: { name: Platypusmarker, lat: 10, lon: 20 }\n---\nThe numbatmarker text.\n",
    ]
    static let markers = ["Quokkamarker", "quokkamarker", "wombatmarker", "Platypusmarker", "platypusmarker", "numbatmarker", "zanzibar"]

    static func build(_ journal: TemporaryJournal, _ extra: [String] = [], env: [String: String] = secrets) throws -> CLIResult {
        try CLI.run(["build", journal.root.path, "--quiet"] + extra, environment: env)
    }

    static func text(_ files: [String: Data]) -> [String: String] { files.mapValues { String(decoding: $0, as: UTF8.self) } }

    @Test func withoutItsSecretsItFailsAndTheLastSiteStays() throws {
        let journal = try TemporaryJournal(Self.journalFiles)
        defer { journal.remove() }
        let first = try Self.build(journal, env: ["DAYBOOK_SITE_KEY": "", "DAYBOOK_PASSWORD": ""])
        #expect(first.status == 1)
        #expect(first.stderr.contains("entries/2024/05/2024-05-02-zanzibar.md:4:1: error: DAYBOOK_SITE_KEY is not set"))
        #expect(first.stderr.contains("error: DAYBOOK_PASSWORD is not set"))
        #expect(!journal.exists("_site"))

        #expect(try Self.build(journal).status == 0)
        let before = try tree(journal.site)
        try journal.write("entries/2024/05/2024-05-03.md", "---\ntitle: Later\ndate: 2024-05-03\n---\nMore.\n")
        let short = try Self.build(journal, env: ["DAYBOOK_SITE_KEY": "short", "DAYBOOK_PASSWORD": "correct horse battery"])
        #expect(short.status == 1)
        #expect(short.stderr.contains("DAYBOOK_SITE_KEY is not written in base64 or hex"))
        #expect(!short.stderr.contains("short\n") && !(short.stdout + short.stderr).contains("correct horse"))
        #expect(try tree(journal.site) == before)
    }

    @Test func thePublicSiteShowsNoTraceOfThePrivateEntry() throws {
        let journal = try TemporaryJournal(Self.journalFiles)
        defer { journal.remove() }
        let result = try CLI.run(["build", journal.root.path], environment: Self.secrets)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Built 2 entries (1 private, encrypted) into "))
        let files = Self.text(try tree(journal.site))
        for (path, text) in files {
            for marker in Self.markers { #expect(!text.contains(marker) && !path.contains(marker), "\(marker) in \(path)") }
        }
        #expect(files["index.html"]?.contains("<a href=\"private/\">Private</a>") == true)
        #expect(files["private/keys.js"] != nil && files["private/index.html"] != nil)
        #expect(files["2024/05/01/ferry/index.html"] != nil)
        #expect(files["feed.xml"].map { !$0.contains("Quokka") } == true)
        // Two entries' pages are in the edition, whose manifest opens with the site key.
        let manifest = try Self.manifest(files, siteKey: Self.secrets["DAYBOOK_SITE_KEY"]!)
        #expect(manifest["2024/05/02/quokkamarker-visit/index.html"] != nil)
        #expect(manifest["2024/05/01/ferry/index.html"] != nil)
        #expect(manifest["feed.xml"] == nil && manifest["sitemap.xml"] == nil)
    }

    /// The strongest check of "no trace": the public site of a mixed journal is, byte for byte, the
    /// site of the same journal with its private entries deleted, but for the link to the unlock
    /// page, the files under `private/` and the share page.
    /// With journals too: a journal that only the private entries are in leaves no trace.
    @Test(arguments: ["", "journals:\n  diary: {title: Diary}\n  dreams: {title: Dreams}\n"])
    func thePublicSiteIsTheSiteOfTheJournalWithoutItsPrivateEntries(journals: String) throws {
        var files = Self.journalFiles
        files["daybook.yml"]! += journals
        files["entries/2024/06/2024-06-01.md"] = "---\ntitle: June\ndate: 2024-06-01\nlocation: { name: Oslo, lat: 59.9, lon: 10.7 }\ntags: [travel]\n---\nSun.\n"
        files["entries/2023/05/2023-05-02.md"] = "---\ntitle: A year before\ndate: 2023-05-02\nprivate: true\nlocation: { name: Oslo, lat: 59.9, lon: 10.7 }\ntags: [travel]\n---\nPrivate words.\n"
        if !journals.isEmpty {
            for path in ["entries/2024/05/2024-05-02-zanzibar.md", "entries/2023/05/2023-05-02.md"] {
                files[path] = files[path]!.replacingOccurrences(of: "private: true\n", with: "private: true\njournal: dreams\n")
            }
        }
        let mixed = try TemporaryJournal(files)
        files["entries/2024/05/2024-05-02-zanzibar.md"] = nil
        files["entries/2023/05/2023-05-02.md"] = nil
        let without = try TemporaryJournal(files)
        defer { mixed.remove(); without.remove() }
        #expect(try Self.build(mixed).status == 0)
        #expect(try Self.build(without, env: [:]).status == 0)
        var expected = try tree(without.site)
        #expect(expected["search/meta.js"] != nil)
        // The share page is published by every journal with private entries (docs/shares.md).
        var site = try tree(mixed.site).filter { !$0.key.hasPrefix("private/") && $0.key != "share/index.html" }
        for (path, data) in site where path.hasSuffix(".html") {
            let text = String(decoding: data, as: UTF8.self)
            site[path] = Data(text.replacingOccurrences(of: #"<a href="[./]*private/(index\.html)?">Private</a>\n"#, with: "", options: .regularExpression).utf8)
        }
        // The search index's stamp is a digest of the settings, which differ by the unlock link.
        let stamp = #""stamp":"[0-9a-f]+""#
        for (path, data) in site where path == "search/meta.js" {
            site[path] = Data(String(decoding: data, as: UTF8.self).replacingOccurrences(of: stamp, with: "", options: .regularExpression).utf8)
        }
        expected["search/meta.js"] = expected["search/meta.js"].map {
            Data(String(decoding: $0, as: UTF8.self).replacingOccurrences(of: stamp, with: "", options: .regularExpression).utf8)
        }
        site[SiteManifest.fileName] = expected[SiteManifest.fileName]
        #expect(Set(site.keys) == Set(expected.keys))
        for (path, data) in expected { #expect(site[path] == data, "\(path) differs") }
    }

    @Test func sameSecretsSameBytesInAnyTimeZone() throws {
        let journal = try TemporaryJournal(Self.journalFiles)
        defer { journal.remove() }
        #expect(try Self.build(journal).status == 0)
        let first = try tree(journal.site)
        #expect(try Self.build(journal, ["--output", journal.root.appendingPathComponent("other").path, "--no-cache"],
                               env: Self.secrets.merging(["TZ": "Pacific/Kiritimati"]) { $1 }).status == 0)
        #expect(try tree(journal.root.appendingPathComponent("other")) == first)
    }

    /// The editions are made side by side (`WriteStage.makeEditions`): a journal of three
    /// editions comes out byte for byte the same on one core and on every core, from scratch and
    /// after an edit, so no edition's files depend on which finished first.
    @Test func threeEditionsSameBytesOnAnyNumberOfCores() throws {
        var files = Self.journalFiles
        files["daybook.yml"] = "title: Shared\nreaders:\n  - name: Anna\n    labels: [family, friends]\n  - name: Ben\n    labels: [friends]\n  - name: Cleo\n    labels: [neighbours]\n"
        files["entries/2024/05/2024-05-03-family.md"] = "---\ntitle: Family only\ndate: 2024-05-03\nreaders: [family]\n---\nFor family.\n"
        files["entries/2024/05/2024-05-04-friends.md"] = "---\ntitle: Friends only\ndate: 2024-05-04\nreaders: [friends]\n---\nFor friends.\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        let env = Self.secrets.merging(["DAYBOOK_PASSWORD_ANNA": "anna's passphrase", "DAYBOOK_PASSWORD_BEN": "ben's passphrase",
                                        "DAYBOOK_PASSWORD_CLEO": "cleo's passphrase"]) { $1 }
        let single = journal.root.appendingPathComponent("single")
        for round in 0..<2 {
            if round == 1 { try journal.write("entries/2024/05/2024-05-01-ferry.md", "---\ntitle: Ferry\ndate: 2024-05-01\n---\nCalm now.\n") }
            #expect(try Self.build(journal, env: env).status == 0)
            #expect(try Self.build(journal, ["--output", single.path, "--jobs", "1"], env: env).status == 0)
            let many = try tree(journal.site)
            let folders = Set(many.keys.map { $0.split(separator: "/") }.filter { $0.count > 3 && $0[0] == "private" }.map { $0[1] })
            #expect(folders.count == 3, "three editions, each in a folder of its own")
            #expect(try tree(single) == many, "round \(round)")
        }
    }

    /// Finding 3 of the review: after a password change or a reader's removal, the old password
    /// with the old key file (from the host's history, an archive, a cache) opened everything
    /// published afterwards. Now the edition gets new keys, and every sealed file changes.
    @Test func aPasswordChangeOrARemovedReaderRevokesTheOldKeyFile() throws {
        var files = Self.journalFiles
        files["daybook.yml"] = "title: Shared\nreaders: [Anna, Ben]\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        let siteKey = Self.secrets["DAYBOOK_SITE_KEY"]!
        var env = ["DAYBOOK_SITE_KEY": siteKey, "DAYBOOK_PASSWORD_ANNA": "anna's passphrase", "DAYBOOK_PASSWORD_BEN": "ben's passphrase"]
        #expect(try Self.build(journal, env: env).status == 0)
        let first = Self.text(try tree(journal.site))
        let bensOldKey = try #require(try Self.editionKey(first, siteKey: siteKey, name: "ben", password: "ben's passphrase"))
        #expect(try Self.openManifest(first, key: bensOldKey, edition: "*") != nil)

        try journal.write("daybook.yml", "title: Shared\nreaders: [Anna]\n")
        env["DAYBOOK_PASSWORD_BEN"] = nil
        #expect(try Self.build(journal, env: env).status == 0)
        let removed = Self.text(try tree(journal.site))
        #expect(try Self.openManifest(removed, key: bensOldKey, edition: "*") == nil)
        #expect(try Self.editionKey(removed, siteKey: siteKey, name: "ben", password: "ben's passphrase") == nil)
        #expect(Self.sealed(first).isDisjoint(with: Self.sealed(removed)), "a sealed file kept its bytes under the revoked key")

        let annasOldKey = try #require(try Self.editionKey(removed, siteKey: siteKey, name: "anna", password: "anna's passphrase"))
        env["DAYBOOK_PASSWORD_ANNA"] = "anna's new passphrase"
        #expect(try Self.build(journal, env: env).status == 0)
        let changed = Self.text(try tree(journal.site))
        #expect(try Self.openManifest(changed, key: annasOldKey, edition: "*") == nil)
        let annasNewKey = try #require(try Self.editionKey(changed, siteKey: siteKey, name: "anna", password: "anna's new passphrase"))
        #expect(try Self.openManifest(changed, key: annasNewKey, edition: "*")?["index.html"] != nil)
    }

    static func sealed(_ site: [String: String]) -> Set<String> {
        Set(site.filter { $0.key.hasPrefix("private/") && $0.key.hasSuffix(".js") && $0.key != PrivateFiles.keyFilePath }.map(\.value))
    }

    /// The edition key a reader's name and password unwrap from the site's key file, as the
    /// browser does it; nil when no reader of the key file has them.
    static func editionKey(_ site: [String: String], siteKey: String, name: String, password: String) throws -> [UInt8]? {
        let text = try #require(site[PrivateFiles.keyFilePath])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.dropFirst("window.daybookKeys = ".count).dropLast(2).utf8)) as? [String: Any])
        let reader = try PrivateKeys.reader(name: name, password: password, journalSalt: PrivateKeys(siteKey: siteKey).journalSalt)
        guard let row = (json["readers"] as? [[String: String]])?.first(where: { $0["id"] == reader.id }),
              let wrapped = Data(base64Encoded: row["key"] ?? "") else { return nil }
        return try AES.KeyWrap.unwrap(wrapped, using: SymmetricKey(data: reader.kek)).bytes
    }

    @Test func aWholePrivateJournalPublishesOnlyTheUnlockPageKeysScriptsAndCiphertext() throws {
        var files = Self.journalFiles
        files["daybook.yml"] = "title: Secret Title\nprivate: true\nbase_url: https://example.org/\n"
        files["static/notes.txt"] = "static numbatmarker"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        #expect(try Self.build(journal).status == 0)
        let site = Self.text(try tree(journal.site))
        for (path, text) in site {
            let allowed = path == "index.html" || path == "private/index.html" || path == "private/keys.js" || path == SiteManifest.fileName || path == "share/index.html"
                || (path.hasPrefix("private/") && path.hasSuffix(".js")) || path.range(of: #"^[a-z-]+\.[0-9a-f]{10}\.(css|js)$"#, options: .regularExpression) != nil
            #expect(allowed, "public file \(path)")
            for marker in Self.markers + ["Secret Title", "Ferry", "Grey morning"] { #expect(!text.contains(marker), "\(marker) in \(path)") }
        }
        let manifest = try Self.manifest(site, siteKey: Self.secrets["DAYBOOK_SITE_KEY"]!)
        #expect(manifest["notes.txt"] != nil && manifest["index.html"] != nil)
    }

    /// The editions were assembled without the journal's words, so a German journal's readers saw
    /// its pages in English once unlocked (the dates stayed German: they come from the locale).
    @Test func anEditionSpeaksTheJournalsLanguage() throws {
        var files = Self.journalFiles
        files["daybook.yml"] = "title: Geheim\nprivate: true\nlocale: de_DE\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        #expect(try Self.build(journal).status == 0)
        let edition = try Self.manifest(Self.text(try tree(journal.site)), siteKey: Self.secrets["DAYBOOK_SITE_KEY"]!)
        let home = String(decoding: try #require(edition["index.html"]), as: UTF8.self)
        #expect(home.contains("Zum Inhalt springen") && home.contains("Schlagwörter"))
        #expect(!home.contains("Skip to content"))
    }

    @Test func namedReadersGetTheEntriesTheirLabelsOpen() throws {
        var files = Self.journalFiles
        files["daybook.yml"] = "title: Shared\nreaders:\n  - name: Anna\n  - name: Ben\n    labels: [friends]\n"
        files["entries/2024/05/2024-05-04.md"] = "---\ntitle: Family only\ndate: 2024-05-04\nreaders: [family]\n---\nFor family.\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        let missing = try Self.build(journal)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("daybook.yml:3:5: error: DAYBOOK_PASSWORD_ANNA is not set: reader Anna needs a password"))
        #expect(missing.stderr.contains("daybook.yml:4:5: error: DAYBOOK_PASSWORD_BEN is not set"))
        #expect(missing.stderr.contains("entries/2024/05/2024-05-04.md:4:1: warning: no reader has the label family"))
        let env = ["DAYBOOK_SITE_KEY": Self.secrets["DAYBOOK_SITE_KEY"]!, "DAYBOOK_PASSWORD_ANNA": "anna's passphrase", "DAYBOOK_PASSWORD_BEN": "ben's passphrase"]
        #expect(try Self.build(journal, env: env).status == 0)
        let site = Self.text(try tree(journal.site))
        let all = try Self.manifest(site, siteKey: env["DAYBOOK_SITE_KEY"]!, edition: "*", readers: [(name: "anna", password: "anna's passphrase")])
        let friends = try Self.manifest(site, siteKey: env["DAYBOOK_SITE_KEY"]!, edition: "friends", readers: [(name: "ben", password: "ben's passphrase")])
        #expect(all["2024/05/04/family-only/index.html"] != nil && friends["2024/05/04/family-only/index.html"] == nil)
        #expect(friends["2024/05/02/quokkamarker-visit/index.html"] != nil)
        #expect(site["private/keys.js"]!.contains("\"named\":true"))
        #expect(try Self.editionKey(site, siteKey: env["DAYBOOK_SITE_KEY"]!, name: "ben", password: "ben's passphrase") != nil)
    }

    /// Editions were made per set of labels, so a reader labelled `friends` got an edition of
    /// their own even when they saw every private entry Anna saw: the same pages sealed twice on
    /// every build, and one more group of readers shown to the host. Groups that open the same
    /// entries now share one edition; an entry only some of them open splits it again.
    @Test func groupsOfReadersWhoOpenTheSameEntriesShareOneEdition() throws {
        var files = Self.journalFiles
        files["daybook.yml"] = "title: Shared\nreaders:\n  - name: Anna\n  - name: Ben\n    labels: [friends]\n"
        files["entries/2024/05/2024-05-03-harbour.md"] = "---\ntitle: Harbour\ndate: 2024-05-03\nreaders: [friends]\n---\nBoats.\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        let siteKey = Self.secrets["DAYBOOK_SITE_KEY"]!
        let env = ["DAYBOOK_SITE_KEY": siteKey, "DAYBOOK_PASSWORD_ANNA": "anna's passphrase", "DAYBOOK_PASSWORD_BEN": "ben's passphrase"]
        let anna = (name: "anna", password: "anna's passphrase"), ben = (name: "ben", password: "ben's passphrase")
        func editionFolders() throws -> Set<String> {
            Set(try tree(journal.site).keys.filter { $0.hasPrefix("private/") && $0.split(separator: "/").count > 2 }.map { String($0.split(separator: "/")[1]) })
        }
        #expect(try Self.build(journal, env: env).status == 0)
        var site = Self.text(try tree(journal.site))
        #expect(try editionFolders().count == 1)
        let shared = try Self.manifest(site, siteKey: siteKey, edition: "*", readers: [anna, ben])
        #expect(shared["2024/05/02/quokkamarker-visit/index.html"] != nil && shared["2024/05/03/harbour/index.html"] != nil)
        let annasKey = try Self.editionKey(site, siteKey: siteKey, name: "anna", password: anna.password)
        let bensKey = try Self.editionKey(site, siteKey: siteKey, name: "ben", password: ben.password)
        #expect(annasKey != nil && annasKey == bensKey)

        try journal.write("entries/2024/05/2024-05-04-alone.md", "---\ntitle: Alone\ndate: 2024-05-04\nreaders: [family]\n---\nQuiet.\n")
        #expect(try Self.build(journal, env: env).status == 0)
        site = Self.text(try tree(journal.site))
        #expect(try editionFolders().count == 2)
        let all = try Self.manifest(site, siteKey: siteKey, edition: "*", readers: [anna])
        let friends = try Self.manifest(site, siteKey: siteKey, edition: "friends", readers: [ben])
        #expect(all["2024/05/04/alone/index.html"] != nil && friends["2024/05/04/alone/index.html"] == nil)
        #expect(friends["2024/05/03/harbour/index.html"] != nil)
    }

    /// The edition's files, opened with the keys the site key and the readers give, as the test
    /// of what the edition holds. The journal's readers are the single one of `secrets`, or `readers`.
    static func manifest(_ site: [String: String], siteKey: String, edition: String = "*",
                         readers: [(name: String, password: String)] = [(name: "", password: secrets["DAYBOOK_PASSWORD"]!)]) throws -> [String: [UInt8]] {
        let keys = PrivateKeys(siteKey: siteKey)
        let key = keys.edition(edition, epoch: keys.epoch(edition, readers: readers)).key
        return try #require(try openManifest(site, key: key, edition: edition, folder: keys.editionFolder(edition)))
    }

    /// The files of the edition whose folder is `folder` (default: of edition "*" under the test
    /// site key), opened with `key` as the browser does: the manifest, then each chunk of the
    /// pack it lists; nil when the key does not open the manifest.
    static func openManifest(_ site: [String: String], key: [UInt8], edition: String, folder: String? = nil) throws -> [String: [UInt8]]? {
        let folder = folder ?? PrivateKeys(siteKey: secrets["DAYBOOK_SITE_KEY"]!).editionFolder(edition)
        guard let json = try manifestJSON(site, key: key, folder: folder) else { return nil }
        #expect(json["format"] as? Int == PrivateFiles.format)
        let chunks = try #require(json["chunks"] as? [String])
        var pack: [UInt8] = []
        for (index, chunk) in chunks.enumerated() {
            pack += try Opener.openChunk(try sealedBinary(site, folder: folder, name: chunk), index: index, count: chunks.count, key: key)
        }
        return try Opener.unpack(pack, table: try #require(json["table"] as? [Int]), earlier: json["tables"] as? [[Int]] ?? [])
    }

    /// The manifest of the edition whose folder is `folder`, opened with `key`; nil when the key
    /// does not open it.
    static func manifestJSON(_ site: [String: String], key: [UInt8], folder: String) throws -> [String: Any]? {
        let keyFile = try #require(site["private/keys.js"])
        let name = try #require(keyFile.firstMatch(of: try Regex("\"folder\":\"\(folder)\",\"id\":\"[0-9a-f]+\",\"key\":\"[^\"]+\",\"manifest\":\"([0-9a-f]+)\""))?.output[1].substring)
        guard let plain = try? Opener.open(try sealedBinary(site, folder: folder, name: String(name)), role: .manifest, key: key) else { return nil }
        return try JSONSerialization.jsonObject(with: Data(plain)) as? [String: Any]
    }

    /// The binary of the sealed file `name` of `folder`, from its script.
    static func sealedBinary(_ site: [String: String], folder: String, name: String) throws -> [UInt8] {
        let script = try #require(site["private/\(folder)/\(name.prefix(2))/\(name).js"])
        let base64 = script.dropFirst("daybookSealed(\"\(name)\",\"".count).dropLast(4)
        return Array(try #require(Data(base64Encoded: String(base64))))
    }
}

extension PrivateBuildTests {
    /// Entries turning private and public again, edited and removed: after each step the site is
    /// what a build from scratch makes, sealed files included, and no old sealed file is left.
    @Test func everyStepMatchesABuildFromScratch() throws {
        // A second copy is built from scratch each time, so the first's cache stays its own.
        let journal = try TemporaryJournal(Self.journalFiles), copy = try TemporaryJournal(Self.journalFiles)
        defer { journal.remove(); copy.remove() }
        let ferry = "entries/2024/05/2024-05-01-ferry.md", zanzibar = "entries/2024/05/2024-05-02-zanzibar.md"
        let steps: [(String, String?)] = [
            (ferry, "---\ntitle: Ferry\ndate: 2024-05-01\nprivate: true\n---\nGrey morning on the water.\n"),
            (zanzibar, "---\ntitle: Quokkamarker visit\ndate: 2024-05-02\n---\nNow public.\n"),
            (ferry, "---\ntitle: Ferry\ndate: 2024-05-01\nprivate: true\n---\nEdited privately.\n"),
            (zanzibar, nil),
            (ferry, "---\ntitle: Ferry\ndate: 2024-05-01\n---\nPublic again.\n"),
        ]
        #expect(try Self.build(journal).status == 0)
        for (number, (path, text)) in steps.enumerated() {
            for each in [journal, copy] {
                if let text { try each.write(path, text) } else { try FileManager.default.removeItem(at: each.root.appendingPathComponent(path)) }
            }
            let stylesheet = try #require(try FileManager.default.contentsOfDirectory(atPath: journal.site.path).first { $0.hasPrefix("style.") })
            let before = try Self.inode(of: stylesheet, in: journal.site)
            #expect(try Self.build(journal).status == 0)
            // Updated in place, not made again: a file no step touches is the same file.
            #expect(try Self.inode(of: stylesheet, in: journal.site) == before, "step \(number) was not incremental")
            try? FileManager.default.removeItem(at: copy.site)
            #expect(try Self.build(copy, ["--no-cache"]).status == 0)
            let incremental = try tree(journal.site), scratch = try tree(copy.site)
            #expect(Set(incremental.keys) == Set(scratch.keys), "step \(number)")
            for (file, data) in scratch where incremental[file] != data { Issue.record("step \(number): \(file) differs") }
        }
        // The last step made the journal public: nothing of the private machinery is left.
        #expect(!journal.exists("_site/private"))
    }

    static func inode(of path: String, in folder: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)[.systemFileNumber] as? Int ?? -1
    }
}

extension PrivateBuildTests {
    /// Each edition loaded every feature again: with two reader groups, a build processed every
    /// photo three times (the public pass, then each edition, which never read the photo cache).
    /// The editions now reuse what the public pass read, photos and quotes, and still show them.
    @Test func theEditionsReuseWhatThePublicPassRead() async throws {
        let server = try LocalHTTPServer(["/q": .init(body: zenQuotesJSON([("Fetched one.", "Zen"), ("Fetched two.", "Zen")]))])
        defer { server.stop() }
        let journal = try TemporaryJournal([
            "daybook.yml": "title: Shared\nzenquotes: \(server.url("/q"))\nreaders:\n  - name: Anna\n  - name: Ben\n    labels: [friends]\n",
            "entries/2024/05/2024-05-02-harbour.md": "---\ntitle: Harbour\ndate: 2024-05-02\nprivate: true\nreaders: [friends]\nphotos: [harbour.jpg]\n---\nBoats.\n",
            "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01\n---\nGrey morning.\n",
            // Only Anna reads it, so the two groups see different entries: two editions.
            "entries/2024/05/2024-05-03-alone.md": "---\ntitle: Alone\ndate: 2024-05-03\nreaders: [family]\n---\nQuiet.\n",
        ])
        defer { journal.remove() }
        try PhotoSupport.make(journal, "entries/2024/05/harbour.jpg", ["--size", "600x400", "--seed", "3"])
        let readers = [(name: "anna", password: "anna's passphrase"), (name: "ben", password: "ben's passphrase")]
        var options = BuildOptions(journal: journal.root)
        options.secrets = Secrets(["DAYBOOK_SITE_KEY": Self.secrets["DAYBOOK_SITE_KEY"]!, "DAYBOOK_PASSWORD_ANNA": readers[0].password,
                                   "DAYBOOK_PASSWORD_BEN": readers[1].password])
        _ = try await Builder.run(options)
        #expect(PhotoWork.count(journal.root) == 1, "the editions processed the photo again")
        #expect(server.requests.count == 1)
        let site = Self.text(try tree(journal.site))
        let keys = PrivateKeys(siteKey: Self.secrets["DAYBOOK_SITE_KEY"]!)
        for (edition, reader) in zip(["*", "friends"], readers) {
            let editionKeys = keys.edition(edition, epoch: keys.epoch(edition, readers: [reader]))
            let manifest = try #require(try Self.openManifest(site, key: editionKeys.key, edition: edition))
            #expect(manifest.keys.filter { $0.hasPrefix("photos/") }.count == 6,
                    "no photo in \(edition)")
            let path = try #require(manifest.keys.first { $0.hasPrefix("quotes.") && $0.hasSuffix(".js") }, "no quote file in \(edition)")
            let plain = try #require(manifest[path])
            #expect(String(decoding: plain, as: UTF8.self).contains("Fetched two."))
        }
    }
}
