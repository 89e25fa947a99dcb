/// The journals the site shows: those with a published entry, when there are two or more.
/// Worked out from the assembled (public) journal, so a journal that holds only private entries
/// leaves no page, link, badge or count on the public site.
struct ShownJournals: Sendable {
    struct Shown: Sendable {
        var info: JournalSettings.Info
        /// Indices into the journal's entries, newest first.
        var entries: [Int]
        /// The journal of these entries alone, for the pages seen for one journal (`JournalScoped`).
        var journal: Journal
        var path: String { "\(info.name)/" }
    }

    static let derivedKey = "journals"

    /// In the order of `daybook.yml`; empty for a site of one journal.
    var list: [Shown] = []
    /// Position in `list` by name.
    private var positions: [String: Int] = [:]

    static let empty = ShownJournals()

    private init() {}

    init(_ journal: Journal) {
        let shown = Self.entries(of: journal).map { Shown(info: $0.info, entries: $0.entries, journal: Self.alone($0.entries, of: journal)) }
        list = shown
        positions = Dictionary(uniqueKeysWithValues: shown.enumerated().map { ($0.element.info.name, $0.offset) })
    }

    /// The journals shown and their entries (indices, newest first), in the order of `list`,
    /// without the journal of each alone: for a feature that works them out while the journals
    /// are assembled beside it (`Memories`).
    static func entries(of journal: Journal) -> [(info: JournalSettings.Info, entries: [Int])] {
        let settings = journal.settings.journals
        guard settings.isEnabled else { return [] }
        var byName: [String: [Int]] = [:]
        for index in journal.entries.indices { byName[journal.entries[index].journal, default: []].append(index) }
        guard settings.list.filter({ byName[$0.name] != nil }).count > 1 else { return [] }
        return settings.list.compactMap { info in byName[info.name].map { (info, $0) } }
    }

    /// The journal of the entries at `indices` alone: assembled as the whole one was, keeping
    /// every entry given (they were published already), with its words.
    private static func alone(_ indices: [Int], of journal: Journal) -> Journal {
        var settings = journal.settings
        settings.includeDrafts = true
        var (alone, _) = JournalAssembler.assemble(indices.map { journal.entries[$0] }, settings: settings)
        alone.words = journal.words
        // Each entry keeps its address in the whole site: two entries of one day and title in
        // two journals are `a/` and `a-2/` there, both `a/` alone. The order is the same, since
        // `Entry.journalOrder` orders by date and then file, which no two entries share.
        if alone.entries.count == indices.count { alone.paths = indices.map { journal.paths[$0] } }
        return alone
    }

    static func of(_ journal: Journal) -> ShownJournals {
        journal.derived[derivedKey] as? ShownJournals ?? ShownJournals(journal)
    }

    func shown(_ name: String) -> Shown? { positions[name].map { list[$0] } }

    /// What every page shows of them: the navigation's links and the rows' badges.
    var key: String { list.map { "\($0.info.name)/\($0.info.title)" }.joined(separator: "\n") }

    /// The entries a journal's home shows: its whole recent months until there are `homeEntries`.
    func homeEntries(_ position: Int, in journal: Journal) -> [Int] {
        var shown: [Int] = []
        var month: MonthKey?
        for index in list[position].entries {
            let key = journal.entries[index].date.monthKey
            if key != month, shown.count >= journal.settings.homeEntries { break }
            month = key
            shown.append(index)
        }
        return shown
    }
}
