/// The share page, `share/index.html` (`Templates/share.mustache`, run by `Templates/share.js`):
/// it reads the share's id and key from the address's fragment, loads the sealed copy and shows
/// the entry alone. It names no share, so it is the same in every journal with private entries,
/// whether anything is shared or not.
enum SharePage {
    static let wordNames = ["page_title", "notice", "loading", "missing", "damaged", "no_link", "no_crypto", "no_script"]

    static func render(journal: Journal, templates: TemplateSet, assets: [String: String]) throws -> OutputFile {
        let linker = Linker(pagePath: SharePack.folder, settings: journal.settings)
        let context: [String: Any] = [
            "lang": journal.settings.languageTag, "dir": journal.words.isRightToLeft ? "rtl" : "ltr",
            "stylesheet": linker.href(assets["style.css"] ?? "style.css"),
            "script": linker.href(assets["share.js"] ?? "share.js"),
            "words": Dictionary(uniqueKeysWithValues: wordNames.map { ($0, journal.words.text("share_" + $0)) }),
        ]
        guard let html = templates.render(context, template: "share") else {
            throw BuildFailure([.error("template 'share' is missing", at: SourceLocation(file: "templates/share.mustache"))])
        }
        return OutputFile(path: Page.outputFile(for: SharePack.folder), bytes: Array(html.utf8))
    }
}
