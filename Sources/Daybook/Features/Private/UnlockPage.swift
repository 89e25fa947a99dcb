/// The unlock page (`Templates/unlock.mustache`, run by `Templates/private.js`): where a reader
/// types a password and then reads the encrypted edition. At `private/` in a journal with private
/// entries; also the home page of a whole-private journal, whose other pages are all encrypted.
enum UnlockPage {
    /// The words the page shows, by their name in the template; each is `unlock_<name>` in the
    /// translation tables (`Templates/i18n/`).
    static let wordNames = ["page_title", "heading", "intro", "intro_named", "name", "password", "show_password",
                            "hide_password", "remember", "remember_off_disk", "unlock", "unlocking", "wrong", "wrong_named", "damaged", "older",
                            "missing", "not_found", "no_crypto", "no_script", "lock", "locked", "public_home"]

    /// The page at `sitePath` ("private/" or "" for a whole-private journal's home).
    static func render(at sitePath: String, _ plan: PrivatePlan, journal: Journal, templates: TemplateSet, assets: [String: String]) throws -> OutputFile {
        let settings = journal.settings
        let linker = Linker(pagePath: sitePath, settings: settings)
        let showsTitle = !plan.settings.wholeJournal || plan.settings.showTitle
        let title = showsTitle ? settings.title : ""
        let home = plan.settings.wholeJournal ? "" : linker.href("")
        let context: [String: Any] = [
            "lang": settings.languageTag, "dir": journal.words.isRightToLeft ? "rtl" : "ltr",
            "title": title, "has_title": !title.isEmpty,
            "stylesheet": linker.href(assets["style.css"] ?? "style.css"),
            "script": linker.href(assets["private.js"] ?? "private.js"),
            "keys": linker.href(PrivateFiles.keyFilePath),
            "root": linker.root.isEmpty ? "./" : linker.root,
            "named": !plan.settings.readers.isEmpty,
            "remember_days": plan.settings.rememberDays,
            "public_home": home, "has_public_home": !home.isEmpty,
            "words": Dictionary(uniqueKeysWithValues: wordNames.map { ($0, journal.words.text("unlock_" + $0)) }),
        ]
        guard let html = templates.render(context, template: "unlock") else {
            throw BuildFailure([.error("template 'unlock' is missing", at: SourceLocation(file: "templates/unlock.mustache"))])
        }
        return OutputFile(path: Page.outputFile(for: sitePath), bytes: Array(html.utf8))
    }
}

extension PrivateFiles {
    static func unlockPages(_ plan: PrivatePlan, journal: Journal, templates: TemplateSet, assets: [String: String]) throws -> [OutputFile] {
        let paths = plan.settings.wholeJournal ? ["", folder] : [folder]
        return try paths.map { try UnlockPage.render(at: $0, plan, journal: journal, templates: templates, assets: assets) }
    }
}
