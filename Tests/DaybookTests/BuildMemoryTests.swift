import Foundation
import Testing
@testable import Daybook

/// A build that continues the last one of the same process (`daybook serve`'s rebuilds) from
/// what it left in memory: it must write what a full build writes, its cache must be what the
/// next build would read back from `.daybook/cache`, and its state must describe the files.
@Suite struct BuildMemoryTests {
    /// Everything a cache holds, in an order that compares.
    static func summary(_ cache: BuildCache?) -> [String]? {
        guard let cache else { return nil }
        let hex: ([UInt8]) -> String = { ContentHash.hex($0) }
        var lines = ["parse \(hex(cache.parseKey)) saved \(cache.savedAt) output \(cache.outputPath) data \(hex(cache.dataKey))",
                     "data paths \(cache.dataPaths)"]
        if let origin = cache.origin { lines.append("origin \(hex(origin.digest)) \(origin.bytes) \(origin.logBytes)") }
        for (path, entry) in cache.entries.sorted(by: { $0.key < $1.key }) {
            let body = entry.body
            lines.append("entry \(path) \(entry.stat.size) \(entry.stat.modified) \(hex(entry.hash)) \(hex(entry.listKey)) "
                         + "\(body.offset) \(body.htmlLength) \(body.textLength) \(hex(body.digest)) \(entry.entry.title ?? "-")")
        }
        for (path, record) in cache.outputs.sorted(by: { $0.key < $1.key }) {
            lines.append("output \(path) \(hex(record.key)) \(record.stat.size) \(record.stat.modified)")
        }
        return lines
    }

    /// With and without the preview's ways: the rows of lists kept from the last build
    /// (`RowMemory`), and the report given while the cache is still being saved, which the next
    /// build then waits for (`BuildOptions.reportsBeforeSaving`).
    @Test(arguments: [false, true])
    func aContinuedBuildMatchesAFullBuildAndItsMemoryMatchesTheDisk(remembersRows: Bool) async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        var options = BuildOptions(journal: journal.root)
        options.remembersRows = remembersRows
        options.reportsBeforeSaving = remembersRows
        var memory = try #require(try await Builder.run(options).memory)
        for (name, change) in IncrementalBuildTests.steps(journal) {
            try change()
            let report = try await Builder.run(options, continuing: memory)
            memory = try #require(report.memory, "\(name)")
            #expect(Self.summary(await memory.cache) == Self.summary(BuildCache.load(folder: journal.cache)), "\(name): the cache")
            // The state lives in memory alone: on disk it would describe a folder only this process writes.
            #expect(UpToDate.load(folder: journal.cache) == nil, "\(name): no state on disk")
            let state = try #require(memory.state, "\(name)")
            for (path, stat) in state.entries { #expect(FileStat(path: journal.root.path + "/" + path) == stat, "\(name): \(path)") }
            #expect(state.entries.map(\.path) == (try JournalFiles.scan(journal.root)).entries, "\(name)")
            // The preview's search documents are what the next build would read back from disk.
            if remembersRows {
                let saved = await memory.search[SearchCache.file.name]?.value
                let disk = SearchCache.read(folder: journal.cache, parseKey: try #require(saved?.parseKey, "\(name)"))
                #expect(saved.map { Self.summary($0.documents, $0.origin) } == disk.map { Self.summary($0.documents, $0.origin) },
                        "\(name): the search documents")
            }
            try await IncrementalBuildTests.expectSameAsFullBuild(journal, name)
        }
    }

    /// Every search document by key, its terms spelled out, and where the set came from.
    static func summary(_ documents: SearchDocuments, _ origin: SearchCache.Origin) -> [String] {
        let base = "origin \(ContentHash.hex(origin.base.digest)) \(origin.base.bytes) \(origin.logBytes) \(origin.termCount)"
        return [base] + documents.documents.map { key, document in
            let terms = zip(document.terms, document.frequencies).map { "\(documents.terms[Int($0)])=\($1)" }.sorted()
            let filters = document.filters.map { documents.terms[Int($0)] }.sorted()
            return "\(ContentHash.hex(key)) \(document.length) \(terms) \(filters)"
        }.sorted()
    }

