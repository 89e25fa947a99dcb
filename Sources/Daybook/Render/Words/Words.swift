/// Every word Daybook puts on a page, in the journal's language: the shipped table of the
/// `locale`'s language (`Templates/i18n/`), the journal's own `i18n/<language>.yml` over it, and
/// English under both for a key neither gives. Made once per build, in the load stage.
public struct Words: Sendable {
    /// The table's language tag, `ko`, `zh-Hans`; `en` when none matched the locale.
    let language: String
    /// Whether pages read right to left (`dir="rtl"`).
    let isRightToLeft: Bool
    private let values: [String: WordTable.Value]
    /// The language and every word, for every page's key: a changed word rebuilds every page.
    let digest: [UInt8]

    init(language: String, values: [String: WordTable.Value]) {
        self.language = language
        self.values = values
        isRightToLeft = WordLanguages.rightToLeft.contains(WordLanguages.base(language))
        var parts = [Array(language.utf8)]
        for key in values.keys.sorted() {
            parts.append(Array(key.utf8))
            switch values[key]! {
            case .text(let text): parts.append(Array(text.utf8))
            case .counted(let forms):
                for category in PluralCategory.allCases { parts.append(Array((forms[category] ?? "\u{0}").utf8)) }
            }
        }
        digest = ContentHash.digest(parts: parts)
        var strings: [String: String] = [:]
        for (key, value) in values {
            switch value {
            case .text(let text): strings[key] = text
            case .counted(let forms): strings[key] = forms[.other] ?? key
            }
        }
        templateValues = strings
    }

    /// The English table alone.
    static let english = Words(language: "en", values: WordTables.shipped["en"]?.values ?? [:])

    /// The words of `key`; a count's `other` form. The key itself when no table has it (a
    /// template or feature asking for a key that is not in `en.yml`).
    func text(_ key: String) -> String {
        switch values[key] {
        case .text(let text)?: return text
        case .counted(let forms)?: return forms[.other] ?? key
        case nil: return key
        }
    }

    /// `text(key)` with each `{name}` replaced.
    func text(_ key: String, _ fill: [String: String]) -> String {
        Self.fill(text(key), fill)
    }

    /// The form of count `key` for `n` (its digits for `{n}`), other names filled from `fill`.
    func count(_ key: String, _ n: Int, _ fill: [String: String] = [:], digits: String? = nil) -> String {
        guard case .counted(let forms)? = values[key] else { return Self.fill(text(key), fill.merging(["n": digits ?? String(n)]) { $1 }) }
        let category = PluralRules.category(n, language: language)
        let form = forms[category] ?? forms[.other] ?? key
        return Self.fill(form, fill.merging(["n": digits ?? String(n)]) { $1 })
    }

    /// A count's forms, for a script that chooses with `Intl.PluralRules`: `{"one": …, "other": …}`.
    func forms(_ key: String) -> [String: String] {
        guard case .counted(let forms)? = values[key] else { return ["other": text(key)] }
        return Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) })
    }

    /// The `words` block of every page: each key's words (a count's `other` form). Made once,
    /// as every page carries it.
    let templateValues: [String: String]

    /// "A, B and C", with the table's separators.
    func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.joined() }
        return items.dropLast().joined(separator: text("list_separator")) + text("list_and") + items.last!
    }

    /// One pass over `text`, each `{name}` that `values` names replaced, others left as they
    /// are. A value is never read for names itself. Written as a scan of bytes since it runs for
    /// every day of every calendar: Foundation's search-and-replace took most of the archives'
    /// render time.
    static func fill(_ text: String, _ values: [String: String]) -> String {
        var utf8 = text.utf8[...]
        guard let open = utf8.firstIndex(of: UInt8(ascii: "{")) else { return text }
        var result = String(text[..<open])
        result.reserveCapacity(text.utf8.count + 32)
        utf8 = utf8[open...]
        while let open = utf8.firstIndex(of: UInt8(ascii: "{")) {
            result += String(Substring(utf8[..<open]))
            let rest = utf8[utf8.index(after: open)...]
            guard let close = rest.firstIndex(of: UInt8(ascii: "}")),
                  let value = values[String(Substring(rest[..<close]))] else {
                result += "{"
                utf8 = rest
                continue
            }
            result += value
            utf8 = rest[rest.index(after: close)...]
        }
        result += String(Substring(utf8))
        return result
    }
}
