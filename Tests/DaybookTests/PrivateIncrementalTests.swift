import Foundation
import Testing
@testable import Daybook

/// Incremental equals full for private journals (#25): a mixed and a whole-private journal with
/// two groups of readers, taken through edits, a password change, a reader added and removed,
/// and an entry turned private and public again. After each step the incremental build's output
/// is byte for byte a build from scratch's, sealed files included, and no old file is left.
@Suite struct PrivateIncrementalTests {
    static let siteKey = PrivateBuildTests.secrets["DAYBOOK_SITE_KEY"]!

    static func files(whole: Bool) -> [String: String] {
        [
            "daybook.yml": "title: Two groups\n\(whole ? "private: true\n" : "")readers:\n  - name: Anna\n  - name: Ben\n    labels: [friends]\n",
            "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01\ntags: [travel]\n---\nGrey morning.\n",
            "entries/2024/05/2024-05-02-harbour.md": "---\ntitle: Harbour\ndate: 2024-05-02\nprivate: true\nreaders: [friends]\n---\nBoats.\n",
            "entries/2024/06/2024-06-01-alone.md": "---\ntitle: Alone\ndate: 2024-06-01\nprivate: true\nreaders: [family]\n---\nOnly Anna reads this.\n",
            // A static file, sealed in a whole-private journal: its key must not be its file time.
            "static/CNAME": "journal.example.org\n",
        ]
    }

