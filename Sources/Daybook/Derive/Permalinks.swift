/// Gives every entry a stable, readable address, `2024/05/01/ferry-to-the-island/`.
enum Permalinks {
    /// Used when a title has no letters or digits (or there is no title).
    static let untitledSlug = "entry"

    /// Paths for `entries` (any order), index for index. Automatic slugs that collide get `-2`, `-3`
    /// in the order the entries were written that day; a `slug:` two files both ask for is an error.
    static func assign(_ entries: [Entry]) -> ([String], [Diagnostic]) {
        var paths = [String](repeating: "", count: entries.count)
        var diagnostics: [Diagnostic] = []
        var byDay: [LocalDay: [Int]] = [:]
        byDay.reserveCapacity(entries.count)
        for index in entries.indices { byDay[entries[index].date.localDay, default: []].append(index) }

        for (day, indices) in byDay {
            let dayPath = "\(day.year.leftPadded4)/\(pad(day.month, 2))/\(pad(day.day, 2))/"
            // Earliest first, so the first entry written keeps the plain slug.
            let ordered = indices.count == 1 ? indices : indices.sorted { Entry.journalOrder(entries[$1], entries[$0]) }
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
        return (paths, diagnostics)
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}

extension Int {
    var leftPadded4: String { pad(self, 4) }
}
