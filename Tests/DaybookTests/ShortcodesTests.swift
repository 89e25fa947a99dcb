import Foundation
import Testing
@testable import Daybook

/// Other tools' shortcodes read as text or links, each kind reported once.
@Suite struct ShortcodesTests {
    static let source = SourceText(path: "entries/a.md", text: "")

    func rewrite(_ body: String) -> (String, [Diagnostic]) {
        Shortcodes.rewrite(body, source: Self.source, firstLine: 5)
    }

    @Test func aYouTubeShortcodeIsALinkToTheVideo() {
        let (text, problems) = rewrite("Look: {{< youtube dQw4w9WgXcQ >}} and {{< youtube id=\"abc_1\" >}}")
        #expect(text == "Look: [YouTube video dQw4w9WgXcQ](https://www.youtube.com/watch?v=dQw4w9WgXcQ) and [YouTube video abc_1](https://www.youtube.com/watch?v=abc_1)")
        #expect(problems.map(\.headline) == ["entries/a.md:5:7: warning: shortcode {{< youtube >}} is another tool's, not Daybook's; shown as a link to the video"])
    }

    @Test func everyKindReadsAsText() {
        let paired = rewrite("{{% note %}}Careful{{% /note %}}")
        #expect(paired.0 == "\\[note\\] Careful")
        #expect(paired.1.count == 1, "the closing tag is the opening one's, not reported again")
        #expect(rewrite("{% highlight ruby %}\nputs 1\n{% endhighlight %}").0 == "```ruby\nputs 1\n```")
        #expect(rewrite("See {% post_url 2010-07-21-name %}.").0 == "See 2010-07-21-name.")
        #expect(rewrite("{{< figure src=\"a.jpg\" alt=\"The sea\" >}}").0 == "![The sea](a.jpg)")
        #expect(rewrite("{{< youtube \"x y\" >}}").0 == "\\[youtube x y\\] ", "an id that is not plain is not made a link")
    }

    @Test func leavesCodeBlocksAlone() {
        let body = "```\n{{< youtube abc >}}\n```\n"
        #expect(rewrite(body) == (body, []))
    }

    @Test func reportsEachKindOnceAcrossTheJournal() {
        let first = rewrite("{{< youtube a >}} {{< youtube b >}} {% include x.html %}").1
        let second = Shortcodes.rewrite("{{< youtube c >}}", source: SourceText(path: "entries/b.md", text: ""), firstLine: 2).1
        #expect(first.count == 2)
        let once = Shortcodes.onceEach(second + first)
        #expect(once.map(\.headline) == [
            "entries/a.md:5:1: warning: shortcode {{< youtube >}} is another tool's, not Daybook's; shown as a link to the video (also in 1 other file)",
            "entries/a.md:5:37: warning: shortcode {% include %} is another tool's, not Daybook's; shown as plain text in brackets",
        ])
    }

    @Test func anEntryPageShowsTheLinkNotTheMarkup() {
        let (entry, _) = loadEntry("---\ndate: 2024-01-01\n---\nWatch {{< youtube abc >}} now.\n")
        #expect(entry?.html == "<p>Watch <a href=\"https://www.youtube.com/watch?v=abc\">YouTube video abc</a> now.</p>\n")
    }

    /// What the byte pre-check and the one-pass rewrite must keep (issue 26): a body without an
    /// opener comes back as it is, braces of other kinds included; shortcodes at the very start
    /// and end of a body and after text in other scripts keep their places and columns.
    @Test(arguments: [
        "", "No shortcodes at all.", "Braces { alone } and {name} and { {", "Mustache {{name}} and {{{raw}}}",
        "Percent %}} and >}} closers without openers", "밤이 깊었다 {오늘} 🐦", "A lone {{< without a closer",
        "Ends in a brace {", "{",
    ])
    func aBodyWithoutShortcodesIsKept(body: String) {
        let (text, problems) = rewrite(body)
        #expect(text == body)
        #expect(problems.isEmpty)
    }

    @Test func shortcodesAtTheStartAndEndOfABody() {
        let start = rewrite("{{< youtube abc >}} first")
        #expect(start.0 == "[YouTube video abc](https://www.youtube.com/watch?v=abc) first")
        #expect(start.1.map(\.headline) == ["entries/a.md:5:1: warning: shortcode {{< youtube >}} is another tool's, not Daybook's; shown as a link to the video"])
        let end = rewrite("Line one.\nLast {{% vimeo 42 %}}")
        #expect(end.0 == "Line one.\nLast [Vimeo video 42](https://vimeo.com/42)")
        #expect(end.1.map(\.headline) == ["entries/a.md:6:6: warning: shortcode {{% vimeo %}} is another tool's, not Daybook's; shown as a link to the video"])
        #expect(rewrite("{% raw %}").0 == "", "a body that is one shortcode")
        #expect(rewrite("x\n{{< youtube a >}}\n").0 == "x\n[YouTube video a](https://www.youtube.com/watch?v=a)\n")
    }

    @Test func columnsCountCharactersAfterOtherScripts() {
        let (text, problems) = rewrite("서울 🐦 é {{< youtube abc >}} 끝 {% include x %}")
        #expect(text == "서울 🐦 é [YouTube video abc](https://www.youtube.com/watch?v=abc) 끝 \\[include x\\] ")
        #expect(problems.map(\.headline) == [
            "entries/a.md:5:8: warning: shortcode {{< youtube >}} is another tool's, not Daybook's; shown as a link to the video",
            "entries/a.md:5:30: warning: shortcode {% include %} is another tool's, not Daybook's; shown as plain text in brackets",
        ])
    }

    @Test func shortcodesInsideTildeFencesAndAfterThem() {
        let body = "~~~\n{% raw %}\n~~~\n{% raw %}after"
        #expect(rewrite(body).0 == "~~~\n{% raw %}\n~~~\nafter")
    }
}
