/// Builds the dictionaries the Mustache templates receive. `docs/templates.md` lists every key;
/// change both together.
struct PageContext {
    let view: JournalView
    let page: Page
    let linker: Linker
    /// Asset name -> site path of its content-hashed copy.
    let assets: [String: String]

    private var journal: Journal { view.journal }
    private var settings: Settings { view.journal.settings }

    /// The `site` block, when the caller made it already for this page's depth (`SiteBlocks`).
    let siteBlock: [String: Any]?

    init(view: JournalView, page: Page, assets: [String: String], siteBlocks: SiteBlocks? = nil) {
        self.view = view
        self.page = page
        self.assets = assets
        linker = Self.linker(for: page, in: view.journal)
        siteBlock = siteBlocks?.blocks[linker.root]
    }

    /// How `page` links to the rest of the site.
    static func linker(for page: Page, in journal: Journal) -> Linker {
        let settings = journal.settings
        // A host serves the 404 page at any depth, so with a known base URL its links are absolute.
        // Without one the site is meant for opening from disk, where relative links work.
        return page == .notFound && settings.baseURL != nil
            ? Linker(absoluteRoot: settings.basePath, settings: settings)
            : Linker(pagePath: page.sitePath(in: journal), settings: settings)
    }

    /// A context for a page at the depth of `linker`, to make its `site` block once for every
    /// page at that depth.
    private init(view: JournalView, linker: Linker, assets: [String: String]) {
        self.view = view
        page = .home
        self.linker = linker
        self.assets = assets
        siteBlock = nil
    }

    /// The `site` block of every page depth a journal has, made once: it is the same on every
    /// page at one depth, and making it for each of 10,000 pages cost 3% of a build.
    struct SiteBlocks: @unchecked Sendable {
        // Only strings, numbers, booleans and dictionaries of them, never changed once made.
        let blocks: [String: [String: Any]]

        init(view: JournalView, pages: some Sequence<Page>, assets: [String: String]) {
            var blocks: [String: [String: Any]] = [:]
            for page in pages {
                let linker = PageContext.linker(for: page, in: view.journal)
                if blocks[linker.root] == nil {
                    blocks[linker.root] = PageContext(view: view, linker: linker, assets: assets).site()
                }
            }
            self.blocks = blocks
        }
    }

    func make() -> [String: Any] {
        var context: [String: Any] = ["site": siteBlock ?? site()]
        var pageInfo: [String: Any] = ["kind": page.template, "title": false, "canonical": false]
        if let base = settings.baseURL { pageInfo["canonical"] = base + Slug.percentEncoded(page.sitePath(in: journal)) }
        switch page {
        case .home:
            context.merge(home()) { $1 }
        case .archives:
            pageInfo["title"] = "Archives"
            context["years"] = journal.years.map(yearSummary)
        case .year(let year):
            pageInfo["title"] = String(year)
            context.merge(yearPage(year)) { $1 }
        case .month(let index):
            let key = journal.months[index].key
            pageInfo["title"] = view.monthHeadings[key]
            context.merge(monthPage(index)) { $1 }
        case .entry(let index):
            pageInfo["title"] = view.entries[index].title
            context.merge(entryPage(index)) { $1 }
        case .tags:
            pageInfo["title"] = "Tags"
            context["tags"] = journal.tags.map { ["name": $0.name, "url": linker.href($0.path), "count": $0.entries.count] }
            context["count"] = journal.tags.count
            context["count_text"] = journal.tags.count == 1 ? "1 tag" : "\(journal.tags.count) tags"
        case .tag(let index):
            let tag = journal.tags[index]
            pageInfo["title"] = "#\(tag.name)"
            context["tag"] = ["name": tag.name, "count": tag.entries.count, "count_text": entriesText(tag.entries.count)] as [String: Any]
            context["sections"] = sections(tag.entries, rows: compactRow)
        case .notFound:
            pageInfo["title"] = "Page not found"
        }
        context["page"] = pageInfo
        context["quote"] = quoteBlock()
        return context
    }

    // MARK: Shared blocks

