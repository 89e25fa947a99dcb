import Foundation
import Testing
@testable import Daybook

/// A Day One export as the app writes it: the first line is the title, written plain in older
/// exports, and the weather has every number as a string. `titles: first-line` gives any
/// untitled entry its first line as title; the weather shows on the entry's page.
@Suite struct DayOneTitlesTests {
    @Test(arguments: [
        ("Ferry to Jeju\n\nThe sea was calm.\n", "Ferry to Jeju", "\n\nThe sea was calm.\n"),
        ("# Ferry to Jeju\n\nThe sea was calm.\n", "Ferry to Jeju", "\n\nThe sea was calm.\n"),
        ("Jeju at last\\!\n\nCalm.\n", "Jeju at last!", "\n\nCalm.\n"),
        ("One line only.\n", nil, "One line only.\n"),
        ("A first line\nand a second.\n", nil, "A first line\nand a second.\n"),
        ("- a list\n\nText.\n", nil, "- a list\n\nText.\n"),
        ("![](dayone-moment://P)\n\nText.\n", nil, "![](dayone-moment://P)\n\nText.\n"),
    ] as [(String, String?, String)])
    func aPlainFirstLineFollowedByABlankLineIsTheTitle(text: String, title: String?, body: String) {
        let (found, rest) = DayOneReader.titleAndBody(text)
        #expect(found == title && rest == body)
    }

    @Test func keepsWeatherNumbersAsNumbers() {
        let weather: FrontMatterValue = .map(["pressureMB": .text("1019"), "temperatureCelsius": .text("12.5"),
                                              "weatherCode": .text("partly-cloudy-day"), "windBearing": .text("-3")])
        #expect(ImportWriter.yaml(DayOneReader.numbers(weather))
                == "{pressureMB: 1019, temperatureCelsius: 12.5, weatherCode: \"partly-cloudy-day\", windBearing: -3}")
    }

    static let entry = """
        ---
        date: 2023-05-01T08:15:00+09:00
        weather: {conditionsDescription: "Partly Cloudy", pressureMB: 1019, temperatureCelsius: 12.4, weatherCode: "partly-cloudy-day"}
        ---

        Ferry to Jeju

        The sea was calm.

        """

    @Test(arguments: [
        ("en_GB", "<span class=\"weather\">12\u{A0}°C, partly cloudy</span>"),
        ("en_US", "<span class=\"weather\">54\u{A0}°F, partly cloudy</span>"),
        ("ko_KR", "<span class=\"weather\">12\u{A0}°C, 구름 조금</span>"),
        ("fr_FR", "<span class=\"weather\">12\u{A0}°C, partiellement nuageux</span>"),
    ])
    func showsTheWeatherInTheJournalsLanguageAndUnits(locale: String, line: String) async throws {
        let journal = try TemporaryJournal(["daybook.yml": "locale: \(locale)\n", "entries/2023/05/2023-05-01.md": Self.entry])
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let page = try journal.read("_site/\(try Self.entryPage(journal, "2023/05/01"))")
        #expect(page.contains(line))
    }

    @Test func titlesFirstLineTitlesAnUntitledEntryByItsFirstLine() async throws {
        let files = ["entries/2023/05/2023-05-01.md": Self.entry, "entries/2023/05/2023-05-02.md": "---\ndate: 2023-05-02\ntitle: Given\n---\nWords.\n"]
        let plain = try TemporaryJournal(files)
        defer { plain.remove() }
        _ = try await Builder.run(BuildOptions(journal: plain.root))
        #expect(try plain.read("_site/\(try Self.entryPage(plain, "2023/05/01"))").contains("<h1><time datetime="))

        let titled = try TemporaryJournal(files.merging(["daybook.yml": "titles: first-line\n"]) { $1 })
        defer { titled.remove() }
        _ = try await Builder.run(BuildOptions(journal: titled.root))
        let page = try titled.read("_site/\(try Self.entryPage(titled, "2023/05/01"))")
        #expect(page.contains("<h1>Ferry to Jeju</h1>"))
        #expect(!page.contains("<p>Ferry to Jeju</p>") && page.contains("<p>The sea was calm.</p>"))
        #expect(try titled.read("_site/2023/05/02/given/index.html").contains("<h1>Given</h1>"))
        #expect(try titled.read("_site/index.html").contains("Ferry to Jeju"))
    }

    /// The one entry page of a day, `2023/05/01/<slug>/index.html`.
    static func entryPage(_ journal: TemporaryJournal, _ day: String) throws -> String {
        let slugs = try FileManager.default.contentsOfDirectory(atPath: journal.site.appendingPathComponent(day).path)
        return "\(day)/\(try #require(slugs.first))/index.html"
    }

    @Test func aWrongTitlesSettingIsAnError() {
        let (_, problems) = SettingsLoader.load(text: "titles: heading\n")
        #expect(problems.map(\.headline) == ["daybook.yml:1:9: error: titles must be date or first-line, got 'heading'"])
    }
}
