import Foundation
import Testing
@testable import Daybook

/// Rebuilds that use `.daybook/cache` must write exactly what a full build writes, and touch
/// only the files whose content changed.
@Suite struct IncrementalBuildTests {
    static func journalFiles() -> [String: String] {
        var files = ["daybook.yml": "title: Incremental\nhome_entries: 4\n", "static/notes.txt": "static\n"]
        for day in 1...12 {
            let month = day <= 6 ? "03" : "04"
            let tags = day % 3 == 0 ? "[sea, walks]" : "[walks]"
            files["entries/2024-\(month)-\(pad(day, 2))-day.md"] =
                "---\ntitle: Day \(day)\ndate: 2024-\(month)-\(pad(day, 2)) 09:00\ntags: \(tags)\n---\nFirst line of day \(day).\n\nA later paragraph.\n"
        }
        return files
    }

    static func build(_ root: URL, cache: Bool = true, output: URL? = nil, drafts: Bool = false) async throws -> BuildReport {
        var options = BuildOptions(journal: root)
        options.useCache = cache
        options.output = output
        options.includeDrafts = drafts
        return try await Builder.run(options)
    }

    /// Builds a copy of the journal from scratch, without any cache, and compares every byte.
    static func expectSameAsFullBuild(_ journal: TemporaryJournal, _ step: String) async throws {
        let copy = try TemporaryJournal()
        defer { copy.remove() }
        for path in DirectoryWalker.files(under: journal.root.path) where !path.hasPrefix("_site") {
            try copy.write(path, Array(FileManager.default.contents(atPath: journal.root.appendingPathComponent(path).path)!))
        }
        _ = try await build(copy.root, cache: false)
        let incremental = try tree(journal.site), full = try tree(copy.site)
        #expect(incremental.keys.sorted() == full.keys.sorted(), "\(step): file lists differ")
        for (path, bytes) in full where incremental[path] != bytes { Issue.record("\(step): \(path) differs") }
    }

    static func modificationTimes(_ site: URL) -> [String: Int] {
        var times: [String: Int] = [:]
        for path in DirectoryWalker.files(under: site.path) { times[path] = FileStat(path: site.path + "/" + path)?.modified }
        return times
    }

