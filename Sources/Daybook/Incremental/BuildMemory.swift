import Foundation

/// What a build leaves in memory for the next build of the same journal into the same output by
/// the same process: `daybook serve`'s rebuilds (`Builder.run(_:continuing:)`).
///
/// It holds the up-to-date state and the build cache exactly as the build saved them to
/// `.daybook/cache`, so the next build skips reading them back (7 MB for 10,000 entries), and it
/// stands for a promise: only Daybook writes the output folder between the two builds, so the
/// records of its files are trusted as they are instead of every file being looked at again.
/// The preview's folder (`.daybook/serve/site`) is Daybook's own, which is what makes the
/// promise hold; a build into a folder people also write to must not be continued.
///
/// A class, not a struct: the state holds the report of the build that saved it, which holds this.
public final class BuildMemory: Sendable {
    let journal: String
    let output: String
    let state: UpToDate?
    /// The build cache as the build saves it; still being saved when the build told its report
    /// before (`BuildOptions.reportsBeforeSaving`), and then waited for by the next build.
    let caching: Task<BuildCache?, Never>?
    var cache: BuildCache? {
        get async { await caching?.value ?? nil }
    }
    /// The templates as parsed, with the journal's own template files they were parsed with.
    let templates: ParsedTemplates?
    /// The journal's files as the build found them, for a next build told which files changed.
    let files: JournalFiles?
    /// Each encrypted edition's files as the build sealed them, by folder (`remembersEditions`).
    let editions: [String: RememberedEdition]
    /// The entry files the photo scan found may name photos (`PhotoLibrary.candidates`).
    let photoCandidates: Set<String>?
    /// The rows of lists the build found or made (`BuildOptions.remembersRows`).
    let rows: RowMemory.Rows
    /// The search caches as the build saved them (`SearchMemory`), by cache file.
    let search: [String: SearchMemory.Saving]

    struct ParsedTemplates: Sendable {
        var overrides: [String: [UInt8]]
        var set: TemplateSet
        var problems: [Diagnostic]
    }

    init(journal: String, output: String, state: UpToDate?, caching: Task<BuildCache?, Never>?, templates: ParsedTemplates?, files: JournalFiles?,
         editions: [String: RememberedEdition] = [:], photoCandidates: Set<String>? = nil, rows: RowMemory.Rows = [:],
         search: [String: SearchMemory.Saving] = [:]) {
        self.journal = journal
        self.output = output
        self.state = state
        self.caching = caching
        self.templates = templates
        self.files = files
        self.editions = editions
        self.photoCandidates = photoCandidates
        self.rows = rows
        self.search = search
    }

    /// Whether this memory describes the journal and output `options` build.
    func fits(_ options: BuildOptions) -> Bool {
        options.writes && options.useCache && journal == options.journal.standardizedFileURL.path
            && output == options.writtenOutput.standardizedFileURL.path
    }
}
