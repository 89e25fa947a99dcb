import Foundation
import Yams

/// The private-journal keys of `daybook.yml`: `private`, `readers`, `remember_days`,
/// `show_title`. No secret is ever read from here: passwords come from the environment only.
public struct PrivacySettings: Sendable, Hashable, CustomStringConvertible {
    /// `private: true`: every entry is private and no page is public but the unlock page.
    public var wholeJournal = false
    /// Named readers, each with a password of their own; none: one reader, `DAYBOOK_PASSWORD`.
    public var readers: [Reader] = []
    /// How long "Remember this device" keeps a reader unlocked; 0 offers no such choice.
    public var rememberDays = 30
    /// Whether a whole-private journal's unlock page shows the journal's title.
    public var showTitle = false
    /// Where `private: true` stands in `daybook.yml`, for errors about the secrets it calls for.
    var wholeJournalLine = 1
    var wholeJournalColumn = 1
    /// Reader labels of each journal's private entries that name none (`Features/Journals`).
    var journalReaders: [String: Set<String>] = [:]
    /// Set by the build: the public pages link to an unlock page.
    var hasEdition = false
    /// Set by the build: the pages being made are an encrypted edition.
    var isEdition = false

    public init() {}

    /// What of these settings the pages and data files depend on (the settings' description is
    /// part of every page's key): not the readers, so adding or removing one rewrites only the
    /// key file and the unlock pages, which are made on every build.
    public var description: String { "privacy(whole: \(wholeJournal), edition: \(hasEdition) \(isEdition))" }

    /// A reader of the private entries.
    public struct Reader: Sendable, Hashable {
        public var name: String
        /// The entry labels (`readers:` in an entry) this reader may open besides the unlabelled
        /// private entries; nil: every entry.
        public var labels: [String]?
        /// Where the reader is in `daybook.yml`, for errors about their password.
        var line = 1
        var column = 1

        /// The name as the browser compares it: NFC, lower-cased.
        var key: String { Self.key(name) }

        static func key(_ name: String) -> String { name.precomposedStringWithCanonicalMapping.lowercased() }

        /// `DAYBOOK_PASSWORD_ANNA` for Anna: upper-cased, anything but A-Z and 0-9 as `_`.
        var passwordVariable: String {
            "DAYBOOK_PASSWORD_" + String(name.uppercased().unicodeScalars.map {
                ("A"..."Z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "_"
            })
        }
    }
}

extension Private {
    static let settingsKeys: Set<String> = ["private", "readers", "remember_days", "show_title"]

    static func readSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText) -> [Diagnostic] {
        func problem(_ message: String, _ node: Node = value) -> [Diagnostic] {
            [source.error(message, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)]
        }
        switch key {
        case "private":
            guard let on = YAML.flag(value) else { return problem("private must be true or false") }
            settings.privacy.wholeJournal = on
            settings.privacy.wholeJournalLine = value.mark?.line ?? 1
            settings.privacy.wholeJournalColumn = value.mark?.column ?? 1
        case "show_title":
            guard let on = YAML.flag(value) else { return problem("show_title must be true or false") }
            settings.privacy.showTitle = on
        case "remember_days":
            guard let days = Int(value.scalar?.string ?? ""), (0...365).contains(days) else {
                return problem("remember_days must be a number of days from 0 (never remember) to 365")
            }
            settings.privacy.rememberDays = days
        case "readers":
            let (readers, problems) = readers(value, source: source)
            settings.privacy.readers = readers
            return problems
        default:
            break
        }
        return []
    }

    /// `readers:` as a list of `{name, labels}` mappings or of plain names.
    private static func readers(_ value: Node, source: SourceText) -> ([PrivacySettings.Reader], [Diagnostic]) {
        guard let items = value.sequence else {
            return ([], [source.error("readers must be a list of readers, each a name or {name: …, labels: […]}",
                                      line: value.mark?.line ?? 1, column: value.mark?.column ?? 1)])
        }
        var readers: [PrivacySettings.Reader] = [], problems: [Diagnostic] = []
        for item in items {
            let line = item.mark?.line ?? 1, column = item.mark?.column ?? 1
            var reader = PrivacySettings.Reader(name: "", labels: nil, line: line, column: column)
            if let name = item.scalar?.string {
                reader.name = name
            } else if let map = item.mapping {
                reader.name = map["name"]?.scalar?.string ?? ""
                if let labels = map["labels"] {
                    guard let list = labels.sequence?.compactMap({ $0.scalar?.string }), list.count == labels.sequence?.count else {
                        problems.append(source.error("a reader's labels must be a list of words", line: labels.mark?.line ?? line, column: labels.mark?.column ?? column))
                        continue
                    }
                    reader.labels = list
                }
            }
            let name = reader.name.trimmingCharacters(in: .whitespaces)
            if name.isEmpty {
                problems.append(source.error("each reader needs a name", line: line, column: column))
            } else if readers.contains(where: { $0.key == reader.key }) {
                problems.append(source.error("two readers are named \(name)", line: line, column: column))
            } else {
                reader.name = name
                readers.append(reader)
            }
        }
        return (readers, problems)
    }
}
