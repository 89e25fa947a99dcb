import Foundation

/// Reads the keys of a Hugo, Jekyll or Zola settings file that map to Daybook's settings.
struct ForeignSiteReader {
    var site: ForeignSite

    /// The top-level keys each tool names its title, address, language, zone and permalinks by.
    private static let names: [ForeignSite.Tool: [String]] = [
        .hugo: ["title", "baseURL", "baseurl", "languageCode", "defaultContentLanguage", "timeZone", "timezone", "permalinks"],
        .jekyll: ["title", "url", "baseurl", "lang", "locale", "timezone", "permalink"],
        .zola: ["title", "base_url", "default_language"],
    ]

    init(tool: ForeignSite.Tool, file: String, keys: [String: FrontMatterNode]) {
        site = ForeignSite(tool: tool, file: file, addresses: OldAddresses(tool: tool))
        func text(_ key: String) -> String? {
            guard let value = keys[key]?.scalar?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            site.keysRead.append(key)
            return value
        }
        switch tool {
        case .hugo:
            site.title = text("title")
            site.baseURL = Self.address(text("baseURL") ?? text("baseurl"))
            site.locale = Self.locale(text("languageCode") ?? text("defaultContentLanguage"))
            site.timeZone = (text("timeZone") ?? text("timezone")).flatMap { TimeZone(identifier: $0) == nil ? nil : $0 }
            site.addresses.rules = Self.hugoPermalinks(keys["permalinks"])
            if !site.addresses.rules.isEmpty { site.keysRead.append("permalinks") }
        case .jekyll:
            site.title = text("title")
            let url = text("url"), path = text("baseurl")
            site.baseURL = Self.address(url.map { $0 + (path.map { "/" + $0.trimmingCharacters(in: CharacterSet(charactersIn: "/")) } ?? "") })
            site.locale = Self.locale(text("lang") ?? text("locale"))
            site.timeZone = text("timezone").flatMap { TimeZone(identifier: $0) == nil ? nil : $0 }
            site.addresses.jekyll = OldAddresses.jekyllStyle(text("permalink") ?? "date")
        case .zola:
            site.title = text("title")
            site.baseURL = Self.address(text("base_url"))
            site.locale = Self.locale(text("default_language"))
        }
        let known = Set(Self.names[tool] ?? [])
        site.keysIgnored = keys.keys.filter { !known.contains($0) && !$0.isEmpty }.sorted()
    }

    /// An absolute `http(s)` address with a host, ending in `/`; nil for anything else.
    static func address(_ text: String?) -> String? {
        guard let text, let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else { return nil }
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// `en-us` -> `en_US`, `ko` stays `ko`: a language code as an ICU locale; nil for one ICU
    /// does not know.
    static func locale(_ code: String?) -> String? {
        guard let code else { return nil }
        let parts = code.replacingOccurrences(of: "-", with: "_").split(separator: "_")
        guard let language = parts.first?.lowercased(), !language.isEmpty else { return nil }
        let candidate = parts.count > 1 ? "\(language)_\(parts[1].uppercased())" : language
        return Locale.availableIdentifiers.contains(candidate) ? candidate : nil
    }

    /// `[permalinks] posts = "/:year/:month/:slug/"`, or Hugo 0.120's `[permalinks.page]`.
    static func hugoPermalinks(_ node: FrontMatterNode?) -> [String: String] {
        var rules: [String: String] = [:]
        for (key, value) in node?.mapping ?? [] {
            guard let section = key.scalar else { continue }
            if let template = value.scalar {
                rules[section] = template
            } else if section == "page" {
                for (inner, template) in value.mapping ?? [] { if let name = inner.scalar, let text = template.scalar { rules[name] = text } }
            }
        }
        return rules
    }
}
