import Foundation
import Testing
@testable import Daybook

/// A journal's own map (`travel/places/`, `JournalScoped<MapPage>`): its places alone, under the
/// site's names and addresses; no page for a journal without places; its key and incremental
/// builds; private places.
@Suite struct JournalPlacesTests {
    static func entry(_ day: String, _ title: String, _ location: String?, journal: String? = nil, extra: String = "") -> String {
        "---\ntitle: \(title)\ndate: \(day)\n" + (location.map { "location: \($0)\n" } ?? "")
            + (journal.map { "journal: \($0)\n" } ?? "") + extra + "---\nText of \(title).\n"
    }

    static let texas = "{ name: Paris, lat: 33.6609, lon: -95.5555 }"
    static let france = "{ name: Paris, lat: 48.8566, lon: 2.3522 }"

    /// `JournalsTests.fixture` with places in both journals: a Paris in each, Texas's visited
    /// first, so the site names France's `paris-2` where the diary alone would name it `paris`.
    static var placed: [String: String] {
        var files = JournalsTests.fixture
        for (path, location) in [("entries/travel/2024-02-10.md", texas), ("entries/2024/2024-03-01.md", france),
                                 ("entries/travel/2024-03-02.md", "{ name: Calais, lat: 50.95, lon: 1.85 }"), ("entries/2024/2024-03-03.md", "Lille")] {
            files[path] = located(files[path]!, location)
        }
        return files
    }

    /// `text` (an entry file) with `location` last in its front-matter.
    static func located(_ text: String, _ location: String) -> String {
        let end = text.range(of: "\n---\n", range: text.index(after: text.startIndex)..<text.endIndex)!
        return text[..<end.lowerBound] + "\nlocation: \(location)" + text[end.lowerBound...]
    }

    static func entries(_ specs: [(journal: String, place: Place?)]) -> [Entry] {
        specs.enumerated().map { index, spec in
            var entry = Entry(sourcePath: "entries/\(index).md", title: "E\(index)", date: LocalDateTime(year: 2024, month: 1, day: 28 - index), place: spec.place)
            // Both as the assembler would set it and as its front-matter gives it.
            (entry.journal, entry.extra["journal"]) = (spec.journal, .text(spec.journal))
            return entry
        }
    }

    /// The restricted index keeps the site's slugs, renumbers the entries as the journal alone
    /// has them, and takes counts and positions from those entries only.
    @Test func aJournalsPlacesAreTheSitesUnderTheSitesAddresses() {
        let france = Place(name: "Paris", latitude: 48.8566, longitude: 2.3522), texas = Place(name: "Paris", latitude: 33.6609, longitude: -95.5555)
        // Newest first: the Texas entry (the last) is the oldest, so it is `paris` in the site.
        let entries = Self.entries([("diary", france), ("travel", Place(name: "Lille")), ("diary", nil),
                                    ("diary", Place(name: "paris", latitude: 48.86, longitude: 2.35)), ("travel", texas)])
        let site = PlaceIndex(entries)
        #expect(site.places.map(\.slug) == ["paris", "paris-2", "lille"])
        let alone = PlaceIndex(entries.filter { $0.journal == "diary" })
        #expect(alone.places.map(\.slug) == ["paris"], "alone, the diary would name its Paris otherwise")
        let diary = PlaceIndex.byJournal(site, entries)["diary"]!
        #expect(diary.places.map(\.slug) == ["paris-2"])
        #expect(diary.places[0].entries == [0, 2], "the site's entries 0 and 3 are the diary's first and third")
        #expect(diary.placeOfEntry == [0: 0, 2: 0])
        #expect(diary.places[0].latitude == 48.8566 && diary.places[0].spots.count == 2)
        let travel = PlaceIndex.byJournal(site, entries)["travel"]!
        #expect(travel.places.map(\.slug) == ["paris", "lille"] && travel.places.map(\.entries) == [[1], [0]])
        #expect(travel.places[0].latitude == 33.6609 && travel.places[1].latitude == nil)
    }

    /// Page `index` of the wrapper is the journal at that position among those with a page of the
    /// base kind: a journal without places has no map, and the other's entries are mapped back.
    @Test func theWrapperSkipsAJournalWithoutThePage() {
        var settings = Settings()
        settings.journals.list = [.init(name: "diary", title: "Diary"), .init(name: "travel", title: "Travels")]
        let loaded = Self.entries([("diary", nil), ("travel", Place(name: "Lille", latitude: 50.63, longitude: 3.06)), ("diary", nil), ("travel", nil)])
        var (journal, _) = JournalAssembler.assemble(loaded, settings: settings)
        journal.derived[ShownJournals.derivedKey] = ShownJournals(journal)
        journal.derived[PlaceIndex.byJournalKey] = PlaceIndex.byJournal(PlaceIndex(journal.entries), journal.entries)
        #expect(JournalScoped<MapPage>.indices(in: journal) == 0..<1)
        #expect(JournalScoped<MapPage>.sitePath(0, in: journal) == "travel/places/")
        #expect(JournalScoped<MapPage>.entriesShown(0, in: journal) == [1], "the travel journal's first entry is the site's second")
        #expect(JournalScoped<MapPage>.showsEntryDatesOnly)
        #expect(JournalScoped<TagsPage>.indices(in: journal) == 0..<2 && JournalScoped<TagsPage>.sitePath(1, in: journal) == "travel/tags/")
        let shown = ShownJournals.of(journal).list
        #expect(!JournalScoped<MapPage>.has(shown[0], in: journal) && JournalScoped<MapPage>.has(shown[1], in: journal))
    }

