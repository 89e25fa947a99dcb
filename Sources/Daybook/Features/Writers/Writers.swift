/// Several writers in one journal: `author:` names an entry's writer among `writers:` in
/// `daybook.yml`. With two or more writers of published entries, rows and entry pages name the
/// writer, `writers/` lists them and `writers/<key>/` has each one's entries; the stats page
/// counts by writer and search reads `by:`. With fewer, the site is as without writers.
struct Writers: Feature {
    /// Worked out in `assemble`; empty before.
    var index = WriterIndex()
    /// The portraits' published copies, by writer key.
    var portraits: [String: Portrait] = [:]

    static let pageKinds: [any PageKind.Type] = [WritersPage.self, WriterPage.self]

    /// Portraits are read once: every edition publishes the same copies.
    static var loadsPerEdition: Bool { false }

    static func load(_ input: FeatureInput) async -> (feature: Writers, problems: [Diagnostic]) {
        guard input.settings.writers.isOn else { return (Writers(), []) }
        let (portraits, problems) = Portrait.load(input.settings, journal: input.options.journal, readsCache: input.readsCache)
        return (Writers(portraits: portraits), problems)
    }

    /// The writer of `entry`: its `author:` when that names a writer, else `fallback` when that
    /// does; nil without writers in the settings. The one place an entry's writer is decided.
    static func writer(of entry: Entry, default fallback: String?, settings: WriterSettings) -> String? {
        guard settings.isOn else { return nil }
        if case .text(let raw)? = entry.extra["author"] {
            let key = raw.trimmingCharacters(in: .whitespaces)
            return settings.writer(key) == nil ? nil : key
        }
        return fallback.flatMap { settings.writer($0) == nil ? nil : $0 }
    }

    mutating func assemble(_ journal: inout Journal) {
        index = WriterIndex(journal)
        journal.derived[WriterIndex.derivedKey] = index
    }

    /// Every row names its writer, and every page links to the writers, once two write: who
    /// writes, by what name, with what portrait is on every page.
    var siteKey: String {
        index.shown ? index.writers.map { "\($0.key)\u{0}\($0.name)\u{0}\(portraits[$0.key]?.key ?? "")" }.joined(separator: "\u{1}") : ""
    }

    /// The stats page counts by writer.
    func key(for page: Page) -> String {
        guard index.shown, page.is(StatsPage.self) else { return "" }
        return index.writers.map(WriterIndex.summary).joined(separator: "\u{1}")
    }

    /// `site.writers`: the writers page's address, false without one.
    func siteBlock(_ linker: Linker) -> [String: Any] {
        ["writers": index.shown ? linker.href("writers/") : false]
    }

    /// `writer` on every full row (and so on the entry page): `{name, url, portrait}`, false
    /// when rows do not name writers.
    func rowValues(for entry: Int, _ page: PageContext) -> [String: Any] {
        guard let writer = index.shownWriter(of: entry) else { return ["writer": false] }
        return ["writer": block(writer, page.linker)]
    }

    /// A writer as the templates see it.
    func block(_ item: WriterIndex.Item, _ linker: Linker) -> [String: Any] {
        ["key": item.key, "name": item.name, "url": linker.href(item.path),
         "portrait": portraits[item.key].map { $0.block(linker) } ?? false]
    }

    /// The portraits of the writers the site shows: a writer of private entries alone has none
    /// on the public site.
    var dataKey: String { index.shown ? index.writers.compactMap { portraits[$0.key]?.key }.joined(separator: ",") : "" }

    mutating func makeData(_ view: JournalView, _ making: DataMaking) async throws -> DataFiles {
        guard index.shown else { return DataFiles() }
        let files = index.writers.compactMap { portraits[$0.key] }.flatMap(\.files)
        return DataFiles(files: files, paths: files.map(\.path))
    }

    /// `writer_stats` on the stats page: entries and words by writer.
    func context(for page: PageContext) -> [String: Any] {
        guard page.page.is(StatsPage.self) else { return [:] }
        guard index.shown else { return ["writer_stats": false] }
        return ["writer_stats": ["writers": index.writers.map { item -> [String: Any] in
            ["name": item.name, "url": page.linker.href(item.path), "entries": grouped(item.entries.count), "words": grouped(item.words)]
        }] as [String: Any]]
    }
}
