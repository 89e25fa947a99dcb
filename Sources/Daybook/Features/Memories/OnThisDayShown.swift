/// What "on this day" shows in a build: the default day (the newest entry's, so that a build
/// never depends on the day it runs), its groups, and the data files for the reader's own day.
struct OnThisDayShown: Sendable {
    var day: LocalDay
    var groups: [OnThisDay.Group]
    var words: OnThisDayWords
    var data: OnThisDayDataFiles
    /// The titles and links of the entries shown, for the key: they are not the pages' own entries.
    private var shownEntries: [String]

    /// Nil for a journal without entries. `positions`: the entries of one journal of several
    /// (journal order), whose data files go under `folder` (`travel/`); nil: every entry's.
    init?(journal: Journal, words: OnThisDayWords, positions: [Int]? = nil, folder: String = "") {
        // An empty `positions` is a journal without entries too, not the whole journal.
        let first = positions.map { $0.first } ?? journal.entries.indices.first
        guard let newest = first else { return nil }
        let days = OnThisDay.index(journal, positions: positions)
        day = journal.entries[newest].date.localDay
        groups = OnThisDay.groups(on: day, days: days, journal: journal)
        self.words = words
        data = OnThisDayDataFiles(journal, days: days, untitled: words.untitled, under: folder)
        shownEntries = groups.flatMap(\.entries).map { "\(journal.entries[$0].title ?? "")\u{0}\(journal.paths[$0])" }
    }

    /// Everything of the block a page shows, for incremental builds' page keys.
    var key: String {
        ([day.iso8601, data.folder, data.mask] + groups.map { "\($0.yearsAgo)/\($0.year)" } + shownEntries).joined(separator: "\u{0}")
    }

    /// The `on_this_day` block of `page`; `onPage` on the page of its own, which also says when
    /// the day has nothing.
    func block(_ page: PageContext, onPage: Bool) -> [String: Any] {
        let journal = page.journal
        let monthNames = page.view.monthNames
        let date = words.day(day.day, month: day.month, monthNames: monthNames)
        return [
            // The home page names the block; the page of its own has it as its title already.
            "heading": onPage ? date : "\(words.heading): \(date)",
            "day": day.iso8601,
            "groups": groups.map { group in
                [
                    "ago": words.ago(group.yearsAgo), "year": group.year,
                    "entries": group.entries.map { position in
                        ["title": journal.entries[position].title ?? words.untitled,
                         "url": page.linker.href(journal.paths[position]),
                         "datetime": journal.entries[position].date.localDay.iso8601]
                    },
                ] as [String: Any]
            },
            "has_entries": !groups.isEmpty,
            // Nothing shows on the home page when the day has nothing, not even a heading.
            "shows": onPage || !groups.isEmpty,
            "on_page": onPage,
            // The folder itself, never its index.html: the script adds each day's file name.
            "data": page.linker.root + data.folder,
            "mask": data.mask,
            "root": page.linker.root,
            "months": monthNames.joined(separator: "|"),
            "words": words.templateValues,
        ]
    }
}
