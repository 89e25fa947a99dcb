import Foundation
import Testing
@testable import Daybook

/// Front-matter as Hugo, Jekyll and Zola write it: TOML, JSON, their keys and their shortcodes.
@Suite struct FrontMatterFormatsTests {
    @Test(arguments: [
        ("date = 2022-08-08", LocalDateTime(year: 2022, month: 8, day: 8)),
        ("date = 2022-08-08T09:30:00", LocalDateTime(year: 2022, month: 8, day: 8, hour: 9, minute: 30, hasTime: true)),
        ("date = 2022-08-08 09:30:00", LocalDateTime(year: 2022, month: 8, day: 8, hour: 9, minute: 30, hasTime: true)),
        ("date = 2022-08-08T09:30:00+09:00",
         LocalDateTime(year: 2022, month: 8, day: 8, hour: 9, minute: 30, utcOffset: 9 * 3600, hasTime: true)),
        ("date = 2022-08-08T00:30:00Z", LocalDateTime(year: 2022, month: 8, day: 8, minute: 30, hasTime: true)),
        ("date = \"2022-08-08 09:30\"", LocalDateTime(year: 2022, month: 8, day: 8, hour: 9, minute: 30, hasTime: true)),
    ])
    func readsTOMLDatesOfEveryKind(line: String, expected: LocalDateTime) {
        let (entry, diagnostics) = loadEntry("+++\ntitle = \"Tokyo\"\n\(line)\n+++\nText.\n")
        #expect(diagnostics.isEmpty)
        #expect(entry?.date == expected)
        #expect(entry?.title == "Tokyo")
    }

    @Test func readsEveryTOMLKeyLikeYAML() throws {
        let text = """
            +++
            title = "Sea"
            date = 2024-05-01
            tags = ["travel", "sea"]
            rating = 4
            draft = false
            [location]
            name = "Jeju"
            lat = 33.5
            lon = 126.5
            [extra]
            mood = "calm"
            +++
            Text.

            """
        let (entry, diagnostics) = loadEntry(text)
        #expect(diagnostics.isEmpty)
        let read = try #require(entry)
        #expect(read.tags == ["travel", "sea"] && read.rating == 4)
        #expect(read.place == Place(name: "Jeju", latitude: 33.5, longitude: 126.5))
        #expect(read.extra["extra"] == .map(["mood": .text("calm")]))
        #expect(read.keyLines["title"] == 2 && read.keyLines["location"] == 7)
    }

    @Test func positionsTOMLErrors() {
        let (entry, diagnostics) = loadEntry("+++\ntitle = \"A\"\ndate = 2022-13-01\n+++\nText.\n")
        #expect(entry == nil)
        // A TOML date is read as text by Daybook's date parser, which names what is impossible in it.
        #expect(diagnostics.map(\.headline) == ["entries/2024/05/01.md:3:8: error: date '2022-13-01' is impossible: month 13 does not exist"])
        let (_, wrongKind) = loadEntry("+++\ntitle = \"A\"\nrating = 9\ndate = 2024-01-01\n+++\nText.\n")
        #expect(wrongKind.map(\.headline) == ["entries/2024/05/01.md:3:10: error: rating must be a whole number from 0 to 5, got 9"])
    }

    @Test func readsJSONFrontMatter() throws {
        let text = "{\n  \"title\": \"JSON day\",\n  \"date\": \"2022-08-09T10:00:00+02:00\",\n  \"tags\": [\"a\", \"b\"],\n  \"location\": {\"name\": \"Bern\", \"lat\": 46.9, \"lon\": 7.4}\n}\nThe body.\n"
        let (entry, diagnostics) = loadEntry(text)
        #expect(diagnostics.isEmpty)
        let read = try #require(entry)
        #expect(read.title == "JSON day" && read.tags == ["a", "b"] && read.plainText == "The body.")
        #expect(read.date.utcOffset == 7200 && read.place?.latitude == 46.9)
        let (_, wrong) = loadEntry("{\n  \"title\": \"x\",\n  \"date\": \"2022-08-09\",\n  \"rating\": \"many\"\n}\nBody.\n")
        #expect(wrong.map(\.headline) == ["entries/2024/05/01.md:4:13: error: rating must be a whole number from 0 to 5, got many"])
        let (_, broken) = loadEntry("{\n  \"title\": \"x\"\n  \"date\": \"2022-08-09\"\n}\nBody.\n")
        #expect(broken.first?.location?.line == 3)
    }