    @Test func eachJournalsMapShowsItsOwnPlacesLinkingTheSitesPlacePages() async throws {
        let journal = try await JournalsTests.build(Self.placed)
        defer { journal.remove() }
        let diary = try journal.read("_site/diary/places/index.html"), travel = try journal.read("_site/travel/places/index.html")
        #expect(diary.contains("<a href=\"../../places/paris-2/index.html\">Paris</a>") && !diary.contains("Calais") && !diary.contains("Lille"))
        #expect(travel.contains("<a href=\"../../places/paris/index.html\">Paris</a>") && travel.contains("Calais") && travel.contains("Lille"))
        #expect(!travel.contains("paris-2"))
        // Its list is the journal's places, not all of them; the site's map lists all.
        #expect(travel.contains("<h2 id=\"place-list-heading\">Places · Travels</h2>"))
        #expect(try journal.read("_site/places/index.html").contains("<h2 id=\"place-list-heading\">All places</h2>"))
        #expect(try journal.read("_site/travel/index.html").contains("<a href=\"../travel/places/index.html\">Places</a>"))
        // A journal's numbers name its most frequent places by the site's addresses too.
        let numbers = try journal.read("_site/diary/stats/index.html")
        #expect(numbers.contains("<a href=\"../../places/paris-2/index.html\">Paris</a>") && !numbers.contains("places/paris/"))
        // The site's place page lists the entries of every journal there.
        #expect(try journal.read("_site/places/paris-2/index.html").contains("Home day"))
    }

    @Test func aJournalWithoutPlacesHasNoMapAndNoLink() async throws {
        var files = Self.placed
        files["entries/2024/2024-03-01.md"] = JournalsTests.fixture["entries/2024/2024-03-01.md"]
        let journal = try await JournalsTests.build(files)
        defer { journal.remove() }
        #expect(!journal.exists("_site/diary/places") && journal.exists("_site/travel/places/index.html"))
        #expect(try !journal.read("_site/diary/index.html").contains("diary/places/"))
        #expect(try journal.read("_site/travel/index.html").contains("<a href=\"../travel/places/index.html\">Places</a>"))
    }

    /// A journal whose only place is on a private entry has no map on the public site, and the
    /// other journal's map does not name that place.
    @Test func aPrivatePlaceLeavesNoTrace() async throws {
        var files = Self.placed
        files["entries/2024/2024-03-01.md"] = Self.entry("2024-03-01", "Home day", "{ name: Hideaway, lat: 10.5, lon: 20.5 }", extra: "private: true\n")
        files["entries/travel/2024-03-06.md"] = Self.entry("2024-03-06", "Secret trip", "{ name: Hideaway, lat: 10.5, lon: 20.5 }", extra: "private: true\n")
        let journal = try await JournalsTests.build(files, secrets: PrivateBuildTests.secrets)
        defer { journal.remove() }
        #expect(!journal.exists("_site/diary/places"))
        for page in ["travel/places/index.html", "places/index.html", "diary/index.html", "travel/index.html"] {
            #expect(try !journal.read("_site/\(page)").contains("Hideaway"), "\(page)")
        }
    }

    /// Place edits in one journal: its map follows (and only the journal's own entries count),
    /// each step equal to a full build.
    @Test func matchesAFullBuildAfterPlaceEditsInOneJournal() async throws {
        let journal = try TemporaryJournal(Self.placed)
        defer { journal.remove() }
        _ = try await IncrementalBuildTests.build(journal.root)
        let map = { try journal.read("_site/diary/places/index.html") }
        var before = try map()
        let steps: [(String, () throws -> Void)] = [
            ("a place of the diary moves", { try journal.write("entries/2024/2024-03-01.md", Self.entry("2024-03-01", "Home day", "{ name: Paris, lat: 48.80, lon: 2.30 }")) }),
            // Nothing of the map's places changes but the entry's time, which its list shows.
            ("a diary entry there gets a time", { try journal.write("entries/2024/2024-03-01.md", Self.entry("2024-03-01 18:30", "Home day", "{ name: Paris, lat: 48.80, lon: 2.30 }")) }),
            ("the travel journal's Paris goes, so the diary's is paris", { try journal.write("entries/travel/2024-02-10.md", Self.entry("2024-02-10", "Hills", nil)) }),
            ("the diary's only place goes", { try journal.write("entries/2024/2024-03-01.md", Self.entry("2024-03-01", "Home day", nil)) }),
            ("the diary gets a place again", { try journal.write("entries/travel/2024-03-04.md", Self.entry("2024-03-04", "Back", "{ name: Lyon, lat: 45.76, lon: 4.83 }", journal: "diary")) }),
        ]
        for (number, (step, change)) in steps.enumerated() {
            try change()
            _ = try await IncrementalBuildTests.build(journal.root)
            try await IncrementalBuildTests.expectSameAsFullBuild(journal, step)
            if number < 2 { #expect(try map() != before, "the diary's map follows its entry: \(step)") }
            if number == 2 { #expect(try map().contains("<a href=\"../../places/paris/index.html\">Paris</a>")) }
            if number == 3 { #expect(!journal.exists("_site/diary/places")) }
            before = (try? map()) ?? ""
        }
        #expect(try map().contains("<a href=\"../../places/lyon/index.html\">Lyon</a>"))
    }
}
