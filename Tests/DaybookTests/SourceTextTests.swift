import Testing
@testable import Daybook

/// A file's bytes become text and lines in byte scans (`SourceDecoder`, `SourceText`): the same
/// lines, columns and warnings as a scan by characters would give.
@Suite struct SourceTextTests {
    @Test(arguments: [
        ("a\rb", true, false), ("a\u{7F}", false, true), ("\t\n plain", false, false),
        ("\r\u{1}", true, true), ("é\u{0}", false, true), ("", false, false),
    ])
    func oneByteScanFindsCarriageReturnsAndOtherControls(text: String, carriageReturn: Bool, other: Bool) {
        let found = SourceDecoder.controls(in: Array(text.utf8)[...])
        #expect(found.carriageReturn == carriageReturn && found.other == other)
    }

    @Test func linesAreFoundByTheirLineFeedsAmongWideCharacters() {
        let source = SourceText(path: "entries/a.md", text: "é\n日本\n\nlast")
        #expect(source.lineCount == 4)
        #expect((1...4).map { source.line($0) } == ["é", "日本", "", "last"])
        #expect(source.line(5) == nil)
        #expect(source.text(fromLine: 2) == "日本\n\nlast")
        #expect(source.text(lines: 2..<4) == "日本\n")
        #expect(SourceText(path: "a", text: "").lineCount == 1 && SourceText(path: "a", text: "x\n").line(2) == "")
    }

    @Test func carriageReturnsBecomeLineFeedsAndAControlIsReplacedAtItsColumn() throws {
        let (decoded, diagnostics) = SourceDecoder.decode(Array("a\r\nb\rc\u{7F}d".utf8), path: "entries/a.md")
        let source = try #require(decoded)
        #expect(source.text == "a\nb\nc\u{FFFD}d")
        #expect(diagnostics.map(\.headline) == ["entries/a.md:3:2: warning: control character U+007F replaced with U+FFFD"])
    }
}
