import Foundation

/// Orders loaded entries, leaves out drafts, and derives addresses, months and tags.
enum JournalAssembler {
    static func assemble(_ loaded: [Entry], settings: Settings) -> (Journal, [Diagnostic]) {
        // Sort indices, then gather once: entries are large values and a sort moves them many times.
        // Journal order (`Entry.journalOrder`) on dates taken out first, so a comparison does not
        // reach into the large entries for them.
        let dates = loaded.indices.map { loaded[$0].date }
        let today = dates.max()
        let parser = DateParser(timeZone: TimeZone(identifier: settings.timeZone) ?? .gmt)
        let order = loaded.indices.filter { settings.includeDrafts || !(loaded[$0].isDraft || scheduledOut(loaded[$0], today, parser)) }
            .sorted { Entry.journalOrder(dates[$0], loaded[$0].sourcePath, dates[$1], loaded[$1].sourcePath) }
        var published = order.map { loaded[$0] }
        // Its errors were reported when the entries were read (`Build.load`).
        _ = JournalNames.assign(&published, settings: settings)
        if settings.writers.isOn {
            for index in published.indices {
                // A journal's `author:` is the default of its entries, before `default_writer:`.
                let fallback = settings.journals.info(published[index].journal)?.author ?? settings.writers.defaultWriter
                published[index].writer = Writers.writer(of: published[index], default: fallback, settings: settings.writers)
            }
        }
        var (paths, diagnostics) = Permalinks.assign(published)
        paths = OldAddresses.published(paths, published, settings: settings)

        var months: [Journal.Month] = []
        for index in published.indices {
            let key = published[index].date.monthKey
            if months.last?.key == key {
                months[months.count - 1].entries.append(index)
            } else {
                months.append(Journal.Month(key: key, entries: [index]))
            }
        }

        var bySlug: [String: (names: [String: Int], entries: [Int])] = [:]
        var slugs: [String: String] = [:]
        for index in published.indices {
            for name in published[index].tags {
                let slug = slugs[name] ?? tagSlug(name)
                slugs[name] = slug
                // Changed in place: a copy taken out and put back copies the tag's whole list each time.
                bySlug[slug, default: ([:], [])].names[name, default: 0] += 1
                if bySlug[slug]!.entries.last != index { bySlug[slug]!.entries.append(index) }
            }
        }
        let tags = bySlug.map { slug, group in
            // Tags differing only in case or punctuation share a page, named by the most used spelling.
            let name = group.names.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.first!.key
            return Journal.Tag(name: name, slug: slug, entries: group.entries)
        }.sorted { ($0.name.lowercased(), $0.slug) < ($1.name.lowercased(), $1.slug) }

        let journal = Journal(settings: settings, entries: published, paths: paths, months: months,
                              tags: tags, draftsLeftOut: loaded.count - published.count)
        return (journal, diagnostics)
    }

    private static func scheduledOut(_ entry: Entry, _ today: LocalDateTime?, _ parser: DateParser) -> Bool {
        guard let today, entry.extra["publishDate"] != nil || entry.extra["expiryDate"] != nil else { return false }
        return Schedule.leftOut(entry, today: today, dates: parser)
    }

    /// A tag's URL segment; tags without letters or digits (emoji) get their code points.
    static func tagSlug(_ name: String) -> String {
        Slug.make(name).nonEmpty
            ?? name.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-")
    }
}
