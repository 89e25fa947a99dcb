import Foundation
import Testing
@testable import Daybook

@Suite struct SettingsTests {
    @Test func readsEverySetting() {
        let (settings, problems) = SettingsLoader.load(text: """
            title: My journal
            author: Mira
            description: Notes
            base_url: https://example.org/journal
            locale: ko_KR
            timezone: Asia/Seoul
            raw_html: true
            home_entries: 5
            """)
        #expect(problems.isEmpty)
        #expect(settings.title == "My journal")
        #expect(settings.baseURL == "https://example.org/journal/")
        #expect(settings.basePath == "/journal/")
        #expect(settings.languageTag == "ko-KR")
        #expect(settings.timeZone == "Asia/Seoul")
        #expect(settings.rawHTML)
        #expect(settings.homeEntries == 5)
    }

    @Test func reportsBadSettingsWithPositions() {
        let (_, problems) = SettingsLoader.load(text: """
            timezone: Mars/Olympus
            locale: xx_NOPE
            base_url: example.org
            home_entries: none
            colour: blue
            """)
        #expect(problems.map(\.headline) == [
            "daybook.yml:1:11: error: unknown timezone 'Mars/Olympus'; use an IANA name such as Europe/Paris or UTC",
            "daybook.yml:2:9: error: unknown locale 'xx_NOPE'; use an identifier such as en_US, fr_FR or ko_KR",
            "daybook.yml:3:11: error: base_url must be an absolute address such as https://example.org/journal/, got example.org",
            "daybook.yml:4:15: error: home_entries must be a whole number above 0",
            "daybook.yml:5:1: warning: unknown setting 'colour' is ignored",
        ])
    }

    @Test func reportsMalformedYAML() {
        let (_, problems) = SettingsLoader.load(text: "title: [unclosed\n")
        #expect(problems.first?.headline.hasPrefix("daybook.yml:2:1: error: malformed YAML:") == true)
    }
}

@Suite struct LocalizedDatesTests {
    @Test(arguments: [
        ("en_US", "May 2024", "May 1, 2024", "Wednesday, May 1, 2024", "Wednesday", "5/1/24"),
        ("en_GB", "May 2024", "1 May 2024", "Wednesday, 1 May 2024", "Wednesday", "01/05/2024"),
        ("ko_KR", "2024년 5월", "2024년 5월 1일", "2024년 5월 1일 수요일", "수요일", "2024. 5. 1."),
        ("fr_FR", "mai 2024", "1 mai 2024", "mercredi 1 mai 2024", "mercredi", "01/05/2024"),
        ("ja_JP", "2024年5月", "2024年5月1日", "2024年5月1日 水曜日", "水曜日", "2024/05/01"),
    ])
    func speaksTheJournalsLanguage(locale: String, monthYear: String, long: String, full: String, weekday: String, short: String) {
        let dates = LocalizedDates(locale: locale)
        let day = dates.day(LocalDay(year: 2024, month: 5, day: 1))
        #expect(dates.monthYear(MonthKey(year: 2024, month: 5)) == monthYear)
        #expect(day.long == long)
        #expect(day.full == full)
        #expect(day.weekday == weekday)
        #expect(day.short == short)
    }

    @Test func usesTheGregorianCalendarEvenWhereTheLocaleDoesNot() {
        // th_TH defaults to the Buddhist calendar (2567); addresses and headings must agree.
        #expect(LocalizedDates(locale: "th_TH").monthYear(MonthKey(year: 2024, month: 5)).contains("2024"))
    }
}

@Suite struct SiteFeatureTests {
    @Test func theHomePageShowsWholeRecentMonthsAndLinksOn() async throws {
        var files = ["daybook.yml": "home_entries: 3\n"]
        for month in 1...6 {
            for day in [3, 9] { files["entries/2024-\(pad(month, 2))-\(pad(day, 2)).md"] = "Day.\n" }
        }
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let home = try journal.read("_site/index.html")
        #expect(home.components(separatedBy: "class=\"entry-row\"").count - 1 == 4)
        #expect(home.contains("June 2024") && home.contains("May 2024") && !home.contains("April 2024"))
        #expect(home.contains("<a href=\"archives/index.html\">8 entries more in the archives</a>"))
    }

    @Test func aTemplateInTheJournalReplacesTheDefault() async throws {
        let journal = try TemporaryJournal([
            "entries/2024-05-01.md": "---\ntitle: Hi\nmood: calm\n---\nBody.\n",
            "templates/entry.mustache": "<p>{{entry.title}} / {{entry.extra.mood}} / {{site.title}}</p>\n",
            "templates/entyr.mustache": "typo",
            "daybook.yml": "feed: false\n",
        ])
        defer { journal.remove() }
        let report = try await Builder.run(BuildOptions(journal: journal.root))
        #expect(try journal.read("_site/2024/05/01/hi/index.html") == "<p>Hi / calm / Journal</p>\n")
        #expect(report.warnings.map(\.headline).first?.hasPrefix("templates/entyr.mustache:1:1: warning: templates/entyr.mustache does not replace any default template") == true)
    }

    @Test func aStaticFileMayNotReplaceAGeneratedPage() async throws {
        let journal = try TemporaryJournal(["daybook.yml": "feed: false\n", "entries/2024-05-01.md": "Hi.\n", "static/index.html": "mine"])
        defer { journal.remove() }
        await #expect(throws: BuildFailure.self) { try await Builder.run(BuildOptions(journal: journal.root)) }
        do {
            _ = try await Builder.run(BuildOptions(journal: journal.root))
        } catch {
            #expect(error.diagnostics.map(\.headline) == [
                "static/index.html:1:1: error: static/index.html would replace a page Daybook generates; rename or move it",
            ])
        }
        #expect(!journal.exists("_site"))
    }

    @Test func theStylesheetNameFollowsItsContent() async throws {
        let journal = try TemporaryJournal(["entries/2024-05-01.md": "Hi.\n", "templates/style.css": "body{color:red}\n"])
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        // SHA-256 of the file, first ten hex digits.
        #expect(try journal.read("_site/style.74d94aede1.css") == "body{color:red}\n")
        #expect(try journal.read("_site/index.html").contains("href=\"style.74d94aede1.css\""))
    }

    @Test func aKoreanJournalGetsKoreanDates() async throws {
        let journal = try TemporaryJournal(["daybook.yml": "locale: ko_KR\n", "entries/2024-05-01.md": "안녕.\n"])
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let home = try journal.read("_site/index.html")
        #expect(home.contains("<html lang=\"ko-KR\">"))
        #expect(home.contains(">2024년 5월</a></h2>"))
        #expect(home.contains("2024년 5월 1일"))
    }
}

@Suite struct TemplateSetTests {
    @Test func reportsATemplateErrorAtItsLine() {
        let (set, problems) = TemplateSet.load(overrides: ["entry.mustache": Array("<p>\n{{#entry}}\n{{/entyr}}\n".utf8)])
        #expect(set == nil)
        #expect(problems.map(\.headline) == ["templates/entry.mustache:3:5: error: template does not parse: sectionCloseNameIncorrect"])
    }

    @Test func escapesExactlyAsMustacheDoes() {
        #expect(HTMLEscaper.escape(#"a & b < c > "d" 'e' — é"#) == "a &amp; b &lt; c &gt; &quot;d&quot; &#39;e&#39; — é")
        #expect(HTMLEscaper.escape("plain") == "plain")
    }
}
