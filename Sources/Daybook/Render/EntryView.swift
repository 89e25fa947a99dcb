/// What the templates show of one entry, computed once per build and shared by every page
/// that lists the entry. Plain strings only, so page rendering can run on any thread.
struct EntryView: Sendable {
    var path: String
    var title: String
    var hasTitle: Bool
    var dateLong: String
    var dateFull: String
    var dateShort: String
    var weekday: String
    var weekdayShort: String
    var day: Int
    var time: String?
    var iso: String
    var rating: Int?
    var place: Place?
    var tags: [(name: String, path: String)]
    var excerpt: String
    var html: String
    var extra: [String: FrontMatterValue]

    /// Stands for an entry no page of this build shows.
    static let unused = EntryView(path: "", title: "", hasTitle: false, dateLong: "", dateFull: "", dateShort: "", weekday: "",
                                  weekdayShort: "", day: 0, time: nil, iso: "", rating: nil, place: nil, tags: [],
                                  excerpt: "", html: "", extra: [:])
}

/// The journal as the templates see it: entry views, month headings and month names.
struct JournalView: Sendable {
    var journal: Journal
    var entries: [EntryView]
    var monthHeadings: [MonthKey: String]
    /// Stand-alone month names, January first.
    var monthNames: [String]
    var monthAbbreviations: [String]
    /// Bodies read back from the body store, by journal index, for entries whose parse came from
    /// the cache without one: kept beside the journal, since filling them into its entries would
    /// copy all of them.
    private var bodies: [Int: Body]

    struct Body: Sendable {
        var html: String
        var text: String
    }

    /// The rendered body of entry `index`.
    func html(_ index: Int) -> String { bodies[index]?.html ?? journal.entries[index].html }

    /// The plain text of entry `index`.
    func plainText(_ index: Int) -> String { bodies[index]?.text ?? journal.entries[index].plainText }

    /// Entry `index` with its body.
    func entry(_ index: Int) -> Entry {
        var entry = journal.entries[index]
        if let body = bodies[index] {
            entry.html = body.html
            entry.plainText = body.text
        }
        return entry
    }

    /// - Parameter needed: the entries pages will show; nil for all. Formatting dates in the
    ///   journal's locale is the costly part, so an incremental build prepares only what it renders.
    ///   `bodies`: the bodies of entries whose own are empty (see `bodies`).
    init(journal: Journal, bodies: [Int: Body] = [:], needed: Set<Int>? = nil) {
        self.bodies = bodies
        let dates = LocalizedDates(locale: journal.settings.locale)
        var tagPaths: [String: String] = [:]
        for index in needed.map(Array.init) ?? Array(journal.entries.indices) {
            for name in journal.entries[index].tags where tagPaths[name] == nil {
                tagPaths[name] = "tags/\(JournalAssembler.tagSlug(name))/"
            }
        }
        self.journal = journal
        entries = journal.entries.indices.map { index in
            if let needed, !needed.contains(index) { return EntryView.unused }
            let entry = journal.entries[index]
            let day = dates.day(entry.date.localDay)
            return EntryView(
                path: journal.paths[index], title: entry.title ?? day.full, hasTitle: entry.title != nil,
                dateLong: day.long, dateFull: day.full, dateShort: day.short,
                weekday: day.weekday, weekdayShort: day.weekdayShort, day: entry.date.day,
                time: entry.date.clockTime, iso: entry.date.iso8601, rating: entry.rating, place: entry.place,
                tags: entry.tags.map { ($0, tagPaths[$0] ?? "tags/") },
                excerpt: entry.excerpt, html: bodies[index]?.html ?? entry.html,
                extra: entry.extra)
        }
        // The months of the entries shown, and their neighbours (a month page links both ways).
        var headings: [MonthKey: String] = [:]
        let months = journal.months
        for index in months.indices {
            let wanted = needed.map { needed in
                months[max(0, index - 1)...min(months.count - 1, index + 1)].contains { $0.entries.contains(where: needed.contains) }
            } ?? true
            if wanted { headings[months[index].key] = dates.monthYear(months[index].key) }
        }
        monthHeadings = headings
        monthNames = (1...12).map(dates.monthName)
        monthAbbreviations = (1...12).map(dates.monthAbbreviation)
    }
}
