import Foundation
import Testing
@testable import Daybook

/// A list's rows are rendered once per depth when the row partials are the built-in ones, and on
/// every page, seeing the whole page, when they are the journal's own (`RowRendering`).
@Suite struct RowRenderingTests {
    static var row: [String: Any] { [
        "url": "../../2024/05/ferry/", "title": "Ferry", "has_title": true, "date": "1 May 2024", "weekday": "Wednesday",
        "weekday_short": "Wed", "day": "1", "datetime": "2024-05-01", "rating": false,
    ] }

    static func render(_ rows: RowRendering, on page: Page, root: String = "../../") -> String {
        rows.row(0, compact: true, { row }, on: page, root: root) { ["tag": ["name": "sea"], "heading": "May 2024"] }.renderText
    }

    @Test func aBuiltInRowIsRenderedOncePerDepthForTheKindsThatShareRows() throws {
        let templates = try #require(TemplateSet.load(overrides: [:]).0)
        let rows = RowRendering(templates: templates)
        let onTag = Self.render(rows, on: Page(TagPage.self, 0))
        #expect(onTag.hasPrefix("<li class=\"entry-row compact\">") && onTag.contains("href=\"../../2024/05/ferry/\">Ferry</a>"))
        #expect(!onTag.hasSuffix("\n"), "the last line break is the template's")
        #expect(Self.render(rows, on: Page(YearPage.self, 3)) == onTag && Self.render(rows, on: Page(TagPage.self, 7)) == onTag)
        #expect(rows.kept.count == 1, "one row made for three pages at one depth")
        _ = Self.render(rows, on: Page(TagPage.self, 0), root: "../")
        #expect(rows.kept.count == 2, "another depth, another row")
        // The home page's rows are made for it alone (a journal's home leaves out the journal's badge).
        #expect(Self.render(rows, on: Page(HomePage.self)) == onTag)
        #expect(rows.kept.count == 2)
    }

    /// A row partial of the journal's own may show any key of the page, as Mustache finds it
    /// from inside the list: the row's keys first, then the section's and the page's.
    @Test func aJournalsOwnRowPartialSeesThePageOnEveryPage() throws {
        let partial = "<li>{{title}} #{{tag.name}}, {{heading}}</li>\n"
        let templates = try #require(TemplateSet.load(overrides: ["entry-row-compact.mustache": Array(partial.utf8)]).0)
        let rows = RowRendering(templates: templates)
        #expect(Self.render(rows, on: Page(TagPage.self, 0)) == "<li>Ferry #sea, May 2024</li>")
        #expect(rows.kept.count == 0, "never kept: another page may show other keys")
    }

    /// The same through a build: a tag page's rows made by the journal's own partial show the tag
    /// and the month section they are in.
    @Test func aBuildRendersAJournalsOwnRowPartialWithThePageAroundIt() async throws {
        var files = IncrementalBuildTests.journalFiles()
        files["templates/entry-row-compact.mustache"] = "<li class=\"mine\">{{title}} in #{{tag.name}} ({{heading}}, {{page.kind}})</li>\n"
        let journal = try TemporaryJournal(files)
        defer { journal.remove() }
        _ = try await IncrementalBuildTests.build(journal.root)
        let sea = try journal.read("_site/tags/sea/index.html")
        #expect(sea.contains("<li class=\"mine\">Day 3 in #sea (March 2024, tag)</li>\n"), "\(sea)")
    }

    /// Only a last line feed goes, as `String.dropLast()` took it: a carriage return and line
    /// feed are one character, and stay.
    @Test func aRowLosesItsLastLineFeedAlone() {
        #expect(TemplateSet.withoutLastBreak("<li>é</li>\n") == "<li>é</li>")
        #expect(TemplateSet.withoutLastBreak("<li>\n</li>\n\n") == "<li>\n</li>\n")
        #expect(TemplateSet.withoutLastBreak("<li></li>\r\n") == "<li></li>\r\n")
        #expect(TemplateSet.withoutLastBreak("<li></li>") == "<li></li>")
        #expect(TemplateSet.withoutLastBreak("\n") == "" && TemplateSet.withoutLastBreak("") == "")
    }

    /// A short row kept at one depth is the row of another depth with its link's root swapped:
    /// the same bytes as rendering it there, either way round, and a rendering saved.
    @Test func aShortRowAtAnotherDepthIsTheKeptOneWithItsRootSwapped() throws {
        let templates = try #require(TemplateSet.load(overrides: [:]).0)
        var row = Self.row
        for (first, second) in [("../../", "../"), ("../", "../../")] {
            let rows = RowRendering(templates: templates)
            row["url"] = first + "2024/05/ferry/"
            let kept = rows.row(0, compact: true, { row }, on: Page(TagPage.self, 0), root: first) { [:] }.renderText
            row["url"] = second + "2024/05/ferry/"
            let direct = try #require(templates.render(row, template: "entry-row-compact")).dropLast()
            var asked = false
            let rebased = rows.row(0, compact: true, { asked = true; return row }, on: Page(YearPage.self, 0), root: second) { [:] }.renderText
            #expect(rebased == String(direct) && rebased != kept)
            #expect(!asked, "not rendered: made from the row kept at the other depth")
        }
    }

    /// Only a row with exactly one link, starting with the old root, is moved.
    @Test func onlyARowWithOneLinkFromTheOldRootIsRebased() {
        #expect(RowRendering.rebased("<a href=\"../../x/\">T</a>", from: "../../", to: "../") == "<a href=\"../x/\">T</a>")
        #expect(RowRendering.rebased("<a href=\"../x/\">href=&quot;</a>", from: "../", to: "") == "<a href=\"x/\">href=&quot;</a>")
        #expect(RowRendering.rebased("<a href=\"../x/\"></a><a href=\"../y/\"></a>", from: "../", to: "../../") == nil)
        #expect(RowRendering.rebased("<a href=\"/x/\">T</a>", from: "../", to: "../../") == nil)
        #expect(RowRendering.rebased("<li>T</li>", from: "../", to: "../../") == nil)
    }
}
