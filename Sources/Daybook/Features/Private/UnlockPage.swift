/// The unlock page (`Templates/unlock.mustache`, run by `Templates/private.js`): where a reader
/// types a password and then reads the encrypted edition. At `private/` in a journal with private
/// entries; also the home page of a whole-private journal, whose other pages are all encrypted.
enum UnlockPage {
    /// Every word the page shows, in English; `docs/templates.md` lists them.
    static let englishWords: [String: String] = [
        "heading": "This journal is private",
        "heading_entries": "Private entries",
        "intro": "Type your password to read it. It is checked in this browser; nothing is sent anywhere.",
        "name": "Your name",
        "password": "Password",
        "show": "Show password",
        "hide": "Hide password",
        "remember": "Remember this device",
        "unlock": "Unlock",
        "unlocking": "Unlocking…",
        "wrong": "That password does not open this journal.",
        "wrong_named": "That name and password do not open this journal.",
        "forgotten": "This device was forgotten (the password or the keys changed). Please unlock again.",
        "damaged": "A file of this journal was changed or damaged, so it is not shown.",
        "missing": "A file of this journal is missing.",
        "no_crypto": "This browser cannot open private pages: it has no Web Crypto here. Open the site over HTTPS or from localhost.",
        "no_script": "Reading this journal needs JavaScript: its pages are encrypted and open in your browser.",
        "lock": "Lock",
        "public_home": "Public entries",
        "loading": "Opening…",
    ]

    /// The page at `sitePath` ("private/" or "" for a whole-private journal's home).
    static func render(at sitePath: String, _ plan: PrivatePlan, journal: Journal, templates: TemplateSet, assets: [String: String]) throws -> OutputFile {
        let settings = journal.settings
        let linker = Linker(pagePath: sitePath, settings: settings)
        let showsTitle = !plan.settings.wholeJournal || plan.settings.showTitle
        let context: [String: Any] = [
            "lang": settings.languageTag, "dir": "ltr",
            "title": showsTitle ? settings.title : "",
            "stylesheet": linker.href(assets["style.css"] ?? "style.css"),
            "script": linker.href(assets["private.js"] ?? "private.js"),
            "keys": linker.href(PrivateFiles.keyFilePath),
            "root": linker.root.isEmpty ? "./" : linker.root,
            "named": !plan.settings.readers.isEmpty,
            "remember_days": plan.settings.rememberDays,
            "public_home": plan.settings.wholeJournal ? "" : linker.href(""),
            "whole": plan.settings.wholeJournal,
            "words": englishWords,
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
