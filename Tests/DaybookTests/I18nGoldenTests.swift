import Foundation
import Testing
@testable import Daybook

/// The example journal (`Examples/journal`) built in Korean and in Arabic, its main pages compared
/// with `Goldens/i18n-ko/` and `Goldens/i18n-ar/`: every word of Daybook's in the language,
/// Arabic right to left.
@Suite struct I18nGoldenTests {
    static let pages = [
        "index.html", "archives/index.html", "2025/index.html", "2025/06/index.html",
        "2025/06/28/rain-on-the-allotment/index.html", "tags/index.html", "places/index.html",
        "stats/index.html", "on-this-day/index.html", "404.html",
    ]

    /// The example journal's settings and entries as text, with `locale` replaced.
    static func example(locale: String) throws -> [String: String] {
        let root = packageRoot.appendingPathComponent("Examples/journal")
        var files: [String: String] = [:]
        for path in JournalFiles.list(root, "entries") where JournalFiles.isEntryFile(path) {
            files["entries/\(path)"] = try String(contentsOf: root.appendingPathComponent("entries/\(path)"), encoding: .utf8)
        }
        let settings = try String(contentsOf: root.appendingPathComponent("daybook.yml"), encoding: .utf8)
        files["daybook.yml"] = settings.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("locale:") ? "locale: \(locale)" : String($0) }.joined(separator: "\n")
        return files
    }

    /// The example journal's other files under `entries/`: its photos.
    static var photos: [String: [UInt8]] {
        let root = packageRoot.appendingPathComponent("Examples/journal")
        var files: [String: [UInt8]] = [:]
        for path in JournalFiles.list(root, "entries") where !JournalFiles.isEntryFile(path) {
            files["entries/\(path)"] = Array((try? Data(contentsOf: root.appendingPathComponent("entries/\(path)"))) ?? Data())
        }
        return files
    }

    @Test func rendersTheExampleJournalInKoreanAsRecorded() async throws {
        try await FeatureGolden.check(try Self.example(locale: "ko_KR"), bytes: Self.photos, pages: Self.pages, folder: "i18n-ko")
    }

    @Test func rendersTheExampleJournalInArabicAsRecorded() async throws {
        try await FeatureGolden.check(try Self.example(locale: "ar"), bytes: Self.photos, pages: Self.pages, folder: "i18n-ar")
    }

    @Test func arabicPagesReadRightToLeftAndKoreanPagesDoNot() async throws {
        for (locale, rtl) in [("ar", true), ("he_IL", true), ("ko_KR", false), ("en_GB", false)] {
            let journal = try TemporaryJournal(try Self.example(locale: locale), bytes: Self.photos)
            defer { journal.remove() }
            _ = try await Builder.run(BuildOptions(journal: journal.root))
            let home = try journal.read("_site/index.html")
            #expect(home.contains("dir=\"rtl\"") == rtl, "\(locale)")
        }
    }

    @Test func noEnglishWordOfDaybooksIsLeftOnAKoreanPage() async throws {
        let journal = try TemporaryJournal(try Self.example(locale: "ko_KR"), bytes: Self.photos)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let english = ["Archives", "Previous entry", "Next entry", "Skip to content", "Made with Daybook", "Search the archives",
                       "Numbers", "On this day", "Quote of the day", " entries", "Days written", "Page not found", "Rated "]
        for page in Self.pages {
            let html = try journal.read("_site/\(page)")
            for word in english { #expect(!html.contains(word), "\(page) still says \(word)") }
        }
        #expect(try journal.read("_site/index.html").contains("<a href=\"archives/index.html\">보관함</a>"))
    }

    @Test func aJournalsOwnWordsReachThePagesAndRebuildThem() async throws {
        var files = try Self.example(locale: "ko_KR")
        files["i18n/ko.yml"] = "archives: 지난 글\n"
        let journal = try TemporaryJournal(files, bytes: Self.photos)
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        #expect(try journal.read("_site/2025/index.html").contains(">지난 글</a>"))
        try journal.write("i18n/ko.yml", "archives: 옛 글\n")
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        #expect(try journal.read("_site/2025/index.html").contains(">옛 글</a>"))
        #expect(try journal.read("_site/2025/06/28/rain-on-the-allotment/index.html").contains(">옛 글</a>"))
    }
}