    /// Every kind of change a journal goes through, one after another, each named.
    static func steps(_ journal: TemporaryJournal) -> [(String, () throws -> Void)] {
        [
            ("edit a body", { try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day 2\ndate: 2024-03-02 09:00\ntags: [walks]\n---\nChanged words.\n") }),
            ("retitle an entry", { try journal.write("entries/2024-03-03-day.md", "---\ntitle: A new name\ndate: 2024-03-03 09:00\ntags: [sea]\n---\nText.\n") }),
            ("add an entry", { try journal.write("entries/2024-05-01-new.md", "---\ntitle: New month\ndate: 2024-05-01\ntags: [rain]\n---\nNew.\n") }),
            ("remove an entry", { try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries/2024-04-08-day.md")) }),
            ("remove a tag's last entry", { try journal.write("entries/2024-05-01-new.md", "---\ntitle: New month\ndate: 2024-05-01\n---\nNew.\n") }),
            ("change a template", { try journal.write("templates/entry-row.mustache", "<li><a href=\"{{url}}\">{{title}}</a></li>\n") }),
            ("change a setting", { try journal.write("daybook.yml", "title: Renamed\nlocale: fr_FR\nhome_entries: 4\n") }),
            ("change the stylesheet", { try journal.write("templates/style.css", "body{margin:0}\n") }),
            // The locale is French by now: the journal's own French words go over Daybook's.
            ("add the journal's own words", { try journal.write("i18n/fr.yml", "archives: Mes archives\n") }),
            ("edit the journal's own words", { try journal.write("i18n/fr.yml", "archives: Tout\nentries_count:\n  one: \"{n} page\"\n  many: \"{n} de pages\"\n  other: \"{n} pages\"\n") }),
            ("change a static file", { try journal.write("static/notes.txt", "static, edited\n") }),
            ("add a static file", { try journal.write("static/more/extra.txt", "more\n") }),
            ("remove a static file", { try FileManager.default.removeItem(at: journal.root.appendingPathComponent("static/more")) }),
            ("add the journal's own quotes", { try journal.write("quotes.yml", "- text: Write it down.\n  author: Someone\n- text: Then read it back.\n") }),
            ("show the quote on every page", { try journal.write("daybook.yml", "title: Renamed\nlocale: fr_FR\nhome_entries: 4\nquote_on_every_page: true\n") }),
            ("add a newer entry, which changes the quote shown", { try journal.write("entries/2024-06-01-june.md", "---\ntitle: June\ndate: 2024-06-01\n---\nJune.\n") }),
            ("edit a quote", { try journal.write("quotes.yml", "- text: Write it all down.\n  author: Someone\n- text: Then read it back.\n") }),
            ("move an entry to another day", { try journal.write("entries/2024-03-05-day.md", "---\ntitle: Day 5\ndate: 2024-02-28 09:00\n---\nMoved.\n") }),
            // The search index numbers entries oldest first: an older entry renumbers every one.
            ("add an entry older than all", { try journal.write("entries/2024-01-15-old.md", "---\ndate: 2024-01-15\n---\nWinter.\n") }),
            ("use words no entry had", { try journal.write("entries/2024-03-06-day.md", "---\ntitle: Day 6\ndate: 2024-03-06 09:00\n---\nAardvark and zeppelin, 서울.\n") }),
            ("make an entry much longer", { try journal.write("entries/2024-03-07-day.md", "---\ntitle: Day 7\ndate: 2024-03-07 09:00\n---\n" + String(repeating: "walks by the sea ", count: 200) + "\n") }),
            // Lists show an entry's excerpt: a change past it renders the entry's page alone, one in it the lists too.
            ("add a paragraph past a long entry's excerpt", { try journal.write("entries/2024-03-07-day.md", "---\ntitle: Day 7\ndate: 2024-03-07 09:00\n---\n" + String(repeating: "walks by the sea ", count: 200) + "\n\nLater.\n") }),
            ("change the start of a long entry", { try journal.write("entries/2024-03-07-day.md", "---\ntitle: Day 7\ndate: 2024-03-07 09:00\n---\nRain. " + String(repeating: "walks by the sea ", count: 200) + "\n\nLater.\n") }),
            // The time zone is a parse setting: every cached parse and search document is stale.
            ("change the time zone", { try journal.write("daybook.yml", "title: Renamed\nlocale: fr_FR\nhome_entries: 4\ntimezone: Asia/Tokyo\n") }),
            ("turn search off", { try journal.write("daybook.yml", "title: Renamed\nlocale: fr_FR\nhome_entries: 4\ntimezone: Asia/Tokyo\nsearch: false\n") }),
            ("turn search on again", { try journal.write("daybook.yml", "title: Renamed\nlocale: fr_FR\nhome_entries: 4\ntimezone: Asia/Tokyo\n") }),
            // Its page, its rows, its tag and its words in the search index all go.
            ("make a published entry a draft", { try journal.write("entries/2024-04-09-day.md", "---\ntitle: Day 9\ndate: 2024-04-09 09:00\ntags: [secret]\ndraft: true\n---\nPrivate words.\n") }),
            ("publish it again", { try journal.write("entries/2024-04-09-day.md", "---\ntitle: Day 9\ndate: 2024-04-09 09:00\ntags: [secret]\n---\nPrivate words.\n") }),
            // An entry with no text yet is left out, as if it were not there, until it has words.
            ("start an entry with no text yet", { try journal.write("entries/2024-04-20-blank.md", "---\ntitle: Blank\ndate: 2024-04-20\ntags: [blank]\n---\n\n") }),
            ("write the new entry's text", { try journal.write("entries/2024-04-20-blank.md", "---\ntitle: Blank\ndate: 2024-04-20\ntags: [blank]\n---\nWords at last.\n") }),
            ("take its text away again", { try journal.write("entries/2024-04-20-blank.md", "---\ntitle: Blank\ndate: 2024-04-20\ntags: [blank]\n---\n  \n") }),
            ("take a published entry's text away", { try journal.write("entries/2024-04-10-day.md", "---\ntitle: Day 10\ndate: 2024-04-10 09:00\ntags: [walks]\n---\n") }),
            ("give it its text back", { try journal.write("entries/2024-04-10-day.md", "---\ntitle: Day 10\ndate: 2024-04-10 09:00\ntags: [walks]\n---\nBack.\n") }),
            // "On this day" shows, on the home page and its own, entries that are not the pages' own.
            ("write an entry a year before the newest day", { try journal.write("entries/2023-06-01-last.md", "---\ntitle: Last June\ndate: 2023-06-01\n---\nA year before.\n") }),
            // An old address (Hugo's aliases) is a page that names the entry's address and title.
            ("give an entry an old address", { try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day 2\ndate: 2024-03-02 09:00\naliases: [/old/day-2/]\n---\nChanged words.\n") }),
            ("retitle the entry with the old address", { try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day two\ndate: 2024-03-02 09:00\naliases: [/old/day-2/]\n---\nChanged words.\n") }),
            ("drop the old address", { try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day two\ndate: 2024-03-02 09:00\n---\nChanged words.\n") }),
            ("retitle the entry on this day", { try journal.write("entries/2023-06-01-last.md", "---\ntitle: June, a year before\ndate: 2023-06-01\n---\nA year before.\n") }),
            // Writers (docs/writers.md): a second writer makes every row name its writer.
            ("list the writers", { try journal.write("daybook.yml", Self.writersSettings(ben: "Ben")) }),
            ("an entry changes writer", { try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day two\ndate: 2024-03-02 09:00\nauthor: ben\n---\nChanged words.\n") }),
            ("a writer is renamed", { try journal.write("daybook.yml", Self.writersSettings(ben: "Benjamin")) }),
            // One writer left: no row, nor any search result, names a writer (their records change).
            ("the second writer's only entry becomes a draft", { try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day two\ndate: 2024-03-02 09:00\nauthor: ben\ndraft: true\n---\nChanged words.\n") }),
            ("and is published again", { try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day two\ndate: 2024-03-02 09:00\nauthor: ben\n---\nChanged words.\n") }),
            // Journals (`Features/Journals`): every entry is in the default one until another has entries.
            ("name two journals", { try journal.write("daybook.yml", "title: Renamed\nlocale: fr_FR\nhome_entries: 4\ntimezone: Asia/Tokyo\njournals:\n  diary: {title: Diary}\n  travel: {title: Travels}\n") }),
            ("put an entry in the second journal", { try journal.write("entries/2024-03-03-day.md", "---\ntitle: A new name\ndate: 2024-03-03 09:00\ntags: [sea]\njournal: travel\n---\nText.\n") }),
            ("move an entry into a journal's folder", {
                try journal.write("entries/travel/2024-03-04-day.md", try journal.read("entries/2024-03-04-day.md"))
                try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries/2024-03-04-day.md"))
            }),
            ("move an entry between journals", { try journal.write("entries/2024-03-03-day.md", "---\ntitle: A new name\ndate: 2024-03-03 09:00\ntags: [sea]\njournal: diary\n---\nText.\n") }),
            // A journal's own "on this day" (its newest day is 4 March 2024): its page and data files.
            ("write a travel entry a year before its newest day", { try journal.write("entries/travel/2023-03-04-trip.md", "---\ntitle: Trip\ndate: 2023-03-04\n---\nAway.\n") }),
            ("retitle the travel entry on this day", { try journal.write("entries/travel/2023-03-04-trip.md", "---\ntitle: Trip, a year before\ndate: 2023-03-04\n---\nAway.\n") }),
            ("retitle a journal", { try journal.write("daybook.yml", "title: Renamed\nlocale: fr_FR\nhome_entries: 4\ntimezone: Asia/Tokyo\njournals:\n  diary: {title: Diary}\n  travel: {title: Trips}\n") }),
            ("empty the second journal", { try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries/travel")) }),
        ]
    }

    static func writersSettings(ben: String) -> String {
        "title: Renamed\nlocale: fr_FR\nhome_entries: 4\ntimezone: Asia/Tokyo\nwriters:\n  anna: Anna\n  ben: \(ben)\ndefault_writer: anna\n"
    }

    @Test func matchesAFullBuildAfterEveryKindOfChange() async throws {
        let journal = try TemporaryJournal(Self.journalFiles())
        defer { journal.remove() }
        _ = try await Self.build(journal.root)
        for (name, change) in Self.steps(journal) {
            try change()
            _ = try await Self.build(journal.root)
            try await Self.expectSameAsFullBuild(journal, name)
        }
        #expect(!journal.exists("_site/more/extra.txt") && !journal.exists("_site/more"))
        #expect(!journal.exists("_site/2024/04/08/day-8/index.html"))
        #expect(!journal.exists("_site/2024/04/20"), "the entry with no text is left out")
    }

    /// A site previewed with `--drafts` and built again without them keeps no trace of a draft:
    /// not its page, its rows, its tag or its words in the search index.
    @Test func aBuildWithoutDraftsLeavesNoTraceOfThem() async throws {
        var files = Self.journalFiles()
        files["entries/2024-03-20-draft.md"] = "---\ntitle: Unfinished\ndate: 2024-03-20\ntags: [quixotag]\ndraft: true\n---\nZanzibarish thoughts.\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        _ = try await Self.build(journal.root, drafts: true)
        #expect(try tree(journal.site).values.contains { String(decoding: $0, as: UTF8.self).contains("zanzibarish") }, "the preview has it")
        _ = try await Self.build(journal.root)
        try await Self.expectSameAsFullBuild(journal, "built again without drafts")
        for (path, bytes) in try tree(journal.site) {
            let text = String(decoding: bytes, as: UTF8.self).lowercased()
            #expect(!text.contains("zanzibarish") && !text.contains("unfinished") && !text.contains("quixotag"), "\(path) shows the draft")
        }
    }

    /// A month page re-rendered after an edit names the months before and after it, even one of
    /// another year that no re-rendered page lists.
    @Test func aMonthPageNamesItsNeighboursAfterAnEdit() async throws {
        var files = ["daybook.yml": "title: Months\nhome_entries: 1\n"]
        for (date, title) in [("2023-11-05", "November"), ("2023-12-05", "December"), ("2024-01-05", "New Year"), ("2024-01-10", "Early January"),
                              ("2024-01-20", "Late January"), ("2024-02-05", "February"), ("2024-03-05", "March")] {
            files["entries/\(date).md"] = "---\ntitle: \(title)\ndate: \(date)\n---\nWords of \(title).\n"
        }
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        _ = try await Self.build(journal.root)
        try journal.write("entries/2024-01-20.md", "---\ntitle: Late January\ndate: 2024-01-20\n---\nOther words, first.\n")
        let report = try await Self.build(journal.root)
        #expect(report.stages.contains { $0.name.hasPrefix("render ") && !$0.name.hasPrefix("render 0 ") })
        try await Self.expectSameAsFullBuild(journal, "edit in January")
    }

    /// Day 2 of the test journal, whose opening sentence fills its excerpt, ending with `end`.
    static func longDayTwo(_ end: String) -> String {
        let long = String(repeating: "A long opening sentence that fills the excerpt. ", count: 5)
        return "---\ntitle: Day 2\ndate: 2024-03-02 09:00\ntags: [walks]\n---\n\(long)\n\n\(end)\n"
    }

    /// The test journal, built, with day 2 as `longDayTwo("The end.")`.
    static func builtWithLongDayTwo() async throws -> TemporaryJournal {
        var files = journalFiles()
        files["entries/2024-03-02-day.md"] = longDayTwo("The end.")
        let journal = try TemporaryJournal(files)
        _ = try await build(journal.root)
        return journal
    }

    @Test func rewritesOnlyTheFilesWhoseContentChanged() async throws {
        let journal = try await Self.builtWithLongDayTwo()
        defer { journal.remove() }
        let before = Self.modificationTimes(journal.site)
        // Past the excerpt, so only the entry's own page changes, and only it is rendered: its
        // neighbours, month, year and tag pages show what lists show of it, which did not change.
        // As many words as before: the year calendar and the numbers page count them.
        try journal.write("entries/2024-03-02-day.md", Self.longDayTwo("The close."))
        let report = try await Self.build(journal.root)
        let after = Self.modificationTimes(journal.site)
        #expect(Set(after.keys) == Set(before.keys))
        let changed = after.filter { before[$0.key] != $0.value }.keys.sorted()
        // The search index holds the words, so the files with this entry's record and terms change too.
        #expect(changed.filter { !$0.hasPrefix("search/") } == ["2024/03/02/day-2/index.html"])
        let index = after.keys.filter { $0.hasPrefix("search/") }
        #expect(changed.count > 1 && changed.count - 1 < index.count, "only some index files change")
        #expect(report.stages.contains { $0.name.hasPrefix("render 1 of ") })
        #expect(report.stages.contains { $0.name == "write \(changed.count), remove 0" })
        try await Self.expectSameAsFullBuild(journal, "edit late in a body")
    }

    /// Words added past the excerpt change the entry's page and the pages that count words (its
    /// year's calendar, the archives' calendar of the newest year, the numbers), not the lists
    /// that show the entry: no row shows a count.
    @Test func wordsAddedPastTheExcerptLeaveTheListsAsTheyAre() async throws {
        let journal = try await Self.builtWithLongDayTwo()
        defer { journal.remove() }
        let before = Self.modificationTimes(journal.site)
        try journal.write("entries/2024-03-02-day.md", Self.longDayTwo("The end, and then a few more words."))
        let report = try await Self.build(journal.root)
        let changed = Self.modificationTimes(journal.site).filter { before[$0.key] != $0.value }.keys.filter { !$0.hasPrefix("search/") }
        #expect(Set(changed) == ["2024/03/02/day-2/index.html", "2024/index.html", "archives/index.html", "stats/index.html"],
                "\(changed.sorted())")
        // Those four alone are made again: not the month, the tag, the neighbours or the home page.
        #expect(report.stages.contains { $0.name.hasPrefix("render 4 of ") }, "\(report.stages.map(\.name))")
        try await Self.expectSameAsFullBuild(journal, "words past the excerpt")
    }

    /// Lists of short rows (a tag's, a year's) show an entry's title, date and rating: an edit of
    /// its opening words, which lists of full rows show, leaves them as they are.
    @Test func anEditOfTheOpeningWordsLeavesTheListsOfShortRows() async throws {
        let journal = try TemporaryJournal(Self.journalFiles())
        defer { journal.remove() }
        _ = try await Self.build(journal.root)
        let before = Self.modificationTimes(journal.site)
        // As many words as before: the year calendar and the numbers page count them.
        try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day 2\ndate: 2024-03-02 09:00\ntags: [walks]\n---\nFirst words of day 2.\n\nA later paragraph.\n")
        let report = try await Self.build(journal.root)
        // The entry's page, its month's, and its two neighbours' (their pagers list it): not its
        // tag's or its year's, which would come out the same and so never show in what is written.
        #expect(report.stages.contains { $0.name.hasPrefix("render 4 of ") }, "\(report.stages.map(\.name))")
        let after = Self.modificationTimes(journal.site)
        let changed = Set(after.filter { before[$0.key] != $0.value }.keys.filter { !$0.hasPrefix("search/") })
        #expect(changed.isSuperset(of: ["2024/03/02/day-2/index.html", "2024/03/index.html"]), "\(changed.sorted())")
        #expect(changed.isDisjoint(with: ["tags/walks/index.html", "2024/index.html"]), "\(changed.sorted())")
        try await Self.expectSameAsFullBuild(journal, "edit of the opening words")
        // A new title shows in the short rows too.
        try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day two\ndate: 2024-03-02 09:00\ntags: [walks]\n---\nFirst words of day 2.\n\nA later paragraph.\n")
        _ = try await Self.build(journal.root)
        let retitled = Self.modificationTimes(journal.site)
        #expect(retitled["tags/walks/index.html"] != after["tags/walks/index.html"] && retitled["2024/index.html"] != after["2024/index.html"])
        try await Self.expectSameAsFullBuild(journal, "new title")
    }

    @Test func aBuildWithNothingChangedRendersAndWritesNothing() async throws {
        let journal = try TemporaryJournal(Self.journalFiles())
        defer { journal.remove() }
        _ = try await Self.build(journal.root)
        let before = Self.modificationTimes(journal.site)
        // Touching a file without changing it does not count as a change either.
        let entry = journal.root.appendingPathComponent("entries/2024-03-04-day.md")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: entry.path)
        let report = try await Self.build(journal.root)
        #expect(report.stages.contains { $0.name.hasPrefix("render 0 of ") })
        #expect(Self.modificationTimes(journal.site) == before)
    }

    @Test(arguments: ["build.cache", "build.log", "search.cache", "search.log", "state.cache"], ["garbage", "truncated", "flipped"])
    func neverTrustsADamagedCache(file: String, damage: String) async throws {
        let journal = try TemporaryJournal(Self.journalFiles())
        defer { journal.remove() }
        _ = try await Self.build(journal.root)
        // A second build that changes little leaves a log record beside the cache.
        try journal.write("entries/2024-03-04-day.md", "---\ntitle: Day 4\ndate: 2024-03-04 09:00\n---\nEdited once.\n")
        _ = try await Self.build(journal.root)
        #expect(journal.exists(".daybook/cache/build.log") && journal.exists(".daybook/cache/search.log"))
        try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day 2 again\ndate: 2024-03-02 09:00\n---\nChanged.\n")
        let url = journal.root.appendingPathComponent(BuildCache.folder).appendingPathComponent(file)
        var bytes = Array(try Data(contentsOf: url))
        switch damage {
        case "garbage": bytes = Array("not a cache".utf8)
        case "truncated": bytes = Array(bytes.prefix(bytes.count / 2))
        default: bytes[bytes.count / 2] ^= 0xFF
        }
        try Data(bytes).write(to: url)
        let report = try await Self.build(journal.root)
        if file == "build.cache" {
            #expect(report.stages.contains { $0.name == "render and write" }, "a damaged cache means a full build")
        } else {
            #expect(!report.stages.contains { $0.name == "render and write" }, "the build cache still serves")
        }
        try await Self.expectSameAsFullBuild(journal, damage)
        #expect(SearchCache.read(folder: journal.cache, parseKey: Builder.parseKey(Settings())) != nil, "written anew")
        // The cache the build left reads back whole, with no damaged record in its log.
        #expect(BuildCache.load(folder: journal.cache, parseKey: Builder.parseKey(Settings()))?.origin?.logBytes ?? .max < .max)
    }

    /// A build that changes little appends to the cache's log instead of writing the cache anew,
    /// and the cache read back (base and log) is the one a build writing it whole leaves.
    @Test func logsSmallChangesAndReadsThemBack() async throws {
        let journal = try TemporaryJournal(Self.journalFiles())
        defer { journal.remove() }
        _ = try await Self.build(journal.root)
        let base = BuildCache.url(in: journal.cache)
        let baseBytes = try Data(contentsOf: base)
        for day in [2, 3, 2] {
            try journal.write("entries/2024-03-0\(day)-day.md", "---\ntitle: Day \(day)\ndate: 2024-03-0\(day) 09:00\n---\nEdit \(UUID()).\n")
            _ = try await Self.build(journal.root)
        }
        #expect(try Data(contentsOf: base) == baseBytes, "the base is left as it was")
        let parseKey = Builder.parseKey(Settings())
        let logged = try #require(BuildCache.load(folder: journal.cache, parseKey: parseKey))
        #expect((logged.origin?.logBytes ?? 0) > 0)
        // It describes the files as the last build left them.
        for (path, record) in logged.outputs {
            #expect(FileStat(path: journal.site.path + "/" + path) == record.stat, "\(path)")
        }
        for (path, cached) in logged.entries {
            #expect(ContentHash.digest(try journal.bytes(path)) == cached.hash, "\(path)")
        }
        #expect(logged.entries.count == 12)
        // The search documents, base and log, are those of the entries as they are, new words included.
        let search = try #require(SearchCache.read(folder: journal.cache, parseKey: parseKey))
        #expect(journal.exists(".daybook/cache/search.log") && search.origin.logBytes > 0)
        #expect(Set(search.documents.documents.keys) == Set(logged.entries.values.map(\.hash)))
        #expect(search.documents.terms.contains("edit") && search.documents.terms.count > search.documents.sortedCount)
        logged.saveBase(journal: journal.root, folder: journal.cache)
        #expect(!journal.exists(".daybook/cache/build.log"))
        let whole = try #require(BuildCache.load(folder: journal.cache, parseKey: parseKey))
        #expect(whole.outputs == logged.outputs && whole.dataKey == logged.dataKey && whole.dataPaths == logged.dataPaths)
        #expect(whole.savedAt == logged.savedAt && whole.outputPath == logged.outputPath)
        #expect(whole.entries.mapValues(\.hash) == logged.entries.mapValues(\.hash))
        #expect(whole.entries.mapValues(\.entry) == logged.entries.mapValues(\.entry))
        try await Self.expectSameAsFullBuild(journal, "after the log")
        // The logged keys are those of the pages as they are: with an entry touched, so that the
        // up-to-date check does not answer, nothing is rendered again.
        let entry = journal.root.appendingPathComponent("entries/2024-03-05-day.md")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: entry.path)
        let report = try await Self.build(journal.root)
        #expect(report.stages.contains { $0.name.hasPrefix("render 0 of ") })
    }

    /// The search documents of unchanged entries come from the cache, not from their files: a
    /// document planted in the cache shows in the index after another entry's edit.
    @Test func tokenizesOnlyTheEntriesThatChanged() async throws {
        let journal = try TemporaryJournal(Self.journalFiles())
        defer { journal.remove() }
        _ = try await Self.build(journal.root)
        let parseKey = Builder.parseKey(Settings())
        #expect(SearchCache.read(folder: journal.cache, parseKey: parseKey)?.documents.documents.count == 12)
        // Documents made from the entry files, but day 3's key given to another text.
        var planted = SearchDocuments()
        for (path, text) in Self.journalFiles() where path.hasPrefix("entries/") {
            let key = ContentHash.digest(Array(text.utf8))
            let source = path.contains("03-03") ? "---\ndate: 2024-03-03\n---\nPlanted.\n" : text
            try await planted.add([(key, try #require(loadEntry(source, path: path).0))], jobs: 1)
        }
        SearchCache.save(planted.keeping(planted.documents.keys), folder: journal.cache, parseKey: parseKey)

        try journal.write("entries/2024-03-02-day.md", "---\ntitle: Day 2\ndate: 2024-03-02 09:00\n---\nEdited.\n")
        _ = try await Self.build(journal.root)
        let index = DirectoryWalker.files(under: journal.site.path + "/search/t").map { try? journal.read("_site/search/t/" + $0) }
        #expect(try journal.read("_site/2024/03/03/day-3/index.html").contains("First line of day 3"))
        #expect(index.contains { $0?.contains("\"planted\"") == true }, "the cached document was used")
        #expect(index.contains { $0?.contains("\"edited\"") == true }, "the edited entry was tokenized")
        #expect(SearchCache.read(folder: journal.cache, parseKey: parseKey)?.documents.documents.count == 12)
    }

    /// A CI runner checks the journal out anew, perhaps elsewhere, and restores `.daybook/` and
    /// `_site/` from its cache; every file has a new time. The cache still serves: entries whose
    /// content hash is unchanged are not parsed, and pages that come out the same are not written.
    @Test func keepsItsCacheWhenTheJournalMoves() async throws {
        let journal = try TemporaryJournal(Self.journalFiles())
        defer { journal.remove() }
        _ = try await Self.build(journal.root)
        let moved = try TemporaryJournal()
        defer { moved.remove() }
        // Hidden files too: the cache folder and the output's marker.
        for path in try FileManager.default.subpathsOfDirectory(atPath: journal.root.path) {
            var isFolder: ObjCBool = false
            let source = journal.root.appendingPathComponent(path).path
            guard FileManager.default.fileExists(atPath: source, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            try moved.write(path, Array(FileManager.default.contents(atPath: source)!))
        }
        let report = try await Self.build(moved.root)
        #expect(!report.stages.contains { $0.name == "render and write" }, "an update, not a full build")
        #expect(report.stages.contains { $0.name == "write 0, remove 0" }, "\(report.stages.map(\.name))")
        try await Self.expectSameAsFullBuild(moved, "moved")
    }

    @Test func parsesAgainWhenAStoredBodyIsDamaged() async throws {
        let journal = try TemporaryJournal(Self.journalFiles())
        defer { journal.remove() }
        _ = try await Self.build(journal.root)
        let store = BodyStore.url(in: journal.cache)
        var bytes = Array(try Data(contentsOf: store))
        for index in stride(from: 0, to: bytes.count, by: 7) { bytes[index] ^= 0x55 }
        try Data(bytes).write(to: store)
        // A template change re-renders every page, so every body is read from the damaged store.
        try journal.write("templates/entry.mustache", "{{<layout}}{{$main}}<article>{{{entry.body}}}</article>{{/main}}{{/layout}}\n")
        _ = try await Self.build(journal.root)
        try await Self.expectSameAsFullBuild(journal, "damaged body store")
        #expect(try journal.read("_site/2024/03/02/day-2/index.html").contains("<p>First line of day 2.</p>"))
    }

    @Test func restoresAnOutputFileChangedByHand() async throws {
        let journal = try TemporaryJournal(Self.journalFiles())
        defer { journal.remove() }
        _ = try await Self.build(journal.root)
        let page = "_site/2024/03/02/day-2/index.html"
        let original = try journal.read(page)
        try journal.write(page, "vandalised")
        _ = try await Self.build(journal.root)
        #expect(try journal.read(page) == original)
    }

    @Test func noCacheBuildsEverything() async throws {
        let journal = try TemporaryJournal(Self.journalFiles())
        defer { journal.remove() }
        _ = try await Self.build(journal.root)
        let report = try await Self.build(journal.root, cache: false)
        #expect(report.stages.contains { $0.name == "render and write" })
        #expect(try journal.read(".daybook/.gitignore") == "*\n")
    }

    @Test func leavesFilesItDidNotWriteAlone() async throws {
        let journal = try TemporaryJournal(Self.journalFiles())
        defer { journal.remove() }
        _ = try await Self.build(journal.root)
        try journal.write("_site/2024/03/mine.txt", "mine\n")
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("entries/2024-03-01-day.md"))
        _ = try await Self.build(journal.root)
        #expect(try journal.read("_site/2024/03/mine.txt") == "mine\n")
        #expect(!journal.exists("_site/2024/03/01"))
    }
}
