/// Builds the dictionaries the Mustache templates receive: the blocks every page shares (`site`,
/// rows of entries, month sections) here, each kind's own keys in its file, each feature's
/// through `Feature.context(for:)`. `docs/templates.md` lists every key; change both together.
struct PageContext {
    let view: JournalView
    let page: Page
    let linker: Linker
    /// Asset name -> site path of its content-hashed copy.
    let assets: [String: String]
    let features: [any Feature]
    /// How lists render their rows' `html`; nil where no list is made (a feed's entries).
    let rows: RowRendering?
    /// The page's whole context, once made: a journal's own row partial may show any of it.
    let whole: PageValues

    final class PageValues {
        var values: [String: Any] = [:]
    }

    var journal: Journal { view.journal }
    /// Every word of the page, in the journal's language.
    var words: Words { view.journal.words }
    private var settings: Settings { view.journal.settings }

    init(view: JournalView, page: Page, assets: [String: String], features: [any Feature], rows: RowRendering? = nil) {
        self.view = view
        self.page = page
        self.assets = assets
        self.features = features
        self.rows = rows
        whole = PageValues()
        linker = Self.linker(for: page, in: view.journal)
    }

    private init(view: JournalView, page: Page, linker: Linker, assets: [String: String], features: [any Feature],
                 rows: RowRendering?, whole: PageValues) {
        self.view = view
        self.page = page
        self.assets = assets
        self.features = features
        self.rows = rows
        self.whole = whole
        self.linker = linker
    }

    /// The same page, its address and links, over another journal's entries: one journal of
    /// several (`Features/Journals`).
    func over(_ view: JournalView) -> PageContext {
        PageContext(view: view, page: page, linker: linker, assets: assets, features: features, rows: rows, whole: whole)
    }

    /// How `page` links to the rest of the site.
    static func linker(for page: Page, in journal: Journal) -> Linker {
        let settings = journal.settings
        // A host serves the 404 page at any depth, so with a known base URL its links are absolute.
        // Without one the site is meant for opening from disk, where relative links work.
        return page.is(NotFoundPage.self) && settings.baseURL != nil
            ? Linker(absoluteRoot: settings.basePath, settings: settings)
            : Linker(pagePath: page.sitePath(in: journal), settings: settings)
    }

    /// The whole context. `siteBlock`: the `site` block for this page's depth, when the caller
    /// keeps them (it is the same on every page at one depth); else it is made here.
    func make(siteBlock: [String: Any]? = nil) -> [String: Any] {
        var context: [String: Any] = ["site": siteBlock ?? site(), "words": words.templateValues]
        let (title, values) = page.kind.context(page.index, self)
        context.merge(values) { $1 }
        // A host serves the 404 page at any depth. Without a base URL its links stay relative (for
        // the disk and the private viewer), and over HTTP a `<base href="/">` makes them start
        // at the host's root, where a site without base_url is published (layout.mustache).
        let fromRoot = page.is(NotFoundPage.self) && settings.baseURL == nil
        var pageInfo: [String: Any] = ["kind": page.template, "title": title ?? false, "canonical": false, "from_root": fromRoot]
        if let base = settings.baseURL { pageInfo["canonical"] = base + Slug.percentEncoded(page.sitePath(in: journal)) }
        context["page"] = pageInfo
        for feature in features { context.merge(feature.context(for: self)) { $1 } }
        return context
    }

    // MARK: Shared blocks

    /// The `site` block: the journal's name and language, links to the main pages and assets,
    /// counts, and what each feature adds.
    func site() -> [String: Any] {
        var site: [String: Any] = [
            "title": settings.title,
            "lang": settings.languageTag,
            "rtl": words.isRightToLeft,
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
        if let first = journal.months.last?.key.year, let last = journal.months.first?.key.year {
            site["years"] = first == last ? String(first) : "\(first)–\(last)"
        }
        for feature in features { site.merge(feature.siteBlock(linker)) { $1 } }
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
        row["rating"] = rating(entry.rating)
        row["place"] = false
        if let place = entry.place {
            // A place without a name (a geo: URI) is named by its coordinates: not shown twice.
            let coordinates: Any = place.name == nil ? false : place.coordinates.map { $0 as Any } ?? false
            var info: [String: Any] = ["name": place.label, "coordinates": coordinates, "lat": false, "lon": false]
            if let lat = place.latitude, let lon = place.longitude {
                info["lat"] = degreesSigned(lat)
                info["lon"] = degreesSigned(lon)
            }
            row["place"] = info
        }
        for feature in features { row.merge(feature.rowValues(for: index, self)) { $1 } }
        return row
    }

    /// A short row: title, date and weekday, for long lists.
    func compactRow(_ index: Int) -> [String: Any] {
        let entry = view.entries[index]
        return [
            "url": linker.href(entry.path), "title": entry.title, "has_title": entry.hasTitle,
            "date": entry.dateLong, "weekday": entry.weekday, "weekday_short": entry.weekdayShort,
            "day": entry.day, "datetime": entry.iso, "rating": rating(entry.rating),
        ]
    }

    /// The `rating` block of a row, false without a rating.
    private func rating(_ rating: Int?) -> Any {
        guard let rating else { return false }
        return ["value": rating, "stars": String(repeating: "★", count: rating),
                "unstars": String(repeating: "★", count: 5 - rating), "label": words.text("rated", ["n": String(rating)])] as [String: Any]
    }

    /// Entries grouped in month sections, newest first, in full rows or short (`compact`) ones;
    /// `indices` must be in journal order. Each row's `html` is the row rendered (`RowRendering`).
    func sections(_ indices: [Int], compact: Bool) -> [[String: Any]] {
        var groups: [(key: MonthKey, indices: [Int])] = []
        for index in indices {
            let key = journal.entries[index].date.monthKey
            if groups.last?.key == key { groups[groups.count - 1].indices.append(index) } else { groups.append((key, [index])) }
        }
        return groups.map { key, indices in
            var section = section(key, count: indices.count)
            section["entries"] = indices.map { listed($0, compact: compact, in: section) }
            return section
        }
    }

    /// Entry `index`'s row in a list, with its `html`. Its values are made when first asked for:
    /// the built-in lists show `html` alone, and most rows are kept from another page.
    private func listed(_ index: Int, compact: Bool, in section: [String: Any]) -> Any {
        guard let rows else { return compact ? compactRow(index) : row(index) }
        let (page, root, whole) = (page, linker.root, whole)
        return ListedRow({ compact ? self.compactRow(index) : self.row(index) }) { values in
            rows.row(index, compact: compact, values, on: page, root: root) { whole.values.merging(section) { $1 } }
        }
    }

    private func section(_ key: MonthKey, count: Int) -> [String: Any] {
        ["heading": view.monthHeadings[key] ?? key.path, "url": linker.href(key.path),
         "id": "m\(pad(key.year, 4))-\(pad(key.month, 2))", "count": count, "count_text": entriesText(count)]
    }

    /// A link block: `{title, url}`.
    func link(_ title: String, _ path: String) -> [String: Any] {
        ["title": title, "url": linker.href(path)]
    }

    /// "1 entry", "48 entries", in the journal's language.
    func entriesText(_ count: Int) -> String {
        words.count("entries_count", count)
    }

    private func degreesSigned(_ value: Double) -> String {
        (value < 0 ? "-" : "") + degrees(abs(value))
    }
}
