/// Who wrote the journal's published entries: the writers with at least one, in `daybook.yml`'s
/// order, each with its entries and words. Worked out from the assembled journal, so the public
/// site knows only the writers of public entries, and each private edition those of its own.
struct WriterIndex: Sendable {
    struct Item: Sendable, Equatable {
        var key: String
        var name: String
        var portrait: String?
        /// Journal indices, newest first.
        var entries: [Int] = []
        var words = 0
        var path: String { "writers/\(key)/" }
    }

    static let derivedKey = "writers"

    var writers: [Item] = []
    /// Each entry's position in `writers`, by journal index.
    var writerOfEntry: [Int?] = []

    /// Rows name their writer, and the pages exist, only when two or more writers have entries.
    var shown: Bool { writers.count >= 2 }

    /// The writer a row, a feed item or a search result names for entry `index`: none unless
    /// two or more write.
    func shownWriter(of index: Int) -> Item? {
        guard shown, index < writerOfEntry.count, let at = writerOfEntry[index] else { return nil }
        return writers[at]
    }

    init() {}

    init(_ journal: Journal) {
        let settings = journal.settings.writers
        guard settings.isOn else { return }
        var items = settings.writers.map { Item(key: $0.key, name: $0.name, portrait: $0.portrait) }
        let position = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.key, $0) })
        var of = [Int?](repeating: nil, count: journal.entries.count)
        for (index, entry) in journal.entries.enumerated() {
            guard let key = entry.writer, let at = position[key] else { continue }
            items[at].entries.append(index)
            items[at].words += entry.wordCount
            of[index] = at
        }
        let kept = items.indices.filter { !items[$0].entries.isEmpty }
        let renumbered = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($1, $0) })
        writers = kept.map { items[$0] }
        writerOfEntry = of.map { $0.flatMap { renumbered[$0] } }
    }

    static func of(_ journal: Journal) -> WriterIndex {
        journal.derived[derivedKey] as? WriterIndex ?? WriterIndex(journal)
    }

    /// What a page shows of a writer besides its entries.
    static func summary(_ item: Item) -> String {
        "\(item.key)\u{0}\(item.name)\u{0}\(item.portrait ?? "")\u{0}\(item.entries.count)\u{0}\(item.words)"
    }
}