    /// A change to the journal's files (nil removes one) and to its secrets.
    struct Step: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [String: String?] = [:]
        var env: [String: String?] = [:]
        var testDescription: String { name }
    }

    static let steps: [Step] = [
        Step(name: "an edit to an entry only friends read",
             files: ["entries/2024/05/2024-05-02-harbour.md": "---\ntitle: Harbour\ndate: 2024-05-02\nprivate: true\nreaders: [friends]\n---\nMore boats.\n"]),
        Step(name: "a public entry turned private",
             files: ["entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01\nprivate: true\ntags: [travel]\n---\nGrey morning.\n"]),
        Step(name: "a password changed", env: ["DAYBOOK_PASSWORD_BEN": "ben's new passphrase"]),
        Step(name: "a reader added",
             files: ["daybook.yml": "title: Two groups\nreaders:\n  - name: Anna\n  - name: Ben\n    labels: [friends]\n  - name: Cleo\n    labels: [friends]\n"],
             env: ["DAYBOOK_PASSWORD_CLEO": "cleo's passphrase"]),
        Step(name: "a reader removed",
             files: ["daybook.yml": "title: Two groups\nreaders:\n  - name: Anna\n  - name: Cleo\n    labels: [friends]\n"],
             env: ["DAYBOOK_PASSWORD_BEN": nil]),
        Step(name: "the entry public again",
             files: ["entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01\ntags: [travel]\n---\nGrey morning again.\n"]),
        Step(name: "an entry moved to another month, another removed",
             files: ["entries/2024/06/2024-06-01-alone.md": nil,
                     "entries/2024/07/2024-07-04-alone.md": "---\ntitle: Alone\ndate: 2024-07-04\nprivate: true\nreaders: [family]\n---\nOnly Anna reads this.\n",
                     "entries/2024/05/2024-05-02-harbour.md": nil]),
        // Journals (`Features/Journals`): a journal whose readers label its private entries.
        Step(name: "journals named, a private entry in one of its own",
             files: ["daybook.yml": "title: Two groups\nreaders:\n  - name: Anna\n  - name: Cleo\n    labels: [friends]\n"
                        + "journals:\n  diary: {title: Diary}\n  dreams: {title: Dreams, readers: [friends]}\n",
                     "entries/2024/07/2024-07-04-alone.md": nil,
                     "entries/dreams/2024-07-04-alone.md": "---\ntitle: Alone\ndate: 2024-07-04\nprivate: true\n---\nOnly Anna reads this.\n"]),
        Step(name: "a public entry moved into the private entry's journal",
             files: ["entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01\ntags: [travel]\njournal: dreams\n---\nGrey morning again.\n"]),
        Step(name: "the private entry moved between journals",
             files: ["entries/dreams/2024-07-04-alone.md": nil,
                     "entries/diary/2024-07-04-alone.md": "---\ntitle: Alone\ndate: 2024-07-04\nprivate: true\n---\nOnly Anna reads this.\n"]),
    ]

    @Test(arguments: [false, true])
    func everyStepMatchesABuildFromScratch(whole: Bool) throws {
        var files = Self.files(whole: whole)
        var env = ["DAYBOOK_SITE_KEY": Self.siteKey, "DAYBOOK_PASSWORD_ANNA": "anna's passphrase", "DAYBOOK_PASSWORD_BEN": "ben's passphrase"]
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        #expect(try PrivateBuildTests.build(journal, env: env).status == 0)
        for step in Self.steps {
            for (path, text) in step.files {
                var text = text
                // The whole-private journal keeps `private: true` in its settings at every step.
                if whole, path == "daybook.yml", let settings = text { text = settings.replacingOccurrences(of: "title: Two groups\n", with: "title: Two groups\nprivate: true\n") }
                files[path] = text
                if let text { try journal.write(path, text) } else { try FileManager.default.removeItem(at: journal.root.appendingPathComponent(path)) }
            }
            for (name, value) in step.env { env[name] = value }
            let incremental = try PrivateBuildTests.build(journal, env: env)
            #expect(incremental.status == 0, "\(step.name): \(incremental.stderr)")
            // The same journal, built from scratch in a copy of its own.
            let scratch = try TemporaryJournal(files.compactMapValues { $0 })
            defer { scratch.remove() }
            #expect(try PrivateBuildTests.build(scratch, ["--no-cache"], env: env).status == 0)
            let made = try tree(journal.site), expected = try tree(scratch.site)
            #expect(Set(made.keys) == Set(expected.keys), "\(step.name): other files")
            for (path, data) in expected where made[path] != data { Issue.record("\(step.name): \(path) differs") }
            #expect(made.keys.contains(PrivateFiles.keyFilePath), "\(step.name)")
        }
    }

    /// Editions were made from scratch on every build, so an edit cost a whole site per edition.
    /// Now an edition compares with what the last build sealed, renders what changed and takes
    /// the rest from the last pack; new keys (a password changed) make it whole again.
    @Test func anEditRendersOnlyWhatChangedInTheEditions() async throws {
        var files = Self.files(whole: true)
        for month in ["01", "02", "03"] {
            for day in 10...19 {
                files["entries/2024/\(month)/2024-\(month)-\(day)-day.md"] =
                    "---\ntitle: Day \(day)\ndate: 2024-\(month)-\(day)\ntags: [t\(day % 3)]\n---\nWords of day \(day).\n"
            }
        }
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        var env = ["DAYBOOK_SITE_KEY": Self.siteKey, "DAYBOOK_PASSWORD_ANNA": "anna's passphrase", "DAYBOOK_PASSWORD_BEN": "ben's passphrase"]
        func build() async throws -> BuildReport {
            var options = BuildOptions(journal: journal.root)
            options.secrets = Secrets(env)
            return try await Builder.run(options)
        }
        let first = try await build()
        #expect(first.encryptedPagesRendered == first.encryptedPages && first.encryptedPages > 60)
        #expect(first.readerKeysDerived == 2, "a build from scratch derives every reader's key")
        try journal.write("entries/2024/03/2024-03-15-day.md", "---\ntitle: Day 15\ndate: 2024-03-15\ntags: [t0]\n---\nOther words.\n")
        let edit = try await build()
        // The entry's page in each of the two editions; its lists show excerpts, which changed.
        #expect(edit.encryptedPagesRendered >= 2 && edit.encryptedPagesRendered * 3 < edit.encryptedPages,
                "rendered \(edit.encryptedPagesRendered) of \(edit.encryptedPages)")
        // The same readers and passwords: the key file's rows are the last one's, no PBKDF2.
        #expect(edit.readerKeysDerived == 0)
        env["DAYBOOK_PASSWORD_BEN"] = "ben's new passphrase"
        let rotated = try await build()
        // Ben's edition has new keys: the last pack does not open with them, so it is made whole,
        // and Anna's renders nothing. Ben's pages are those of the same journal read by Ben alone.
        let bensJournal = try TemporaryJournal(files.merging(["daybook.yml": "title: Ben's\nprivate: true\nreaders:\n  - name: Ben\n    labels: [friends]\n"]) { $1 })
        defer { bensJournal.remove() }
        var bensOptions = BuildOptions(journal: bensJournal.root)
        bensOptions.secrets = Secrets(env)
        let bensPages = try await Builder.run(bensOptions).encryptedPages
        #expect(bensPages < edit.encryptedPages / 2, "Anna's edition shows an entry Ben's does not")
        #expect(rotated.encryptedPagesRendered == bensPages, "rendered \(rotated.encryptedPagesRendered) of \(rotated.encryptedPages)")
        #expect(rotated.readerKeysDerived == 1, "only Ben's key is derived again")
    }

    /// The preview's rows of lists (`RowMemory`) serve the editions too: a memory whose rows carry
    /// a mark shows in the pages an edit renders again inside the edition, the edited entry's
    /// row excepted.
    @Test func anEditionTakesTheRowsOfListsFromTheLastBuild() async throws {
        var files = Self.files(whole: true)
        for day in 10...14 { files["entries/2024/05/2024-05-\(day)-day.md"] = "---\ntitle: Day \(day)\ndate: 2024-05-\(day)\n---\nWords.\n" }
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        let env = ["DAYBOOK_SITE_KEY": Self.siteKey, "DAYBOOK_PASSWORD_ANNA": "anna's passphrase", "DAYBOOK_PASSWORD_BEN": "ben's passphrase"]
        var options = BuildOptions(journal: journal.root)
        options.secrets = Secrets(env)
        options.remembersRows = true
        let first = try #require(try await Builder.run(options).memory)
        let mark = BuildMemoryTests.rowMark, marked = BuildMemoryTests.markingRows(first)
        try journal.write("entries/2024/05/2024-05-12-day.md", "---\ntitle: Day 12\ndate: 2024-05-12\n---\nOther words.\n")
        _ = try await Builder.run(options, continuing: marked)
        let site = PrivateBuildTests.text(try tree(journal.site))
        let edition = try PrivateBuildTests.manifest(site, siteKey: Self.siteKey, edition: "friends", readers: [(name: "ben", password: "ben's passphrase")])
        let month = String(decoding: try #require(edition["2024/05/index.html"]), as: UTF8.self)
        let rows = month.components(separatedBy: "<li").dropFirst()
        #expect(rows.contains { $0.contains("Day 12") && !$0.contains(mark) }, "the edited entry's row is made anew")
        #expect(rows.filter { $0.contains(mark) }.count >= 4, "the month's other rows come from memory: \(month)")
    }

    /// A build reads the last pack back from the output, where anything may have changed it. A
    /// chunk of an older build put in a newer chunk's place still opens with the edition's key (it
    /// sits at the same position), so only its name, the digest of its bytes, tells it is not the
    /// chunk the manifest lists. Carried into the next pack, its old bytes would become pages.
    @Test func aChunkOfAnOlderBuildInTheOutputIsNotCarriedIntoTheNextPack() throws {
        var files = Self.files(whole: true)
        let env = ["DAYBOOK_SITE_KEY": Self.siteKey, "DAYBOOK_PASSWORD_ANNA": "anna's passphrase", "DAYBOOK_PASSWORD_BEN": "ben's passphrase"]
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        let keys = PrivateKeys(siteKey: Self.siteKey), folder = keys.editionFolder("*")
        let key = keys.edition("*", epoch: keys.epoch("*", readers: [(name: "anna", password: "anna's passphrase")])).key
        func chunks() throws -> [String] {
            let site = PrivateBuildTests.text(try tree(journal.site))
            let manifest = try #require(site["private/keys.js"]?.firstMatch(of: try Regex("\"folder\":\"\(folder)\",\"id\":\"[0-9a-f]+\",\"key\":\"[^\"]+\",\"manifest\":\"([0-9a-f]+)\""))?.output[1].substring)
            let plain = try Opener.open(try PrivateBuildTests.sealedBinary(site, folder: folder, name: String(manifest)), role: .manifest, key: key)
            return try #require((try JSONSerialization.jsonObject(with: Data(plain)) as? [String: Any])?["chunks"] as? [String])
        }
        func chunkFile(_ name: String) -> URL { journal.site.appendingPathComponent("private/\(folder)/\(name.prefix(2))/\(name).js") }

        #expect(try PrivateBuildTests.build(journal, env: env).status == 0)
        let older = try chunks()
        let olderFirst = try Data(contentsOf: chunkFile(older[0]))
        files["entries/2024/06/2024-06-01-alone.md"] = "---\ntitle: Alone\ndate: 2024-06-01\nprivate: true\nreaders: [family]\n---\nOnly Anna reads this, still.\n"
        try journal.write("entries/2024/06/2024-06-01-alone.md", files["entries/2024/06/2024-06-01-alone.md"]!)
        #expect(try PrivateBuildTests.build(journal, env: env).status == 0)
        let newer = try chunks()
        #expect(newer[0] != older[0], "an edit changes every chunk of the pack")
        try olderFirst.write(to: chunkFile(newer[0]))

        files["entries/2024/05/2024-05-01-ferry.md"] = "---\ntitle: Ferry\ndate: 2024-05-01\ntags: [travel]\n---\nGrey morning, later.\n"
        try journal.write("entries/2024/05/2024-05-01-ferry.md", files["entries/2024/05/2024-05-01-ferry.md"]!)
        #expect(try PrivateBuildTests.build(journal, env: env).status == 0)
        let scratch = try TemporaryJournal(files)
        defer { scratch.remove() }
        #expect(try PrivateBuildTests.build(scratch, ["--no-cache"], env: env).status == 0)
        let made = try tree(journal.site), expected = try tree(scratch.site)
        #expect(Set(made.keys) == Set(expected.keys))
        for (path, data) in expected where made[path] != data { Issue.record("\(path) differs from a build from scratch") }
    }

    /// Each edition tokenized every entry for its search index on every build, and saved the
    /// documents over the public site's cache. Now each keeps a cache of its own: an edit appends
    /// the edited entry to its log, the base stays, and an edition that is gone leaves no cache.
    @Test func eachEditionKeepsItsOwnSearchCache() async throws {
        let journal = try TemporaryJournal(Self.files(whole: true))
        defer { journal.remove() }
        var env = ["DAYBOOK_SITE_KEY": Self.siteKey, "DAYBOOK_PASSWORD_ANNA": "anna's passphrase", "DAYBOOK_PASSWORD_BEN": "ben's passphrase"]
        func build() async throws {
            var options = BuildOptions(journal: journal.root)
            options.secrets = Secrets(env)
            _ = try await Builder.run(options)
        }
        let folder = journal.root.appendingPathComponent(CacheFile.folder)
        func caches() throws -> [String: Data] {
            var found: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasPrefix(SearchCache.editionPrefix) {
                found[name] = try Data(contentsOf: folder.appendingPathComponent(name))
            }
            return found
        }
        try await build()
        let first = try caches()
        #expect(first.keys.filter { $0.hasSuffix(".cache") }.count == 2, "one per edition: \(first.keys.sorted())")
        try journal.write("entries/2024/06/2024-06-01-alone.md", "---\ntitle: Alone\ndate: 2024-06-01\nprivate: true\nreaders: [family]\n---\nStill alone.\n")
        try await build()
        let edited = try caches()
        for (name, bytes) in first where name.hasSuffix(".cache") { #expect(edited[name] == bytes, "\(name): written anew") }
        #expect(edited.contains { $0.key.hasSuffix(".log") && !$0.value.isEmpty }, "the edit is in a log")
        // Ben no longer reads: the friends edition is gone, and so is its cache.
        try journal.write("daybook.yml", "title: Two groups\nprivate: true\nreaders:\n  - name: Anna\n")
        env["DAYBOOK_PASSWORD_BEN"] = nil
        try await build()
        #expect(try caches().keys.filter { $0.hasSuffix(".cache") }.count == 1)
    }

    /// The preview rebuilt on every save by opening the last pack of every edition from its own
    /// output again. It now keeps what it sealed in memory: a continued build opens no pack, new
    /// keys still make an edition anew, and the site equals a build from scratch at each step:
    /// its public files byte for byte, its editions as their readers open them (the preview adds
    /// to the last pack, where a build seals a whole one).
    @Test func aPreviewTakesTheEditionsItSealedFromMemory() async throws {
        var files = Self.files(whole: true)
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        var env = ["DAYBOOK_SITE_KEY": Self.siteKey, "DAYBOOK_PASSWORD_ANNA": "anna's passphrase", "DAYBOOK_PASSWORD_BEN": "ben's passphrase"]
        var memory: BuildMemory?
        func build(continuing: Bool) async throws -> BuildReport {
            var options = BuildOptions(journal: journal.root)
            options.secrets = Secrets(env)
            options.remembersEditions = true
            let report = try await Builder.run(options, continuing: continuing ? memory : nil)
            memory = report.memory
            return report
        }
        func matchesABuildFromScratch(_ step: String) throws {
            let scratch = try TemporaryJournal(files)
            defer { scratch.remove() }
            #expect(try PrivateBuildTests.build(scratch, ["--no-cache"], env: env).status == 0)
            let made = try tree(journal.site), expected = try tree(scratch.site)
            // The sealed files, and the list of the files Daybook made, which names them.
            func plain(_ site: [String: Data]) -> [String: Data] {
                site.filter { (!$0.key.hasPrefix("private/") || $0.key == "private/index.html") && $0.key != SiteManifest.fileName }
            }
            #expect(Set(plain(made).keys) == Set(plain(expected).keys), "\(step): other files")
            for (path, data) in plain(expected) where made[path] != data { Issue.record("\(step): \(path) differs") }
            for (edition, reader) in [("*", "anna"), ("friends", "ben")] {
                let readers = [(name: reader, password: env["DAYBOOK_PASSWORD_\(reader.uppercased())"] ?? "")]
                let opened = try PrivateBuildTests.manifest(PrivateBuildTests.text(made), siteKey: Self.siteKey, edition: edition, readers: readers)
                let whole = try PrivateBuildTests.manifest(PrivateBuildTests.text(expected), siteKey: Self.siteKey, edition: edition, readers: readers)
                #expect(opened == whole, "\(step): edition \(edition) opens to other files")
            }
        }
        _ = try await build(continuing: false)
        let sealed = Set(try tree(journal.site).keys.filter { $0.hasPrefix("private/") && $0 != "private/index.html" })
        // An entry both editions show.
        files["entries/2024/05/2024-05-02-harbour.md"] = "---\ntitle: Harbour\ndate: 2024-05-02\nprivate: true\nreaders: [friends]\n---\nStill boats.\n"
        try journal.write("entries/2024/05/2024-05-02-harbour.md", files["entries/2024/05/2024-05-02-harbour.md"]!)
        let edit = try await build(continuing: true)
        #expect(edit.editionsOpened == 0 && edit.encryptedPagesRendered < edit.encryptedPages)
        // The edit is added to the packs: their chunks stay, and only each edition's manifest is
        // replaced (the records of both changed).
        let gone = sealed.subtracting(try tree(journal.site).keys)
        #expect(gone.count == 2 && Set(gone.map { $0.split(separator: "/")[1] }).count == 2, "replaced: \(gone.sorted()) of \(sealed.sorted())")
        try matchesABuildFromScratch("an edit")
        env["DAYBOOK_PASSWORD_BEN"] = "ben's new passphrase"
        let rotated = try await build(continuing: true)
        // Ben's edition has new keys: what memory holds was sealed with the old ones.
        #expect(rotated.editionsOpened == 1 && rotated.readerKeysDerived == 1)
        try matchesABuildFromScratch("a password changed")
        files["entries/2024/05/2024-05-01-ferry.md"] = "---\ntitle: Ferry\ndate: 2024-05-01\n---\nCalm morning.\n"
        try journal.write("entries/2024/05/2024-05-01-ferry.md", files["entries/2024/05/2024-05-01-ferry.md"]!)
        let uncontinued = try await build(continuing: false)
        #expect(uncontinued.editionsOpened == 2, "a build of another process opens every edition")
        try matchesABuildFromScratch("a build not continued")
    }
}
