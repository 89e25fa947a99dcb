import Foundation

/// What `Sharing` reads: the settings, the entry, the site key, a public entry's address.
extension Sharing {
    static func readSettings(_ journal: URL) throws(BuildFailure) -> Settings {
        let text = try? String(contentsOf: journal.appendingPathComponent(SettingsLoader.fileName), encoding: .utf8)
        let (settings, problems) = Settings.load(root: journal, text: text)
        if problems.hasErrors { throw BuildFailure(problems.sorted()) }
        return settings
    }

    /// The entry at `path`, read as the build reads it; an error for one with no text yet.
    static func readEntry(_ journal: URL, _ path: String, settings: Settings) throws(BuildFailure) -> Entry {
        guard JournalFiles.isEntryFile(path), let bytes = FileManager.default.contents(atPath: journal.appendingPathComponent(path).path) else {
            throw BuildFailure([.error("no entry file at \(path) in the journal \(journal.path)")])
        }
        let (entry, found) = loader(settings).load(path: path, bytes: Array(bytes))
        if found.hasErrors { throw BuildFailure(found.sorted()) }
        guard let entry else {
            throw BuildFailure([.error("this entry has no text yet, so its link would show nothing; write it, then share it", at: SourceLocation(file: path))])
        }
        return entry
    }

    static func loader(_ settings: Settings) -> EntryLoader {
        EntryLoader(dates: DateParser(timeZone: TimeZone(identifier: settings.timeZone) ?? .gmt), rawHTML: settings.rawHTML,
                    categoriesAsTags: settings.categoriesAsTags)
    }

    /// The keys from `DAYBOOK_SITE_KEY`, or the private journal's error for it at `location`.
    static func siteKeys(_ secrets: Secrets, for location: SourceLocation?) throws(BuildFailure) -> PrivateKeys {
        let (read, problems) = secrets.read(readers: [], named: false, for: location)
        guard let read else { throw BuildFailure(problems) }
        return PrivateKeys(siteKey: read.siteKey)
    }

    /// A public entry's address on the site: with `base_url` when set, else its path from the site's root.
    static func publicAddress(_ journal: URL, _ path: String, settings: Settings) async throws(BuildFailure) -> String {
        let files = try JournalFiles.scan(journal)
        let loaded: [LoadedEntry]
        do { loaded = try await Builder.loadEntries(files, loader: loader(settings), cache: nil, jobs: 2) } catch {
            throw BuildFailure([.error("could not read the journal: \(error)")])
        }
        // The journal as the build publishes it (this entry even if it is a draft), to find the
        // entry's address among its neighbours (two of a day share a slug).
        let published = loaded.compactMap(\.entry).filter { entry in
            (entry.sourcePath == path || !entry.isDraft) && !EntryPrivacy(entry).isPrivate
        }
        let (journal, _) = JournalAssembler.assemble(published, settings: settings)
        guard let index = journal.entries.firstIndex(where: { $0.sourcePath == path }) else {
            throw BuildFailure([.error("this entry is not published, so it has no address to share", at: SourceLocation(file: path))])
        }
        return (settings.baseURL ?? "") + journal.paths[index]
    }
}