    @Test func skipsSectionFiles() throws {
        let journal = try TemporaryJournal([
            "entries/posts/_index.md": "+++\ntitle = \"Posts\"\n+++\n",
            "entries/_index.markdown": "---\ntitle: Home\n---\n",
            "entries/posts/2024-01-01-a.md": "A day.\n",
        ])
        defer { journal.remove() }
        let files = try JournalFiles.scan(journal.root)
        #expect(files.entries == ["entries/posts/2024-01-01-a.md"])
        #expect(files.sectionFiles == 2)
    }

    @Test func categoriesJoinTheTagsUnlessTurnedOff() {
        let text = "---\ndate: 2024-01-01\ntags: [sea]\ncategories: [Travel, sea]\n---\nText.\n"
        #expect(loadEntry(text).0?.tags == ["sea", "Travel"])
        let apart = EntryLoader(dates: DateParser(timeZone: .gmt), rawHTML: false, categoriesAsTags: false)
            .load(path: "entries/a.md", bytes: Array(text.utf8)).0
        #expect(apart?.tags == ["sea"])
        #expect(apart?.extra["categories"] == .list([.text("Travel"), .text("sea")]))
    }

    @Test func readsZolaTaxonomies() {
        let text = "+++\ntitle = \"Zola\"\ndate = 2024-01-01\n[taxonomies]\ntags = [\"rust\", \"sea\"]\ncategories = [\"Notes\"]\n+++\nT.\n"
        let (entry, diagnostics) = loadEntry(text)
        #expect(diagnostics.isEmpty)
        #expect(entry?.tags == ["rust", "sea", "Notes"])
    }

    @Test func summaryOrDescriptionIsTheExcerpt() {
        let body = String(repeating: "long words ", count: 40)
        #expect(loadEntry("---\ndate: 2024-01-01\nsummary: Short.\n---\n\(body)\n").0?.excerpt == "Short.")
        #expect(loadEntry("---\ndate: 2024-01-01\ndescription: Said.\n---\n\(body)\n").0?.excerpt == "Said.")
        #expect(loadEntry("---\ndate: 2024-01-01\n---\n\(body)\n").0?.excerpt.hasPrefix("long words") == true)
    }

    @Test func readsGeoURIs() {
        #expect(GeoURI.place("geo:35.60,139.50;u=800") == Place(name: nil, latitude: 35.6, longitude: 139.5))
        #expect(GeoURI.place("geo:-33.9,18.4,12") == Place(name: nil, latitude: -33.9, longitude: 18.4))
        #expect(GeoURI.place("geo:95,10") == nil)
        #expect(loadEntry("---\ndate: 2024-01-01\nlocation: geo:35.60,139.50;u=800\n---\nT.\n").0?.place?.longitude == 139.5)
        let (_, bad) = loadEntry("---\ndate: 2024-01-01\nlocation: geo:abc\n---\nT.\n")
        #expect(bad.first?.location?.line == 3)
    }

    @Test func publishDateDatesAnEntryAndSchedulesIt() throws {
        #expect(loadEntry("---\npublishDate: 2024-02-03\n---\nT.\n", path: "entries/x.md").0?.date == LocalDateTime(year: 2024, month: 2, day: 3))
        let (published, problems) = journal([
            ("entries/a.md", "date: 2024-03-01"),
            ("entries/later.md", "date: 2024-02-01\npublishDate: 2024-04-01"),
            ("entries/expired.md", "date: 2024-01-01\nexpiryDate: 2024-02-01"),
            ("entries/current.md", "date: 2024-01-02\nexpiryDate: 2025-01-01"),
        ])
        #expect(problems.isEmpty)
        #expect(published.entries.map(\.sourcePath) == ["entries/a.md", "entries/current.md"])
        var drafts = Settings()
        drafts.includeDrafts = true
        #expect(journal([("entries/later.md", "date: 2024-02-01\npublishDate: 2024-04-01")], settings: drafts).0.entries.count == 1)
    }
}
