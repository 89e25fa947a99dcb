import Foundation

/// Where a Hugo, Jekyll or Zola site published each entry, worked out from its permalink
/// settings, the entry's file and its front-matter, so a redirect page can answer there.
struct OldAddresses: Sendable, Hashable, CustomStringConvertible {
    var tool: ForeignSite.Tool
    /// Hugo's `[permalinks]`: a template per section (`posts = "/:year/:month/:slug/"`).
    var rules: [String: String] = [:]
    /// Jekyll's `permalink`, as a template.
    var jekyll = "/:categories/:year/:month/:day/:title:output_ext"

    /// In a stable order: the settings' description is part of every page's key and of the
    /// search index's stamp, which a dictionary's own order would change from run to run.
    var description: String {
        "\(tool.rawValue) " + rules.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") + " \(jekyll)"
    }

    /// Jekyll's named styles as templates; anything else is a template already.
    static func jekyllStyle(_ name: String) -> String {
        switch name {
        case "date": "/:categories/:year/:month/:day/:title:output_ext"
        case "pretty": "/:categories/:year/:month/:day/:title/"
        case "ordinal": "/:categories/:year/:y_day/:title:output_ext"
        case "none": "/:categories/:title:output_ext"
        default: name
        }
    }

    /// The entry's address on the old site, `/posts/lake-district/`; nil when it had none.
    func address(of entry: Entry) -> String? {
        let parts = entry.sourcePath.split(separator: "/").map(String.init)
        guard let file = parts.last else { return nil }
        let isBundle = file.lowercased().hasPrefix("index.")
        // The name of the page: a bundle's folder, or the file without its extension.
        let name = isBundle ? (parts.dropLast().last ?? "") : String(file.prefix { $0 != "." })
        switch tool {
        case .hugo:
            if let url = text(entry, "url") { return url }
            let inside = Array((parts.first == "content" ? parts.dropFirst() : parts[...]).dropLast(isBundle ? 2 : 1))
            let section = inside.first ?? ""
            guard let rule = rules[section] else { return "/" + (inside + [Slug.make(name)]).joined(separator: "/") + "/" }
            let slug = entry.explicitSlug ?? entry.title.map(Slug.make) ?? Slug.make(name)
            return fill(rule, entry, ["slug": slug, "title": entry.title.map(Slug.make) ?? Slug.make(name), "filename": Slug.make(name),
                                      "contentbasename": Slug.make(name), "section": section, "sections": inside.joined(separator: "/")])
        case .jekyll:
            if let permalink = text(entry, "permalink") { return permalink }
            let title = Self.withoutDate(name)
            let categories = FrontMatterReader.words(entry.extra["categories"] ?? entry.extra["category"] ?? .list([]))
            return fill(jekyll, entry, ["title": title, "slug": entry.explicitSlug ?? Slug.make(title), "output_ext": ".html",
                                        "categories": categories.map(Slug.make).joined(separator: "/")])
        case .zola:
            if let path = text(entry, "path") { return "/" + path.trimmingCharacters(in: CharacterSet(charactersIn: "/")) + "/" }
            let inside = Array((parts.first == "content" ? parts.dropFirst() : parts[...]).dropLast(isBundle ? 2 : 1))
            let slug = entry.explicitSlug ?? Slug.make(Self.withoutDate(name))
            return "/" + (inside + [slug]).joined(separator: "/") + "/"
        }
    }

    /// `2024-05-01-ferry` -> `ferry` (Jekyll and Zola date a post in its file name).
    static func withoutDate(_ name: String) -> String {
        let characters = Array(name)
        guard characters.count > 11, characters[4] == "-", characters[7] == "-", characters[10] == "-" || characters[10] == "_",
              characters[0..<10].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) else { return name }
        return String(characters[11...])
    }

    static func dayOfYear(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return lengths.prefix(month - 1).reduce(0, +) + day
    }

    private func text(_ entry: Entry, _ key: String) -> String? {
        if case .text(let value) = entry.extra[key], !value.isEmpty { return value }
        return nil
    }

    /// Fills `:year`, `:month`, `:day` and the `values` into `template`; longest names first, so
    /// `:title` is not read as `:t` and the rest.
    private func fill(_ template: String, _ entry: Entry, _ values: [String: String]) -> String {
        let date = entry.date
        var all = values
        all["year"] = pad(date.year, 4)
        all["month"] = pad(date.month, 2)
        all["day"] = pad(date.day, 2)
        all["short_year"] = pad(date.year % 100, 2)
        all["i_month"] = "\(date.month)"
        all["i_day"] = "\(date.day)"
        all["y_day"] = pad(Self.dayOfYear(date.year, date.month, date.day), 3)
        var result = template
        for key in all.keys.sorted(by: { ($0.count, $0) > ($1.count, $1) }) {
            result = result.replacingOccurrences(of: ":" + key, with: all[key] ?? "")
        }
        while result.contains("//") { result = result.replacingOccurrences(of: "//", with: "/") }
        return result.hasPrefix("/") ? result : "/" + result
    }
}

extension OldAddresses {
    /// `old_addresses: publish`: each entry is published at its address on the old site instead
    /// of Daybook's `YYYY/MM/DD/slug/`, when that address is a folder (`/posts/ferry/`, not
    /// `ferry.html`), inside the site, and no other page's; otherwise it keeps Daybook's, and
    /// the old address gets a redirect page as always.
    static func published(_ paths: [String], _ entries: [Entry], settings: Settings) -> [String] {
        guard settings.publishAtOldAddresses, let old = settings.oldAddresses else { return paths }
        var result = paths
        var taken = Set(paths).union(["", "archives/", "tags/", "places/", "stats/", "on-this-day/", "search/", "photos/"])
        for entry in entries { taken.formUnion(["\(pad(entry.date.year, 4))/", "\(pad(entry.date.year, 4))/\(pad(entry.date.month, 2))/"]) }
        for index in entries.indices {
            guard let address = old.address(of: entries[index]), let path = Redirects.sitePath(address), path.hasSuffix("/"),
                  !taken.contains(path) else { continue }
            taken.insert(path)
            result[index] = path
        }
        return result
    }
}