    /// A save takes the search documents from the last build's memory, not from disk: here a
    /// memory whose documents all carry a made-up term, which the search index then shows.
    @Test func aContinuedBuildTakesTheSearchDocumentsFromTheLastBuild() async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        var options = BuildOptions(journal: journal.root)
        options.remembersRows = true
        let first = try #require(try await Builder.run(options).memory)
        let mark = "zzmemorymark"
        let marked = first.search.mapValues { saving in
            Task { () -> SearchMemory.Remembered? in
                guard var remembered = await saving.value else { return nil }
                let number = Int32(remembered.documents.terms.count)
                remembered.documents.appendTerms([mark])
                for (key, var document) in remembered.documents.documents {
                    document.terms.append(number)
                    document.frequencies.append(1)
                    remembered.documents.set(document, for: key)
                }
                return remembered
            }
        }
        #expect(!marked.isEmpty)
        let memory = BuildMemory(journal: first.journal, output: first.output, state: first.state, caching: first.caching, templates: first.templates,
                                 files: first.files, editions: first.editions, photoCandidates: first.photoCandidates, rows: first.rows,
                                 search: marked)
        try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day 2\ndate: 2024-03-02 09:00\ntags: [walks]\n---\nChanged words.\n")
        _ = try await Builder.run(options, continuing: memory)
        let index = try tree(journal.site).filter { $0.key.hasPrefix("search/") }.values.map { String(decoding: $0, as: UTF8.self) }
        #expect(index.contains { $0.contains(mark) }, "the index shows the remembered documents")
    }

    /// A save renders again the lists that show the edited entry, whose other rows it takes from
    /// the last build's memory: here a memory whose rows carry a mark, so the mark shows which
    /// rows were taken. The edited entry's row is made anew (its values changed), and a build
    /// without the option takes nothing from memory.
    @Test func aContinuedBuildTakesTheRowsOfListsFromTheLastBuild() async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        var options = BuildOptions(journal: journal.root)
        options.remembersRows = true
        let first = try #require(try await Builder.run(options).memory)
        #expect(first.rows.count >= 12, "\(first.rows.count) rows kept")
        let mark = Self.rowMark
        let marked = Self.markingRows
        try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day 2\ndate: 2024-03-02 09:00\ntags: [walks]\n---\nChanged words.\n")
        let edit = try await Builder.run(options, continuing: marked(first))
        let month = String(decoding: try #require(try tree(journal.site)["2024/03/index.html"]), as: UTF8.self)
        let rows = month.components(separatedBy: "<li").dropFirst().filter { $0.contains("/day-") || $0.contains("Day ") }
        #expect(rows.contains { $0.contains("Day 2") && !$0.contains(mark) }, "the edited entry's row is made anew")
        #expect(rows.filter { $0.contains(mark) }.count == 5, "the month's five other rows come from memory: \(month)")
        #expect(try #require(edit.memory).rows.count < first.rows.count, "the next memory holds this build's rows alone")

        options.remembersRows = false
        // A new title, so that every list the marked rows went into is made again.
        try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day two\ndate: 2024-03-02 09:00\ntags: [walks]\n---\nOther words.\n")
        let without = try await Builder.run(options, continuing: marked(try #require(edit.memory)))
        #expect(without.memory?.rows.isEmpty == true)
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "without the option")
    }

    /// What `markingRows` adds to every kept row, to tell the rows a build took from memory.
    static let rowMark = "<!-- from memory -->"

    /// `memory` with `rowMark` after each of its rows.
    static func markingRows(_ memory: BuildMemory) -> BuildMemory {
        BuildMemory(journal: memory.journal, output: memory.output, state: memory.state, caching: memory.caching, templates: memory.templates,
                    files: memory.files, editions: memory.editions, photoCandidates: memory.photoCandidates,
                    rows: memory.rows.mapValues { $0 + rowMark })
    }

    /// With the cache files gone from disk, a continued build still updates only what changed,
    /// which it can know only from its memory; a build that does not continue starts afresh.
    @Test func aContinuedBuildReadsNothingBack() async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        let options = BuildOptions(journal: journal.root)
        var memory = try #require(try await Builder.run(options).memory)
        for round in 1...3 {
            try FileManager.default.removeItem(at: journal.root.appendingPathComponent(".daybook/cache"))
            try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day 2\ndate: 2024-03-02 09:00\n---\nRound \(round).\n")
            let report = try await Builder.run(options, continuing: memory)
            #expect(report.stages.contains { $0.name.hasPrefix("render ") && $0.name.hasSuffix(" pages") && $0.name.contains(" of ") },
                    "round \(round): \(report.stages.map(\.name))")
            memory = try #require(report.memory)
            try await IncrementalBuildTests.expectSameAsFullBuild(journal, "round \(round)")
        }
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent(".daybook/cache"))
        try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day 2\ndate: 2024-03-02 09:00\n---\nAfresh.\n")
        let afresh = try await Builder.run(options)
        #expect(afresh.stages.contains { $0.name == "render and write" }, "\(afresh.stages.map(\.name))")
    }

    /// Memory of one output is not used for another, nor for a build that writes nothing.
    @Test func memoryFitsOnlyItsJournalAndOutput() async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        let memory = try #require(try await Builder.run(BuildOptions(journal: journal.root)).memory)
        var other = BuildOptions(journal: journal.root)
        other.output = journal.root.appendingPathComponent("elsewhere")
        #expect(!memory.fits(other))
        var uncached = BuildOptions(journal: journal.root)
        uncached.useCache = false
        #expect(!memory.fits(uncached))
        #expect(memory.fits(BuildOptions(journal: journal.root)))
        _ = try await Builder.run(other, continuing: memory)
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "the first output, untouched")
        #expect(try tree(other.output!) == tree(journal.site))
    }

    /// Each file of the journal (but the site and `.daybook/`) with its size and time, as a
    /// polling watcher sees it.
    static func look(_ journal: TemporaryJournal) -> [String: FileStat] {
        var seen: [String: FileStat] = [:]
        for path in DirectoryWalker.files(under: journal.root.path) where !path.hasPrefix("_site/") {
            seen[path] = FileStat(path: journal.root.path + "/" + path)
        }
        return seen
    }

    /// Told which files changed, as `daybook serve`'s watcher tells it, a continued build looks
    /// at those alone (and walks the folders again when a file came or went); after every kind
    /// of change it writes what a full build writes.
    @Test func aContinuedBuildToldWhatChangedMatchesAFullBuild() async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        let options = BuildOptions(journal: journal.root)
        var memory = try #require(try await Builder.run(options).memory)
        var before = Self.look(journal)
        for (name, change) in IncrementalBuildTests.steps(journal) {
            try change()
            let after = Self.look(journal)
            let changed = Set(after.keys.filter { after[$0] != before[$0] } + before.keys.filter { after[$0] == nil })
            before = after
            let report = try await Builder.run(options, continuing: memory, changed: changed)
            memory = try #require(report.memory, "\(name)")
            try await IncrementalBuildTests.expectSameAsFullBuild(journal, name)
        }
    }

    /// The last scan is kept when the changed files are the ones it listed, and walked again
    /// when a file came or went, a folder moved, or the entries' folder changed.
    @Test func theFilesAreFoundAgainOnlyWhenAFileCameOrWent() throws {
        let journal = try TemporaryJournal([
            "daybook.yml": "title: Files\n", "entries/2024/a.md": "---\ndate: 2024-01-01\n---\nA.\n",
            "entries/2024/b.md": "---\ndate: 2024-01-02\n---\nB.\n", "static/notes.txt": "notes", "templates/entry.mustache": "x",
        ])
        defer { journal.remove() }
        let files = try JournalFiles.scan(journal.root)
        try journal.write("entries/2024/a.md", "---\ndate: 2024-01-01\n---\nA, edited.\n")
        try journal.write("daybook.yml", "title: Files, renamed\n")
        let kept = try #require(files.updated(changed: ["entries/2024/a.md", "daybook.yml", "static/notes.txt", "gone.txt"], entriesFolder: nil))
        #expect(kept.entries == files.entries && kept.statics == files.statics && kept.settingsText == "title: Files, renamed\n")
        try journal.write("entries/2024/c.md", "---\ndate: 2024-01-03\n---\nC.\n")
        #expect(files.updated(changed: ["entries/2024/c.md"], entriesFolder: nil) == nil, "a new entry")
        try journal.write("static/more.txt", "more")
        #expect(files.updated(changed: ["static/more.txt"], entriesFolder: nil) == nil, "a new static file")
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("templates/entry.mustache"))
        #expect(files.updated(changed: ["templates/entry.mustache"], entriesFolder: nil) == nil, "a template removed")
        try FileManager.default.moveItem(at: journal.root.appendingPathComponent("entries/2024"), to: journal.root.appendingPathComponent("elsewhere"))
        #expect(files.updated(changed: ["entries/2024"], entriesFolder: nil) == nil, "a folder of entries moved away")
        try FileManager.default.moveItem(at: journal.root.appendingPathComponent("elsewhere"), to: journal.root.appendingPathComponent("entries/2025"))
        #expect(files.updated(changed: ["entries/2025"], entriesFolder: nil) == nil, "a folder moved in")
        try journal.write("daybook.yml", "title: Files\nentries_dir: posts\n")
        #expect(files.updated(changed: ["daybook.yml"], entriesFolder: nil) == nil, "another entries folder")
        #expect(files.updated(changed: [], entriesFolder: "posts") == nil)
    }

    /// A rebuild names the files it made from new inputs, the new ones among them and those it
    /// removed, as the preview tells the open pages.
    @Test func aRebuildNamesWhatItChanged() async throws {
        let journal = try TemporaryJournal(IncrementalBuildTests.journalFiles())
        defer { journal.remove() }
        let options = BuildOptions(journal: journal.root)
        _ = try await Builder.run(options)
        try journal.write("entries/2024-04-10-day.md", "---\ntitle: Day 10\ndate: 2024-04-10 09:00\ntags: [walks]\n---\nFirst line of day 10.\n\nA later paragraph, edited.\n")
        let edit = try #require(try await Builder.run(options).outputChanges)
        #expect(edit.changed.contains("2024/04/10/day-10/index.html") && !edit.changed.contains("2024/03/01/day-1/index.html"))
        #expect(edit.added.isEmpty && edit.removed.isEmpty)
        try journal.write("entries/2024-04-10-day.md", "---\ntitle: Day ten\ndate: 2024-04-10 09:00\ntags: [walks]\n---\nRenamed.\n")
        let rename = try #require(try await Builder.run(options).outputChanges)
        #expect(rename.added.filter { $0.hasSuffix("index.html") } == ["2024/04/10/day-ten/index.html"])
        #expect(rename.removed.filter { $0.hasSuffix("index.html") } == ["2024/04/10/day-10/index.html"])
        #expect(rename.changed.contains("2024/04/10/day-ten/index.html") && rename.changed.contains("2024/04/index.html"))
        let nothing = try await Builder.run(options)
        #expect((nothing.outputChanges ?? .init()) == .init(), "nothing changed")
    }
}
