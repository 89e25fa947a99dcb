import Foundation
import Yams

/// `titles: first-line`: an entry without a `title:` takes its first line as its title, as Day
/// One and many diaries show it, and its page does not repeat that line above the text. The
/// default, `titles: date`, titles such an entry by its date and weekday. Addresses stay as
/// they were: they are given before the titles are.
struct FirstLineTitles: Feature {
    static let settingsKeys: Set<String> = ["titles"]

    /// The first line of each untitled entry file, by path; empty unless the setting is on.
    var firstLines: [String: String] = [:]
    /// The journal indices given a title, and that title.
    var titled: [Int: String] = [:]

    static func readSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText) -> [Diagnostic] {
        switch YAML.either(key, value, ("date", false), or: ("first-line", true), source: source) {
        case .success(let firstLine): settings.titlesFromFirstLine = firstLine
        case .failure(let problem): return [problem]
        }
        return []
    }

    static func load(_ input: FeatureInput) async -> (feature: FirstLineTitles, problems: [Diagnostic]) {
        guard input.settings.titlesFromFirstLine else { return (FirstLineTitles(), []) }
        var feature = FirstLineTitles()
        for path in input.files.entries {
            guard let bytes = input.files.bytes(of: path), let line = firstLine(bytes, path: path) else { continue }
            feature.firstLines[path] = line
        }
        return (feature, [])
    }

    /// The first line of the body, when it is words (not a picture, a list or a table).
    static func firstLine(_ bytes: [UInt8], path: String) -> String? {
        guard let source = SourceDecoder.decode(bytes, path: path).0, case .success(let split) = FrontMatterSplitter.split(source) else { return nil }
        guard let line = split.body.split(separator: "\n").lazy.map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: { !$0.isEmpty })
        else { return nil }
        let words = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
        guard !words.isEmpty, !["!", "-", "*", "+", "|", ">", "<", "`", "{"].contains(where: words.hasPrefix) else { return nil }
        return words
    }

    static var changesEntries: Bool { true }

    mutating func assemble(_ journal: inout Journal) {
        guard !firstLines.isEmpty else { return }
        for index in journal.entries.indices where journal.entries[index].title == nil {
            guard let line = firstLines[journal.entries[index].sourcePath] else { continue }
            journal.entries[index].title = line
            titled[index] = line
        }
    }

    /// Every list shows the titles.
    var siteKey: String { titled.keys.sorted().map { "\($0)=\(titled[$0]!)" }.joined(separator: "\n") }

    /// The line the title was taken from is not shown again above the text.
    func entryBody(_ html: String, of entry: Int, _ page: PageContext) -> String {
        guard let title = titled[entry] else { return html }
        let start = html.drop { $0 == "\n" || $0 == " " }
        for opening in ["<p>", "<h1>", "<h2>", "<h3>"] {
            let closing = "</" + opening.dropFirst()
            let paragraph = opening + HTMLEscaper.escape(title) + closing
            if start.hasPrefix(paragraph) { return String(start.dropFirst(paragraph.count).drop { $0 == "\n" }) }
        }
        return html
    }
}
