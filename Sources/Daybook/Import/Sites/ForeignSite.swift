import Foundation
import Yams

/// A site made for Hugo, Jekyll or Zola, known by its settings file, and what Daybook reads of
/// that file: the title, base URL, language and time zone (when `daybook.yml` does not set
/// them) and the permalinks, from which every entry's old address gets a redirect page.
public struct ForeignSite: Sendable, Hashable {
    public enum Tool: String, Sendable, Hashable { case hugo = "Hugo", jekyll = "Jekyll", zola = "Zola" }

    public var tool: Tool
    /// The settings file read, `hugo.toml`.
    public var file: String
    var title: String?
    var baseURL: String?
    /// A Daybook locale, `fr_FR`, from the tool's language code.
    var locale: String?
    var timeZone: String?
    var addresses: OldAddresses
    /// The keys read, as the file names them (`languageCode`), and the top-level keys left alone.
    public var keysRead: [String] = []
    public var keysIgnored: [String] = []
    /// The file's own problems (not a settings file Daybook can read), as warnings.
    var problems: [Diagnostic] = []

    /// The settings files looked for, in order; `config.toml` is Zola's when it has `base_url`.
    static let files: [(name: String, tool: Tool)] = [
        ("hugo.toml", .hugo), ("hugo.yaml", .hugo), ("hugo.yml", .hugo), ("zola.toml", .zola), ("config.toml", .hugo),
        ("config.yaml", .hugo), ("config.yml", .hugo), ("_config.yml", .jekyll),
    ]

    /// The site's settings file and what it says; nil when the journal has none.
    static func read(_ root: URL) -> ForeignSite? {
        for (name, tool) in files {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(name).path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            let parsed = parse(text, name: name)
            guard let top = parsed.node?.mapping else {
                var site = ForeignSite(tool: tool, file: name, addresses: OldAddresses(tool: tool))
                site.problems = parsed.problems
                return site
            }
            let keys = Dictionary(top.map { ($0.key.scalar ?? "", $0.value) }, uniquingKeysWith: { first, _ in first })
            let realTool: Tool = name == "config.toml" && keys["base_url"] != nil ? .zola : tool
            return ForeignSiteReader(tool: realTool, file: name, keys: keys).site
        }
        return nil
    }

    private static func parse(_ text: String, name: String) -> (node: FrontMatterNode?, problems: [Diagnostic]) {
        if name.hasSuffix(".toml") {
            do {
                return (try TOMLFrontMatter.parse(text), [])
            } catch {
                return (nil, [.warning("not read: malformed TOML: \(error.message)", at: SourceLocation(file: name, line: error.line, column: error.column))])
            }
        }
        do {
            // Through Daybook's reader: aliases are counted before anything is built.
            return (try YAML.compose(text, .basic).map { FrontMatterNode($0, lines: YAMLLines(text)) }, [])
        } catch {
            let problem = YAML.Problem(error)
            return (nil, [.warning("not read: malformed YAML: \(problem.message)", at: SourceLocation(file: name, line: problem.line, column: problem.column))])
        }
    }

    /// `settings` with what the site's file says, for every key `daybook.yml` leaves out
    /// (it is read over these).
    func base(_ settings: Settings = Settings()) -> Settings {
        var settings = settings
        if let title { settings.title = title }
        if let baseURL { settings.baseURL = baseURL }
        if let locale { settings.locale = locale }
        if let timeZone { settings.timeZone = timeZone }
        settings.oldAddresses = addresses
        return settings
    }

    /// One line for the build's summary: what was read, what was not.
    public var summary: String {
        var line = "Read \(file) (\(tool.rawValue)): " + (keysRead.isEmpty ? "nothing Daybook uses" : keysRead.joined(separator: ", "))
        if !keysIgnored.isEmpty { line += "; not read: " + keysIgnored.joined(separator: ", ") }
        return line + (keysRead.isEmpty ? "" : "; daybook.yml wins where it sets the same")
    }

    /// The site of the journal at `root`, for the command line's summary.
    public static func of(journal root: URL) -> ForeignSite? { read(root) }
}

extension Settings {
    /// The journal's settings: those of a Hugo, Jekyll or Zola settings file beside it, then
    /// `daybook.yml` (`text`) over them.
    static func load(root: URL, text: String?) -> (Settings, [Diagnostic]) {
        guard let site = ForeignSite.read(root) else { return SettingsLoader.load(text: text) }
        let (settings, problems) = SettingsLoader.load(text: text, into: site.base())
        return (settings, site.problems + problems)
    }
}
