import Foundation
import Testing
@testable import Daybook

/// What a large entry goes through without being copied whole (issue 23, docs/builds.md
/// "Memory"): `feed.json` written by `JSONWriter` as the encoder laid it out, and the body
/// spliced into its page past the template engine, with the bytes the template would give.
@Suite struct LargeEntryTests {
    // The layout `JSONFeed` wrote with Foundation's encoder, kept here as the reference.
    private struct Feed: Encodable {
        var version = "https://jsonfeed.org/version/1.1"
        var title: String, home_page_url: String, feed_url: String, description: String?, language: String
        var authors: [Author]
        var items: [Item]
    }

    private struct Author: Encodable { var name: String }

    private struct Item: Encodable {
        var id: String, url: String, title: String, content_html: String, date_published: String
        var tags: [String]?
    }

    private static func encoded(_ header: FeedHeader, _ items: [FeedItem]) throws -> [UInt8] {
        let feed = Feed(title: header.title, home_page_url: header.baseURL, feed_url: header.baseURL + JSONFeed.path,
                        description: header.description, language: header.language, authors: [Author(name: header.author)],
                        items: items.map { Item(id: $0.id, url: $0.url, title: $0.title, content_html: $0.html,
                                                date_published: $0.date, tags: $0.tags.isEmpty ? nil : $0.tags) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
        return Array(try encoder.encode(feed)) + [UInt8(ascii: "\n")]
    }

    static let awkward = "a/b \"q\" \\ tab\there\r\n\u{8}\u{C}\u{1}\u{1B}\u{1F}\u{7F} é \u{2028}\u{2029} 🌊 <p>&amp;</p>"

    @Test(arguments: [0, 1, 3])
    func feedJSONHasTheBytesTheEncoderGave(_ count: Int) throws {
        for description in [nil, Self.awkward] {
            let header = FeedHeader(title: "Notes & \(Self.awkward)", description: description, author: "Ada \u{1}",
                                    baseURL: "https://example.org/journal/", language: "en-GB")
            let items = (0..<count).map { index in
                var entry = Entry(sourcePath: "entries/\(index).md", title: "T", date: LocalDateTime(year: 2024, month: 5, day: index + 1))
                entry.tags = index == 1 ? [] : ["sea", Self.awkward]
                return FeedItem(entry: entry, path: "2024/05/0\(index + 1)/t/", title: "Day \(index) \(Self.awkward)",
                                html: "<p>\(Self.awkward)</p>\n<a href=\"x/\">x</a>", baseURL: header.baseURL)
            }
            let made = JSONFeed.make(header, items), expected = try Self.encoded(header, items)
            #expect(made == expected, "\(String(decoding: made, as: UTF8.self))\n---\n\(String(decoding: expected, as: UTF8.self))")
        }
    }

    /// Nested as the default templates nest a body: a layout, a block, a section.
    private static func library(body tag: String) throws -> TemplateSet {
        let (set, problems) = TemplateSet.load(overrides: [
            "layout.mustache": Array("<html>\n{{$main}}{{/main}}\n</html>\n".utf8),
            "entry.mustache": Array("{{<layout}}{{$main}}{{#entry}}<h1>{{title}}</h1>\n<div>\n\(tag)\n</div>{{/entry}}{{/main}}{{/layout}}".utf8),
        ])
        #expect(problems.isEmpty)
        return try #require(set)
    }

    @Test(arguments: ["{{{body}}}", "{{{body}}}<aside>{{{body}}}</aside>"])
    func aSplicedBodyGivesThePageTheTemplateGives(_ tag: String) throws {
        let library = try Self.library(body: tag)
        let body = String(repeating: "<p>Calm & grey, \"é\" 🌊.</p>\n", count: 500)
        let context: [String: Any] = ["entry": ["title": "A long day", "body": body] as [String: Any]]
        var marked = context
        let large = try #require(LargeBody.take(from: &marked, threshold: 1000))
        let again = LargeBody.take(from: &marked, threshold: 1000)
        #expect(again == nil, "the mark is not taken for a body")
        let page = try #require(library.render(marked, template: "entry"))
        let spliced = try #require(large.splice(into: page))
        let expected = try #require(library.render(context, template: "entry"))
        #expect(spliced == Array(expected.utf8))
    }

    @Test(arguments: ["{{body}}", "{{{body}}} {{body}}", "no body at all"])
    func aBodyShownOtherwiseIsNotSpliced(_ tag: String) throws {
        let library = try Self.library(body: tag)
        var context: [String: Any] = ["entry": ["title": "A long day", "body": String(repeating: "<p>x</p>", count: 200)] as [String: Any]]
        let large = try #require(LargeBody.take(from: &context, threshold: 1000))
        let page = try #require(library.render(context, template: "entry"))
        #expect(large.splice(into: page) == nil)
        var small: [String: Any] = ["entry": ["body": "<p>x</p>"] as [String: Any]]
        let taken = LargeBody.take(from: &small, threshold: 1000)
        #expect(taken == nil)
    }

    /// A whole build: the body is in its page once, where the template puts it, and a template
    /// that escapes the body still gets it escaped.
    @Test func aLargeEntrysPageHoldsItsBodyWhereTheTemplatePutsIt() async throws {
        let paragraph = String(repeating: "The sea was calm & grey this morning. ", count: 20)
        let text = Array(repeating: paragraph, count: LargeBody.threshold / paragraph.utf8.count + 10).joined(separator: "\n\n")
        let journal = try TemporaryJournal([
            "daybook.yml": "title: Memory\ntimezone: UTC\nbase_url: https://example.org/\n",
            "entries/2024/05/2024-05-01-long.md": "---\ntitle: A long day\ndate: 2024-05-01\n---\n\n\(text)\n",
        ])
        defer { journal.remove() }
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let page = try journal.read("_site/2024/05/01/a-long-day/index.html")
        let html = paragraph.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "&", with: "&amp;")
        let body = Array(repeating: "<p>\(html)</p>\n", count: LargeBody.threshold / paragraph.utf8.count + 10).joined()
        #expect(page.contains("<div class=\"entry-body\">\n\(body)\n</div>"))
        #expect(page.components(separatedBy: body).count == 2)
        #expect(!page.contains("daybook-large-body"))
        try journal.write("templates/entry.mustache", "{{<layout}}{{$main}}{{#entry}}<pre>{{body}}</pre>{{/entry}}{{/main}}{{/layout}}")
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let escaped = try journal.read("_site/2024/05/01/a-long-day/index.html")
        #expect(escaped.contains("<pre>&lt;p&gt;\(html.replacingOccurrences(of: "&", with: "&amp;"))&lt;/p&gt;"))
        #expect(!escaped.contains("daybook-large-body"))
    }

    /// The photos feature reads a large entry in pieces: a key cut by a piece's end is found in
    /// the next, and one whose end lies past a piece counts, to be looked at again whole.
    @Test(arguments: [("photos: [a.jpg]", true), ("cover  = \"a.jpg\"", true), ("![x](a.jpg)", true),
                      ("photos of the sea", false), ("a cover story", false)])
    func looksForPhotoKeysPieceByPiece(_ text: String, _ mayName: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-pieces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for offset in 0..<20 {
            let path = folder.appendingPathComponent("\(offset).md").path
            let bytes = Array(String(repeating: "x ", count: offset).utf8) + Array(text.utf8) + Array(" end".utf8)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let found = FileBytes.anyPiece(path, size: 16, overlap: 9) { RemoteImages.mayNamePhotos($0, whole: $1) }
            // Never missed; a key cut off at a piece's end may be counted, and the whole file is
            // then looked at again.
            if mayName { #expect(found == true, "\(offset): \(text)") }
            #expect(RemoteImages.mayNamePhotos(bytes) == mayName)
        }
    }
}
