/// The published journal: entries in journal order with their addresses, months and tags.
/// Built once by `JournalAssembler`; everything after it derives from this value.
public struct Journal: Sendable {
    public struct Month: Sendable, Hashable {
        public var key: MonthKey
        /// Indices into `entries`, newest first.
        public var entries: [Int]
    }

    public struct Tag: Sendable, Hashable {
        public var name: String
        public var slug: String
        /// Indices into `entries`, newest first.
        public var entries: [Int]
        public var path: String { "tags/\(slug)/" }
    }

    public var settings: Settings
    /// Published entries, newest first.
    public var entries: [Entry]
    /// Site path of each entry's page, `2024/05/01/ferry-to-the-island/`.
    public var paths: [String]
    /// Months that have entries, newest first.
    public var months: [Month]
    /// Tags by name.
    public var tags: [Tag]
    /// Number of drafts left out of the site.
    public var draftsLeftOut: Int
    /// Every word pages show, in the journal's language; set in the load stage.
    public var words: Words = .english
    /// What features work out in `Feature.assemble` for their page kinds, whose functions see
    /// only the journal, by a name of the feature's choosing; empty until then.
    var derived: [String: any Sendable] = [:]
    /// `derived[coversKey]`: each entry's cover thumbnail (site path) by journal index, set by the
    /// feature that has photos and shown by any that lists entries (search results).
    static let coversKey = "covers"

    /// Years that have entries, newest first.
    public var years: [Int] {
        var seen: [Int] = []
        for month in months where seen.last != month.key.year { seen.append(month.key.year) }
        return seen
    }
}
