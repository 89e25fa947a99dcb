/// Which table a locale reads, and which languages are written right to left.
enum WordLanguages {
    static let rightToLeft: Set<String> = ["ar", "he", "fa", "ur", "yi", "ps", "dv", "ckb", "sd", "ug"]

    /// The language tags to look for, most precise first: `zh_Hant_TW` -> `zh-Hant-TW`,
    /// `zh-Hant`, `zh-TW`, `zh`; Chinese without a script takes one from its region (`zh_CN` ->
    /// `zh-Hans`, `zh_TW` -> `zh-Hant`), as the shipped table is `zh-Hans`.
    static func candidates(locale: String) -> [String] {
        let tag = locale.split(separator: "@").first.map(String.init) ?? locale
        let parts = tag.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
        guard let language = parts.first?.lowercased(), !language.isEmpty else { return ["en"] }
        var script = parts.dropFirst().first { $0.count == 4 }.map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
        let region = parts.dropFirst().first { $0.count == 2 || $0.count == 3 && $0.allSatisfy(\.isNumber) }?.uppercased()
        if language == "zh", script == nil {
            script = ["TW", "HK", "MO"].contains(region ?? "") ? "Hant" : "Hans"
        }
        var candidates: [String] = []
        func add(_ parts: String?...) {
            let tag = parts.compactMap { $0 }.joined(separator: "-")
            if !candidates.contains(tag) { candidates.append(tag) }
        }
        if let script { add(language, script, region); add(language, script) }
        if region != nil { add(language, region) }
        add(language)
        return candidates
    }

    /// The first subtag, lowercased: `zh-Hans` -> `zh`.
    static func base(_ tag: String) -> String {
        String(tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "")
    }
}
