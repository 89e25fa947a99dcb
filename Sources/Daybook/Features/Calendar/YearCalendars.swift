import Yams

/// A calendar heatmap of each year: on the year's page (the `calendar` block) and, for the newest
/// year, on the archives (`calendars`). Each day is a cell shaded by its words or entries, linking to
/// the day's first entry. Drawn at build time as an HTML table; no script.
struct YearCalendars: Feature {
    /// nil when the `calendar` setting turns the calendars off.
    var shading: CalendarShading?
    /// The archives' per-day data, for its key; worked out once the journal is assembled.
    var archivesKey = ""
    /// The journal, for the year pages' keys.
    var journal: Journal?

    static let settingsKeys: Set<String> = ["calendar"]

    static func load(_ input: FeatureInput) async -> (feature: YearCalendars, problems: [Diagnostic]) {
        (YearCalendars(shading: CalendarShading(rawValue: input.settings.calendar)), [])
    }

    static func readSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText) -> [Diagnostic] {
        if YAML.flag(value) == false {
            settings.calendar = "off"
        } else if YAML.flag(value) == true {
            settings.calendar = CalendarShading.words.rawValue
        } else if let raw = value.scalar?.string, CalendarShading(rawValue: raw) != nil {
            settings.calendar = raw
        } else {
            return [source.error("calendar must be words, entries or false, got \(value.scalar?.string ?? "a list or mapping")",
                                 line: value.mark?.line ?? 1, column: value.mark?.column ?? 1)]
        }
        return []
    }

    /// The archives show every day of the newest year, which their own key (months' counts) does
    /// not cover: each written day, its counts and the address of its first entry join it here.
    mutating func assemble(_ journal: inout Journal) {
        archivesKey = Self.archivesKey(journal)
        self.journal = journal
    }

    /// The days the archives' calendar of `journal` shows, for the key of its archives (a
    /// journal's own archives, `JournalScoped<ArchivesPage>`, take it for that journal alone).
    static func archivesKey(_ journal: Journal) -> String {
        guard let newest = journal.years.first else { return "" }
        return daysKey(journal, year: newest)
    }

    /// Each written day of `year` as a calendar shows it: its counts and the address of its first entry.
    static func daysKey(_ journal: Journal, year: Int) -> String {
        guard CalendarShading(rawValue: journal.settings.calendar) != nil else { return "" }
        let days = DayTally.tally(journal, DayTally.entries(of: year, in: journal))
        return days.sorted { $0.key < $1.key }.map { day, tally in
            "\(day.iso8601) \(tally.entries) \(tally.words) \(journal.paths[tally.first])"
        }.joined(separator: "\n")
    }

    /// A year page keys its entries by their short rows (`PageKind.showsCompactRows`), which hold
    /// no count of words: its calendar's days join its key here.
    func key(for page: Page) -> String {
        if page.is(ArchivesPage.self) { return archivesKey }
        guard page.is(YearPage.self), let journal, journal.years.indices.contains(page.index) else { return "" }
        return Self.daysKey(journal, year: journal.years[page.index])
    }

    func context(for page: PageContext) -> [String: Any] {
        if page.page.is(YearPage.self) {
            guard let shading else { return ["calendar": false] }
            let journal = page.journal
            let year = journal.years[page.page.index]
            let dates = LocalizedDates(locale: journal.settings.locale)
            return ["calendar": block(year, shading, journal, dates, page.linker, legend: true)]
        }
        let scoped = page.page.is(JournalScoped<ArchivesPage>.self)
        if page.page.is(ArchivesPage.self) || scoped {
            guard let shading else { return ["calendars": false] }
            // A journal's archives show its own days (its pages are made only while it is shown).
            let journal = scoped ? JournalScoped<ArchivesPage>.shown(page.page.index, in: page.journal).journal : page.journal
            let dates = LocalizedDates(locale: journal.settings.locale)
            // The newest year only: one calendar per year made the archives of a journal of decades
            // megabytes; each year's page has its own, a click away in the month grids below.
            return ["calendars": ["items": journal.years.prefix(1).map { block($0, shading, journal, dates, page.linker, legend: true) }]]
        }
        return [:]
    }

    private func block(_ year: Int, _ shading: CalendarShading, _ journal: Journal, _ dates: LocalizedDates,
                       _ linker: Linker, legend: Bool) -> [String: Any] {
        let grid = CalendarGrid(year: year, firstWeekday: CalendarGrid.firstWeekday(locale: journal.settings.locale))
        let days = DayTally.tally(journal, DayTally.entries(of: year, in: journal))
        var made = CalendarBlock(grid: grid, days: days, shading: shading).make(journal, dates: dates, href: linker.href)
        made["legend"] = legend
        return made
    }
}