    private func site() -> [String: Any] {
        var site: [String: Any] = [
            "title": settings.title,
            "lang": settings.languageTag,
            "home": linker.href(""),
            "archives": linker.href("archives/"),
            "tags": linker.href("tags/"),
            "stylesheet": linker.href(assets["style.css"] ?? "style.css"),
            // `site.assets.search_js` links to the hashed copy of Templates/search.js.
            "assets": Dictionary(uniqueKeysWithValues: assets.map {
                ($0.key.replacingOccurrences(of: ".", with: "_").replacingOccurrences(of: "-", with: "_"), linker.href($0.value))
            }),
            "root": linker.root,
            "entry_count": journal.entries.count,
            "entry_count_text": entriesText(journal.entries.count),
        ]
        // Optional keys are always present (false when unset): Mustache would otherwise search the
        // enclosing contexts for them, which is slow and can find an unrelated value.
        site["author"] = settings.author ?? false
        site["description"] = settings.description ?? false
        site["base_url"] = settings.baseURL ?? false
        site["years"] = false
        // The index folder from this page, for search.js: `<script ... data-index="{{site.search.index}}">`.
        site["search"] = false
        if let index = view.searchIndex { site["search"] = ["index": linker.root + index] }
        if let first = journal.months.last?.key.year, let last = journal.months.first?.key.year {
            site["years"] = first == last ? String(first) : "\(first)–\(last)"
        }
        return site
    }

    /// A full row: title, date, weekday, rating, place, tags and excerpt.
    func row(_ index: Int) -> [String: Any] {
        let entry = view.entries[index]
        var row: [String: Any] = [
            "url": linker.href(entry.path),
            "title": entry.title,
            "has_title": entry.hasTitle,
            "date": entry.dateLong,
            "date_full": entry.dateFull,
            "date_short": entry.dateShort,
            "weekday": entry.weekday,
            "weekday_short": entry.weekdayShort,
            "day": entry.day,
            "datetime": entry.iso,
            "excerpt": entry.excerpt,
            "tags": entry.tags.map { ["name": $0.name, "url": linker.href($0.path)] },
            "has_tags": !entry.tags.isEmpty,
            "extra": entry.extra.mapValues(\.templateValue),
        ]
        row["time"] = entry.time ?? false
        row["rating"] = false
        row["place"] = false
        if let rating = entry.rating {
            row["rating"] = [
                "value": rating,
                "stars": String(repeating: "★", count: rating),
                "unstars": String(repeating: "★", count: 5 - rating),
                "label": "\(rating) of 5",
            ] as [String: Any]
        }
        if let place = entry.place {
            var info: [String: Any] = ["name": place.label, "coordinates": place.coordinates ?? false, "lat": false, "lon": false]
            if let lat = place.latitude, let lon = place.longitude {
                info["lat"] = degreesSigned(lat)
                info["lon"] = degreesSigned(lon)
            }
            row["place"] = info
        }
        return row
    }

    /// A short row: title, date and weekday, for long lists.
    func compactRow(_ index: Int) -> [String: Any] {
        let entry = view.entries[index]
        var row: [String: Any] = [
            "url": linker.href(entry.path), "title": entry.title, "has_title": entry.hasTitle,
            "date": entry.dateLong, "weekday": entry.weekday, "weekday_short": entry.weekdayShort,
            "day": entry.day, "datetime": entry.iso, "rating": false,
        ]
        if let rating = entry.rating {
            row["rating"] = ["value": rating, "stars": String(repeating: "★", count: rating),
                             "unstars": String(repeating: "★", count: 5 - rating), "label": "\(rating) of 5"] as [String: Any]
        }
        return row
    }

    /// Entries grouped in month sections, newest first; `indices` must be in journal order.
    func sections(_ indices: [Int], rows: (Int) -> [String: Any]) -> [[String: Any]] {
        var sections: [[String: Any]] = []
        var current: MonthKey?
        var items: [[String: Any]] = []
        func close() {
            guard let key = current else { return }
            sections.append(section(key, items))
        }
        for index in indices {
            let key = journal.entries[index].date.monthKey
            if key != current {
                close()
                current = key
                items = []
            }
            items.append(rows(index))
        }
        close()
        return sections
    }

    private func section(_ key: MonthKey, _ entries: [[String: Any]]) -> [String: Any] {
        ["heading": view.monthHeadings[key] ?? key.path, "url": linker.href(key.path),
         "id": "m\(pad(key.year, 4))-\(pad(key.month, 2))", "entries": entries, "count": entries.count,
         "count_text": entriesText(entries.count)]
    }

    func entriesText(_ count: Int) -> String {
        count == 1 ? "1 entry" : "\(count) entries"
    }

    private func degreesSigned(_ value: Double) -> String {
        (value < 0 ? "-" : "") + degrees(abs(value))
    }
}
