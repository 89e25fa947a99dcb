/// Private journals: `private: true` in `daybook.yml` or in an entry's front-matter. The public
/// site is made from the journal without the private entries (`PrivatePlan`, at load); the
/// entries each reader may open go into an encrypted edition of the whole site (`Editions`),
/// opened in the browser by the unlock page (`UnlockPage`, `Templates/private.js`).
///
/// The pipeline calls this feature by name twice, because it runs the pipeline's stages again:
/// at load, to split the journal, and in the write stage, to make the editions.
struct Private: Feature {
    var settings: PrivacySettings

    static func load(_ input: FeatureInput) async -> (feature: Private, problems: [Diagnostic]) {
        (Private(settings: input.settings.privacy), [])
    }

    /// Whether the journal has an edition is known once the entries are read, after `load`.
    mutating func assemble(_ journal: inout Journal) { settings = journal.settings.privacy }

    /// The public pages link to the unlock page; an edition's pages have the viewer's Lock button instead.
    func siteBlock(_ linker: Linker) -> [String: Any] {
        ["unlock": settings.hasEdition && !settings.isEdition ? linker.href(PrivateFiles.folder) : false,
         "edition": settings.isEdition]
    }
}
