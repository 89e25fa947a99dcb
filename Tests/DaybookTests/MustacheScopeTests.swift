import Mustache
import Testing
@testable import Daybook

/// Pages are rendered through `MustacheScope`, which looks names up faster than swift-mustache's
/// own way with a `[String: Any]`; every template must render exactly as it did with the
/// dictionary itself.
@Suite struct MustacheScopeTests {
    static var context: [String: Any] { [
        "title": "Ferry & <sea>", "has_title": true, "count": 3, "draft": false, "time": "08:30", "empty": "",
        "excerpt": "Grey morning.",
        "entry": ["title": "Inner", "place": ["name": "Seoul", "lat": "37.5"] as [String: Any], "rating": false] as [String: Any],
        "tags": [["name": "sea", "url": "../tags/sea/"], ["name": "ferry", "url": "../tags/ferry/"]] as [[String: Any]],
        "years": [2024, 2025], "extra": ["mood": "calm", "b": "two"] as [String: Any],
    ] }

    /// Each covers one way a template reaches a value: nested sections, dotted names, names found
    /// further out, lists of dictionaries, sections over strings and numbers, transforms of
    /// dictionaries and lists, printed dictionaries, inverted sections.
    static let templates = [
        "{{title}} {{{title}}} {{count}} {{#draft}}draft{{/draft}}{{^draft}}final{{/draft}}",
        "{{#entry}}{{title}} in {{place.name}} ({{#place}}{{name}} {{lat}}, {{title}}{{/place}}){{/entry}}",
        "{{entry.place.name}} {{entry.missing.name}} {{#entry.rating}}rated{{/entry.rating}}",
        "{{#tags}}<a href=\"{{url}}\">{{name}}</a> {{title}};{{/tags}} {{count(tags)}} {{#first(tags)}}{{name}}{{/first(tags)}}",
        "{{#time}}<span>{{time}} {{title}}</span>{{/time}}{{#excerpt}}<p>{{excerpt}}</p>{{/excerpt}}{{#empty}}[{{.}}]{{/empty}}",
        "{{#count}}{{count}} {{.}} {{title}}{{/count}}{{#years}}{{.}} {{title}},{{/years}}",
        "{{count(extra)}} {{#sorted(extra)}}{{key}}={{value}};{{/sorted(extra)}} {{^empty(extra)}}some{{/empty(extra)}}",
        "{{entry.place}}|{{#entry}}{{place}}{{/entry}}|{{tags}}",
        "{{^entry}}none{{/entry}}{{^tags}}none{{/tags}}{{^nothing}}no such name{{/nothing}}",
    ]

    @Test func everyTemplateRendersAsWithTheDictionary() throws {
        // One dictionary for both: a printed dictionary's order is its instance's.
        let context = Self.context
        for (index, text) in Self.templates.enumerated() {
            let templates = try #require(TemplateSet.load(overrides: ["quote.mustache": Array(text.utf8)]).0)
            let expected = templates.library.render(context, withTemplate: "quote")
            let scoped = templates.render(context, template: "quote")
            #expect(scoped == expected, "template \(index): \(text)")
            #expect(scoped?.isEmpty == false)
        }
    }

    /// What makes it faster: a dictionary found in the context is handed on wrapped, and a list
    /// of dictionaries as a list of wrapped ones, where swift-mustache's generic look-up would
    /// otherwise answer each name inside; other values are handed on as they are.
    @Test func dictionariesFoundInsideAreWrappedToo() throws {
        let context = Self.context, scope = MustacheScope(context)
        let entry = try #require(scope.child(named: "entry") as? MustacheScope)
        #expect(entry.child(named: "place") is MustacheScope)
        #expect((scope.child(named: "tags") as? [MustacheScope])?.count == 2)
        #expect(scope.child(named: "title") as? String == "Ferry & <sea>")
        #expect(scope.child(named: "years") as? [Int] == [2024, 2025])
        #expect(scope.child(named: "nothing") == nil)
        #expect(scope.transform("count") as? Int == context.count)
        #expect(scope.description == context.description && scope.debugDescription == context.debugDescription)
    }

    /// A section over a string or a number asks it for every name inside it: it answers "none"
    /// itself, where swift-mustache would build a reflection of it to find out.
    @Test func stringsAndNumbersHaveNoChildren() {
        let string: Any = "Grey morning.", number: Any = 3
        #expect((string as? MustacheParent)?.child(named: "excerpt") == nil && string is MustacheParent)
        #expect((number as? MustacheParent)?.child(named: "count") == nil && number is MustacheParent)
    }
}

/// A list's entry makes its row's keys only when a template asks for one (`ListedRow`).
@Suite struct ListedRowTests {
    final class Count { var made = 0 }

    @Test func aRowsKeysAreMadeOnceAndOnlyWhenAskedFor() throws {
        let count = Count()
        let make = {
            count.made += 1
            return ["title": "Ferry", "place": ["name": "Seoul"] as [String: Any]] as [String: Any]
        }
        // A row kept from another page: its html needs no keys.
        let kept = ListedRow(make) { _ in RowRendering.Row { "<li>Ferry</li>" } }
        #expect((kept.child(named: "html") as? RowRendering.Row)?.renderText == "<li>Ferry</li>")
        #expect(count.made == 0, "the built-in lists show html alone")
        #expect(kept.child(named: "title") as? String == "Ferry")
        #expect(kept.child(named: "place") is MustacheScope)
        #expect(kept.child(named: "nothing") == nil)
        #expect(Set(kept.values.keys) == ["title", "place", "html"] && kept.transform("count") as? Int == 3)
        #expect(count.made == 1)
        // A row rendered here asks for its keys, once however often it asks.
        let rendered = ListedRow(make) { values in RowRendering.Row { "<li>\(values()["title"]!)</li>" } }
        #expect((rendered.child(named: "html") as? RowRendering.Row)?.renderText == "<li>Ferry</li>")
        _ = rendered.child(named: "title")
        #expect(count.made == 2)
    }

    /// A month's list shows the same rows, in the same order, as when each entry was a dictionary.
    @Test func aListOfRowsRendersAsItsDictionariesWould() throws {
        let templates = try #require(TemplateSet.load(overrides: ["quote.mustache": Array("{{#entries}}{{{html}}} {{title}};{{/entries}} {{count(entries)}}".utf8)]).0)
        let rows: [(String, String)] = [("Ferry", "<li>a</li>"), ("Gull", "<li>b</li>")]
        let listed: [Any] = rows.map { title, html in ListedRow({ ["title": title] }) { _ in RowRendering.Row { html } } }
        #expect(templates.render(["entries": listed], template: "quote") == "<li>a</li> Ferry;<li>b</li> Gull; 2")
    }
}
