import Foundation

/// Everything a build knows once its input is read and checked: the load stage's result.
struct Loaded: Sendable {
    var files: JournalFiles
    var journal: Journal
    var templates: TemplateSet
    /// Every feature of `Features.all`, as loaded and assembled for this journal.
    var features: [any Feature]
    /// The same, as loaded, before assembly: what the encrypted editions reuse.
    var unassembled: [any Feature] = []
    var warnings: [Diagnostic]
    /// The last build's cache, when it can be trusted for this journal's parse settings.
    var cache: BuildCache?
    /// Where the cache and the entries' stored bodies are (`BuildOptions.cacheFolder`).
    var cacheFolder: URL
    var entries: [LoadedEntry]
    var loader: EntryLoader

    /// The photos feature, as loaded and assembled.
    var photos: Photos? { features.lazy.compactMap { $0 as? Photos }.first }
    /// What of the journal is private, when anything is: `journal` then holds only its public
    /// entries, and the write stage makes the encrypted editions.
    var privacy: PrivatePlan?
    /// A private journal's entries the build publishes, private ones included, each in its
    /// journal: what the editions are made from (`journal` holds the public ones alone).
    var published: [Entry] = []
    /// The opening of the last build's editions of `privacy`, started as soon as it was known.
    var openingEditions: Task<OpenedEditions, Never>?
    /// The journal's own template files and what they parsed to, for a build continuing this one.
    var templateFiles: BuildMemory.ParsedTemplates?
    /// The rows of lists kept from the last build of this process and made by this one, shared
    /// by the public pass and the editions (`BuildOptions.remembersRows`).
    var rowMemory: RowMemory?
    /// The preview's search documents between its builds, shared by the public pass and the
    /// editions (`SearchMemory`).
    var searchMemory: SearchMemory?
}

/// One entry file's outcome: parsed or taken from the cache.
struct LoadedEntry: Sendable {
    var path: String
    /// Shared with the cache it came from, if it did.
    var parsed: ParsedEntry
    var entry: Entry? { parsed.entry }
    var hasEntry: Bool { parsed.hasEntry }
    var diagnostics: [Diagnostic] { parsed.diagnostics }
    var hash: [UInt8]
    var stat: FileStat?
    /// Set when the entry came from the cache: its body is still in the body store.
    var body: BodyStore.Reference?
    /// What lists show of the entry (`Entry.listKey`); empty without an entry.
    var listKey: [UInt8] = []
    /// Taken from the cache as it was: same size and time, so same hash, parse and body.
    var reused = false
}

/// An entry file's parse: the entry (nil when the file has errors) and what was found wrong.
/// Shared, never changed: the cache and the build hand each parse around by reference, since
/// copying an `Entry` retains every string and list in it, for every entry of the journal.
final class ParsedEntry: Sendable {
    let entry: Entry?
    let diagnostics: [Diagnostic]
    /// Whether the file gave an entry: asked of every entry on every save, where reading
    /// `entry` would copy it out.
    let hasEntry: Bool

    init(_ entry: Entry?, _ diagnostics: [Diagnostic]) {
        self.entry = entry
        self.diagnostics = diagnostics
        hasEntry = entry != nil
    }
}
