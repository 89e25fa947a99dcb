/// The small files of the search index: the meta file every query reads first, the days of all
/// entries, and one record per entry, read only when the entry is shown.
extension SearchIndex {
    /// Version, stamp, entry count, shard bounds, months and the locale's date words.
    static func writeMeta(_ view: JournalView, shards: SearchShards, recordsPerFile: Int, stamp: String, to json: inout JSONWriter) {
        json.object { object in
            object.field("version") { $0.int(formatVersion) }
            object.field("stamp") { $0.string(stamp) }
            object.field("entries") { $0.int(view.journal.entries.count) }
            object.field("records_per_file") { $0.int(recordsPerFile) }
            object.field("shards") { $0.stringArray(shards.bounds) }
            object.field("months") { $0.plainString(months(view.journal)) }
            object.field("locale") { SearchLocale(locale: view.journal.settings.locale).write(to: &$0) }
        }
    }

    /// The months with entries, oldest first, as `SearchCode` numbers: the oldest month as
    /// `year * 12 + month - 1`, then for each month the number of months since the one before it
    /// (0 for the first) and its number of entries. Entries are numbered in date order, so a
    /// month's entries are a run of numbers, and a month or year query needs no other file.
    static func months(_ journal: Journal) -> String {
        var values: [Int] = []
        var previous: Int?
        for month in journal.months.reversed() {
            let index = month.key.year * 12 + month.key.month - 1
            if previous == nil { values.append(index) }
            values.append(index - (previous ?? index))
            values.append(month.entries.count)
            previous = index
        }
        return SearchCode.encode(values)
    }

    /// Each entry's day of the month, one digit each, oldest first: for day and weekday queries.
    static func days(_ oldestFirst: [Int]) -> [UInt8] {
        var digits: [UInt8] = []
        for day in oldestFirst { SearchCode.append(day, to: &digits) }
        var json = JSONWriter()
        json.object { $0.field("days") { $0.plainString(String(decoding: digits, as: UTF8.self)) } }
        return json.bytes
    }

    /// What a result shows of entry `index`, and its text for the excerpt.
    static func record(_ view: JournalView, entry index: Int, to json: inout JSONWriter) {
        let entry = view.entries[index]
        let links = Linker(absoluteRoot: "", settings: view.journal.settings)
        json.object { object in
            object.field("url") { $0.string(links.href(entry.path)) }
            object.field("title") { $0.string(entry.title) }
            object.field("has_title") { $0.bool(entry.hasTitle) }
            object.field("date") { $0.string(entry.dateLong) }
            object.field("weekday") { $0.string(entry.weekday) }
            object.field("datetime") { $0.string(entry.iso) }
            if let place = entry.place { object.field("place") { $0.string(place.label) } }
            if let rating = entry.rating { object.field("rating") { $0.int(rating) } }
            if let cover = Self.cover(of: index, in: view.journal) { object.field("cover") { $0.string(cover) } }
            let (journal, writer) = Self.names(of: index, in: view.journal)
            if let journal { object.field("journal") { $0.string(journal) } }
            if let writer { object.field("writer") { $0.string(writer) } }
            object.field("tags") { $0.stringArray(entry.tags.map(\.name)) }
            object.field("text") { $0.string(view.plainText(index)) }
        }
    }

    /// The titles a result names as the entry's row does: its journal's, when the site shows two
    /// or more, and its writer's, when two or more write. Both depend on the other entries.
    static func names(of index: Int, in journal: Journal) -> (journal: String?, writer: String?) {
        let journals = ShownJournals.of(journal), writers = WriterIndex.of(journal)
        let journalTitle = journals.list.isEmpty ? nil : journals.shown(journal.entries[index].journal)?.info.title
        return (journalTitle, writers.shownWriter(of: index)?.name)
    }

    /// The site path of entry `index`'s cover thumbnail, when it has one (`Journal.coversKey`).
    static func cover(of index: Int, in journal: Journal) -> String? {
        (journal.derived[Journal.coversKey] as? [Int: String])?[index]
    }
}
