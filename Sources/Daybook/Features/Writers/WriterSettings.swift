import Yams

/// The writers `daybook.yml` lists (`writers:`) and the writer of entries without `author:`
/// (`default_writer:`). Empty: the journal has one writer, and `author:` keeps meaning nothing
/// to Daybook (it stays in `Entry.extra`).
public struct WriterSettings: Sendable, Hashable {
    public struct Writer: Sendable, Hashable {
        /// What `author:` names, and the writer page's folder.
        public var key: String
        /// Shown on rows and pages; the key when not given.
        public var name: String
        /// A local image, relative to the journal.
        public var portrait: String?
        /// The key's place in `daybook.yml`, for problems found later (a missing portrait).
        var line = 1, column = 1
    }

    /// In `daybook.yml`'s order, which the writers page keeps.
    public var writers: [Writer] = []
    public var defaultWriter: String?
    var defaultLine = 1, defaultColumn = 1

    public init() {}

    var isOn: Bool { !writers.isEmpty }

    func writer(_ key: String) -> Writer? { writers.first { $0.key == key } }
}

/// The writers keys of `daybook.yml`.
extension Writers {
    static let settingsKeys: Set<String> = ["writers", "default_writer"]

    static func readSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText) -> [Diagnostic] {
        func problem(_ message: String, _ node: Node) -> Diagnostic {
            source.error(message, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        }
        if key == "default_writer" {
            guard let name = value.scalar?.string, !name.isEmpty else { return [problem("default_writer must be a writer's key, such as anna", value)] }
            settings.writers.defaultWriter = name
            settings.writers.defaultLine = value.mark?.line ?? 1
            settings.writers.defaultColumn = value.mark?.column ?? 1
            return []
        }
        guard let mapping = value.mapping else {
            return [problem("writers must be keys with a name, such as {anna: {name: \"Anna Lindqvist\", portrait: people/anna.jpg}}", value)]
        }
        var problems: [Diagnostic] = []
        var writers: [WriterSettings.Writer] = []
        for (keyNode, details) in mapping {
            let writerKey = keyNode.scalar?.string ?? ""
            guard isValidKey(writerKey) else {
                problems.append(problem("a writer's key must be lowercase letters, digits, - or _, such as anna, got '\(writerKey)'", keyNode))
                continue
            }
            var writer = WriterSettings.Writer(key: writerKey, name: writerKey, line: keyNode.mark?.line ?? 1, column: keyNode.mark?.column ?? 1)
            if let name = details.scalar?.string, details.mapping == nil {
                // `anna: Anna Lindqvist`: a name alone.
                if !name.isEmpty { writer.name = name }
            } else if let fields = details.mapping {
                for (fieldNode, field) in fields {
                    switch fieldNode.scalar?.string ?? "" {
                    case "name":
                        if let name = field.scalar?.string, !name.isEmpty { writer.name = name } else {
                            problems.append(problem("a writer's name must be text", field))
                        }
                    case "portrait":
                        if let path = field.scalar?.string, !path.isEmpty { writer.portrait = path } else {
                            problems.append(problem("a writer's portrait must be the path of an image, such as people/anna.jpg", field))
                        }
                    case let other:
                        problems.append(source.warning("unknown writer key '\(other)' is ignored; a writer has a name and a portrait",
                                                       line: fieldNode.mark?.line ?? 1, column: fieldNode.mark?.column ?? 1))
                    }
                }
            }
            writers.append(writer)
        }
        settings.writers.writers = writers
        return problems
    }

    /// Keys are folder names on the site and words of `by:` in search: kept plain.
    static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
    }
}
