import Testing
@testable import Daybook

/// A year page with its calendar and the archives with one per year, for a journal in en_US
/// (weeks from Sunday), compared with `Goldens/calendar/`.
@Suite struct CalendarGoldenTests {
    static let fixture: [String: String] = [
        "daybook.yml": "title: Calendar\nlocale: en_US\n",
        "entries/2024-02-29-leap.md": "---\ntitle: Leap day\ndate: 2024-02-29 08:00\n---\nOne more day this year.\n",
        "entries/2024-02-29-later.md": "---\ntitle: Later <that day>\ndate: 2024-02-29 21:00\n---\nAnd again.\n",
        "entries/2024-03-01.md": "---\ndate: 2024-03-01\n---\n" + String(repeating: "Many words here. ", count: 40) + "\n",
        "entries/2024-12-31.md": "---\ntitle: Last\ndate: 2024-12-31\n---\nThe end.\n",
        "entries/2023-01-01.md": "---\ntitle: First\ndate: 2023-01-01\n---\nA Sunday start.\n",
        "entries/2024-03-02-draft.md": "---\ntitle: Hidden\ndate: 2024-03-02\ndraft: true\n---\nNot counted.\n",
    ]

    @Test func rendersTheYearAndArchivesCalendarsAsRecorded() async throws {
        try await FeatureGolden.check(Self.fixture, pages: ["2024/index.html", "2023/index.html", "archives/index.html"],
                                      folder: "calendar")
    }

    @Test func linksEachWrittenDayToItsFirstEntryAndLeavesDraftsOut() async throws {
        let journal = try TemporaryJournal(Self.fixture)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let year = try journal.read("_site/2024/index.html")
        #expect(year.contains("<a href=\"../2024/02/29/leap-day/index.html\"><span class=\"visually-hidden\">2 entries, 7 words on Thursday, February 29, 2024</span></a>"))
        #expect(year.contains("No entries on Saturday, March 2, 2024"), "a draft's day stays empty")
        #expect(!year.contains("later-that-day/index.html\"><span"), "the later entry of a day is not the cell's link")
        #expect(year.components(separatedBy: "<td class=\"l").count - 1 == 366)
    }

    @Test func isLeftOutWhenTurnedOff() async throws {
        var files = Self.fixture
        files["daybook.yml"] = "title: Calendar\ncalendar: false\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        #expect(!(try journal.read("_site/2024/index.html")).contains("calendar-grid"))
        #expect(!(try journal.read("_site/archives/index.html")).contains("calendar-grid"))
    }
}
