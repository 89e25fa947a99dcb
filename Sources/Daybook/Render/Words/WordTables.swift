import Foundation

/// The translation tables: those the binary carries (`Templates/i18n/*.yml`), and the making
/// of a build's `Words` from them and the journal's own `i18n/` files.
enum WordTables {
    static let folder = "i18n/"

    /// The shipped tables by language tag, read once per process.
    static let shipped: [String: WordTable] = {
        var tables: [String: WordTable] = [:]
        for (name, base64) in EmbeddedResources.files where name.hasPrefix(folder) && name.hasSuffix(".yml") {
            let language = String(name.dropFirst(folder.count).dropLast(4))
            let text = String(decoding: Data(base64Encoded: base64) ?? Data(), as: UTF8.self)
            tables[language] = WordTable.read(SourceText(path: "Templates/\(name)", text: text)).0
        }
        return tables
    }()

    /// The words of a build for `locale`: the first of the locale's candidate languages that
    /// the journal (`i18n/<tag>.yml`) or Daybook has a table for, the journal's over Daybook's,
    /// English under both. Problems name the journal's file; keys it leaves out are warned
    /// about only when Daybook ships no table of that language.
    static func words(locale: String, files: JournalFiles) -> (Words, [Diagnostic]) {
        let english = shipped["en"] ?? WordTable()
        for language in WordLanguages.candidates(locale: locale) {
            let own = files.translations.first { $0 == "\(language).yml" }
            guard own != nil || shipped[language] != nil else { continue }
            var values = english.values
            if let table = shipped[language] { values.merge(table.values) { $1 } }
            var problems: [Diagnostic] = []
            if let own {
                let path = "\(folder)\(own)"
                let text = files.bytes(of: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
                let source = SourceText(path: path, text: text.replacingOccurrences(of: "\r\n", with: "\n"))
                let (table, readProblems) = WordTable.read(source)
                problems = readProblems + table.check(against: english, language: language, source: source,
                                                      complete: shipped[language] == nil)
                values.merge(table.values.filter { english.values[$0.key] != nil }) { $1 }
            }
            return (Words(language: language, values: values), problems)
        }
        return (Words(language: "en", values: english.values), [])
    }
}
