import Foundation
import Yams

/// The `journals:` and `default_journal:` keys of `daybook.yml`.
extension Journals {
    static let settingsKeys: Set<String> = ["journals", "default_journal"]

    /// Folders the site itself writes at its top: a journal of that name would overwrite them.
    static let reservedNames: Set<String> = ["archives", "tags", "places", "stats", "on-this-day", "assets", "private", "unlock"]

    static func readSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText) -> [Diagnostic] {
        func problem(_ message: String, _ node: Node = value) -> Diagnostic {
            source.error(message, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
        }
        switch key {
        case "default_journal":
            guard let name = value.scalar?.string, !name.isEmpty else { return [problem("default_journal must be the name of a journal")] }
            settings.journals.defaultName = name
            settings.journals.defaultLine = value.mark?.line ?? 1
            settings.journals.defaultColumn = value.mark?.column ?? 1
        case "journals":
            guard let mapping = value.mapping, mapping.count > 0 else {
                return [problem("journals must name each journal, such as {travel: {title: Travels}}")]
            }
            var problems: [Diagnostic] = []
            for (nameNode, info) in mapping {
                let name = nameNode.scalar?.string ?? ""
                if let why = nameProblem(name) { problems.append(problem("journal name '\(name)' \(why)", nameNode)); continue }
                if settings.journals.info(name) != nil { problems.append(problem("two journals are named \(name)", nameNode)); continue }
                let (journal, found) = read(name, info, problem)
                problems += found
                settings.journals.list.append(journal)
                if let readers = journal.readers { settings.privacy.journalReaders[name] = Set(readers) }
            }
            return problems
        default:
            break
        }
        return []
    }

    /// Why `name` cannot name a journal (it is its folder and its address), or nil.
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty || Slug.make(name) != name { return "must be lower-case letters, digits and dashes, such as travel" }
        if name.allSatisfy(\.isNumber) { return "is a number, which the year pages' addresses use" }
        if reservedNames.contains(name) { return "is the address of one of the site's own pages" }
        return nil
    }

    /// One journal's `{title, description, readers, author}`; a journal given no mapping is titled by its name.
    private static func read(_ name: String, _ node: Node, _ problem: (String, Node) -> Diagnostic) -> (JournalSettings.Info, [Diagnostic]) {
        var journal = JournalSettings.Info(name: name, title: name)
        guard !(node.scalar.map { $0.string.isEmpty || $0.string == "~" || $0.string == "null" } ?? false) else { return (journal, []) }
        guard let map = node.mapping else { return (journal, [problem("journal \(name) must be keys and values, such as {title: Travels}", node)]) }
        var problems: [Diagnostic] = []
        for (keyNode, value) in map {
            switch keyNode.scalar?.string ?? "" {
            case "title":
                if let title = value.scalar?.string, !title.isEmpty { journal.title = title } else { problems.append(problem("a journal's title must be text", value)) }
            case "description":
                if let text = value.scalar?.string { journal.description = text } else { problems.append(problem("a journal's description must be text", value)) }
            case "readers":
                let list = value.sequence?.compactMap { $0.scalar?.string } ?? value.scalar.map { [$0.string] }
                if let list, !list.isEmpty, list.count == (value.sequence?.count ?? 1) { journal.readers = list } else {
                    problems.append(problem("a journal's readers must be a list of reader labels, such as [family]", value))
                }
            case "author":
                if let key = value.scalar?.string, !key.isEmpty {
                    (journal.author, journal.authorLine, journal.authorColumn) = (key, value.mark?.line ?? 1, value.mark?.column ?? 1)
                } else {
                    problems.append(problem("a journal's author must be a writer's key, such as anna", value))
                }
            case let other:
                problems.append(problem("unknown journal setting '\(other)'; a journal takes title, description, readers and author", keyNode))
            }
        }
        return (journal, problems)
    }

    /// The error of a `default_journal:` that names no journal, checked once every key is read.
    static func defaultProblem(_ journals: JournalSettings) -> Diagnostic? {
        guard let name = journals.defaultName, journals.info(name) == nil else { return nil }
        let at = SourceLocation(file: SettingsLoader.fileName, line: journals.defaultLine, column: journals.defaultColumn)
        guard journals.isEnabled else { return .error("default_journal needs journals: in daybook.yml to name the journals", at: at) }
        return .error("default_journal: " + JournalNames.unknown(name, journals.names), at: at)
    }
}
