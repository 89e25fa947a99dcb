/// CLDR's plural categories.
enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other
}

/// CLDR's cardinal plural rules for whole numbers, written out by hand for the languages Daybook
/// ships (Foundation on Linux gives no public way to ask ICU for a category). Counts on a page
/// are always whole numbers, so the rules' fraction operands (v, f, t) are zero here.
enum PluralRules {
    /// The category of `n` in `language` (`en`, `zh-Hans`, `ar`): the rules of its first subtag.
    static func category(_ n: Int, language: String) -> PluralCategory {
        let n = abs(n)
        switch base(language) {
        case "ko", "ja", "zh", "vi", "th", "id", "ms":
            return .other
        case "fr", "pt":
            // i = 0,1 is "one"; whole millions are "many" ("1 000 000 d'entrées").
            if n == 0 || n == 1 { return .one }
            return n % 1_000_000 == 0 ? .many : .other
        case "es", "it", "ca":
            if n == 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        case "ar":
            if n == 0 { return .zero }
            if n == 1 { return .one }
            if n == 2 { return .two }
            let hundreds = n % 100
            if (3...10).contains(hundreds) { return .few }
            if (11...99).contains(hundreds) { return .many }
            return .other
        case "he":
            if n == 1 { return .one }
            return n == 2 ? .two : .other
        default:
            // English, German, Dutch, the Scandinavian languages and every language not known
            // here: "one" for 1 alone.
            return n == 1 ? .one : .other
        }
    }

    /// The categories a table for `language` must give a count.
    static func categories(language: String) -> [PluralCategory] {
        switch base(language) {
        case "ko", "ja", "zh", "vi", "th", "id", "ms": return [.other]
        case "fr", "pt", "es", "it", "ca": return [.one, .many, .other]
        case "ar": return PluralCategory.allCases
        case "he": return [.one, .two, .other]
        default: return [.one, .other]
        }
    }

    private static func base(_ language: String) -> String {
        String(language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "")
    }
}
