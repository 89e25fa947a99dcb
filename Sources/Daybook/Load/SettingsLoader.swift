import Foundation
import Yams

/// Reads `daybook.yml`. A missing file means the defaults.
enum SettingsLoader {
    static let fileName = "daybook.yml"

    static func load(text: String?, into settings: Settings = Settings()) -> (Settings, [Diagnostic]) {
        var settings = settings
        guard let text else { return (settings, []) }
        let source = SourceText(path: fileName, text: text.replacingOccurrences(of: "\r\n", with: "\n"))
        let root: Node?
        do {
            root = try YAML.compose(source.text)
        } catch {
            let problem = YAML.Problem(error)
            return (settings, [source.error("malformed YAML: \(problem.message)", line: problem.line, column: problem.column)])
        }
        guard let root else { return (settings, []) }
        guard let mapping = root.mapping else {
            return (settings, [source.error("settings must be keys and values, such as `title: My journal`", line: 1)])
        }
        var diagnostics: [Diagnostic] = []
        for (keyNode, value) in mapping {
            let key = keyNode.scalar?.string ?? ""
            if let feature = Features.reading(key) {
                diagnostics += feature.readSetting(key, value, into: &settings, source: source)
            } else if !readCoreSetting(key, value, into: &settings, source: source, diagnostics: &diagnostics) {
                diagnostics.append(source.warning("unknown setting '\(key)' is ignored", line: keyNode.mark?.line ?? 1, column: keyNode.mark?.column ?? 1))
            }
        }
        return (settings, diagnostics)
    }

    /// Reads one of the core keys; false when `key` is none of them.
    private static func readCoreSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText,
                                        diagnostics: inout [Diagnostic]) -> Bool {
        let line = value.mark?.line ?? 1
        let column = value.mark?.column ?? 1
        func string() -> String? {
            guard let scalar = value.scalar else {
                diagnostics.append(source.error("\(key) must be text", line: line, column: column))
                return nil
            }
            return scalar.string
        }
        switch key {
        case "title": settings.title = string() ?? settings.title
        case "author": settings.author = string()
        case "description": settings.description = string()
        case "base_url":
            if let url = string(), !url.isEmpty {
                if let parsed = URL(string: url), parsed.scheme != nil, parsed.host != nil {
                    settings.baseURL = url.hasSuffix("/") ? url : url + "/"
                } else {
                    diagnostics.append(source.error("base_url must be an absolute address such as https://example.org/journal/, got \(url)", line: line, column: column))
                }
            }
        case "locale":
            if let locale = string() {
                if Locale.availableIdentifiers.contains(locale) || Locale.availableIdentifiers.contains(locale.replacingOccurrences(of: "-", with: "_")) {
                    settings.locale = locale.replacingOccurrences(of: "-", with: "_")
                } else {
                    diagnostics.append(source.error("unknown locale '\(locale)'; use an identifier such as en_US, fr_FR or ko_KR", line: line, column: column))
                }
            }
        case "timezone":
            if let zone = string() {
                if TimeZone(identifier: zone) != nil {
                    settings.timeZone = zone
                } else {
                    diagnostics.append(source.error("unknown timezone '\(zone)'; use an IANA name such as Europe/Paris or UTC", line: line, column: column))
                }
            }
        case "raw_html":
            if let on = YAML.flag(value) { settings.rawHTML = on } else {
                diagnostics.append(source.error("raw_html must be true or false", line: line, column: column))
            }
        case "home_entries":
            if let count = value.scalar.flatMap({ Int($0.string) }), count > 0 {
                settings.homeEntries = count
            } else {
                diagnostics.append(source.error("home_entries must be a whole number above 0", line: line, column: column))
            }
        default:
            return readSourceSetting(key, value, into: &settings, source: source, diagnostics: &diagnostics)
        }
        return true
    }

    /// The keys for content written for other tools (Hugo, Jekyll, Zola): see docs/import.md.
    private static func readSourceSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText,
                                          diagnostics: inout [Diagnostic]) -> Bool {
        let line = value.mark?.line ?? 1
        let column = value.mark?.column ?? 1
        switch key {
        case "entries_dir":
            guard let folder = value.scalar?.string else {
                diagnostics.append(source.error("entries_dir must be text", line: line, column: column))
                return true
            }
            if let problem = JournalFiles.entriesFolderProblem(folder) {
                diagnostics.append(source.error("entries_dir \(problem)", line: line, column: column))
            } else {
                settings.entriesDir = JournalFiles.normalizedFolder(folder)
            }
        case "categories_as_tags":
            if let on = YAML.flag(value) { settings.categoriesAsTags = on } else {
                diagnostics.append(source.error("categories_as_tags must be true or false", line: line, column: column))
            }
        default:
            return false
        }
        return true
    }
}
