import Foundation

/// One input through every reader of untrusted text (an entry's bytes, each front-matter syntax
/// on its own, the date parser, the shortcode rewriter), for the fuzz harness (`DaybookFuzz`,
/// docs/development.md). It judges what only the readers can: an error without a place, or at a
/// place the text does not have. A crash or a hang the harness sees from outside.
public enum InputProbe {
    /// What is wrong with how Daybook took `bytes`; nil when it read them, or refused them with
    /// errors at places in them.
    public static func check(_ bytes: [UInt8]) -> String? {
        let path = "entries/2024-05-01-fuzz.md"
        // Decoding makes a line of each CR as well as each LF.
        let lines = bytes.reduce(1) { $1 == 0x0A || $1 == 0x0D ? $0 + 1 : $0 }
        let loader = EntryLoader(dates: DateParser(timeZone: .gmt), rawHTML: false)
        for diagnostic in loader.load(path: path, bytes: bytes).1 where diagnostic.severity == .error {
            guard let location = diagnostic.location else { return "error without a location: \(diagnostic.message)" }
            guard location.file == path, (1...lines).contains(location.line), location.column >= 1 else {
                return "error outside the text: \(diagnostic.headline)"
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let textLines = text.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        func outside(_ line: Int, _ column: Int, _ reader: String) -> String? {
            (1...textLines).contains(line) && column >= 1 ? nil : "\(reader) error outside the text at \(line):\(column)"
        }
        do { _ = try TOMLFrontMatter.parse(text) } catch {
            if let problem = outside(error.line, error.column, "TOML") { return problem }
        }
        do { _ = try JSONFrontMatter.parse(text) } catch {
            if let problem = outside(error.line, error.column, "JSON") { return problem }
        }
        if let node = try? YAML.compose(text, .basic) {
            _ = FrontMatterNode(node, lines: YAMLLines(text)).value
        }
        let dates = DateParser(timeZone: .gmt)
        for line in text.split(separator: "\n").prefix(64) { _ = try? dates.parse(String(line)) }
        _ = Shortcodes.rewrite(text, source: SourceText(path: path, text: text), firstLine: 1)
        return nil
    }
}
