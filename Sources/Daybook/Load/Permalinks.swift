/// Gives every entry a stable, readable address, `2024/05/01/ferry-to-the-island/`.
enum Permalinks {
    /// Used when a title has no letters or digits (or there is no title).
    static let untitledSlug = "entry"

    /// Paths for `entries` (any order), index for index. Automatic slugs that collide get `-2`, `-3`
    /// in the order the entries were written that day; a `slug:` two files both ask for is an error.
    static func assign(_ entries: [Entry]) -> ([String], [Diagnostic]) {
        var paths = [String](repeating: "", count: entries.count)
        var diagnostics: [Diagnostic] = []
        // Earliest written first, so each day's entries are side by side and the first entry
        // written keeps the plain slug. Entries come in journal order (newest first), so the
        // reversed indices are already in this order and the sort only checks them.
        let order = entries.indices.reversed().sorted { Entry.journalOrder(entries[$1], entries[$0]) }
        var start = 0
        while start < order.count {
            let day = entries[order[start]].date.localDay
            var end = start + 1
            while end < order.count && entries[order[end]].date.localDay == day { end += 1 }
            let dayPath = "\(pad(day.year, 4))/\(pad(day.month, 2))/\(pad(day.day, 2))/"
            let only = order[start]
            if end == start + 1 && entries[only].explicitSlug == nil {
                // Most days have one entry: nothing to clash with.
                paths[only] = dayPath + (entries[only].slug.nonEmpty ?? untitledSlug) + "/"
            } else {
                assign(day: order[start..<end], dayPath: dayPath, entries, into: &paths, diagnostics: &diagnostics)
            }
            start = end
        }
        return (paths, diagnostics)
    }

    /// The paths of one day's entries, earliest first: explicit slugs, then automatic ones.
    private static func assign(day ordered: ArraySlice<Int>, dayPath: String, _ entries: [Entry], into paths: inout [String],
                               diagnostics: inout [Diagnostic]) {
        var taken: [String: Int] = [:]
        for index in ordered {
            guard let explicit = entries[index].explicitSlug else { continue }
            let slug = entries[index].slug
            let entry = entries[index]
            let line = entry.keyLines["slug"] ?? 1
            if slug.isEmpty {
                diagnostics.append(.error("slug '\(explicit)' has no letters or digits", at: SourceLocation(file: entry.sourcePath, line: line)))
            } else if let other = taken[slug] {
                diagnostics.append(.error(
                    "URL /\(dayPath)\(slug)/ is already claimed by \(entries[other].sourcePath); give one of them another slug",
                    at: SourceLocation(file: entry.sourcePath, line: line)))
            } else {
                taken[slug] = index
                paths[index] = dayPath + slug + "/"
            }
        }
        for index in ordered where entries[index].explicitSlug == nil {
            let base = entries[index].slug.nonEmpty ?? untitledSlug
            var slug = base
            var counter = 2
            while taken[slug] != nil {
                slug = "\(base)-\(counter)"
                counter += 1
            }
            taken[slug] = index
            paths[index] = dayPath + slug + "/"
        }
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
