/// The journals `daybook.yml` names (`journals:`) and the one entries go to when they name none
/// (`default_journal:`). Without `journals:` the site is one journal, as before.
public struct JournalSettings: Sendable, Hashable {
    public struct Info: Sendable, Hashable {
        /// The name entries give (`journal: travel`), its folder and its address (`travel/`).
        public var name: String
        public var title: String
        public var description: String?
        /// Reader labels for the journal's private entries that name no `readers:` of their own.
        public var readers: [String]?
        /// `author:`: the writer of the journal's entries that name none (`Features/Writers`).
        public var author: String?
        /// Where `author:` is, for its error.
        var authorLine = 1
        var authorColumn = 1
    }

    /// In the order `daybook.yml` gives them.
    public var list: [Info] = []
    /// `default_journal:`; nil: the first journal named.
    public var defaultName: String?
    /// Where `default_journal:` is, for its error.
    var defaultLine = 1
    var defaultColumn = 1

    public init() {}

    /// Whether the settings name journals at all.
    public var isEnabled: Bool { !list.isEmpty }
    public var names: [String] { list.map(\.name) }
    /// The journal of an entry that names none.
    public var defaultJournal: String { defaultName ?? list.first?.name ?? "" }

    public func info(_ name: String) -> Info? { list.first { $0.name == name } }
}
