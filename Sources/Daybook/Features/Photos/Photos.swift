import Foundation

/// Photos: an entry's pictures, resized for every screen, upright and stripped of their
/// metadata. Entries name photos beside them (Markdown images, `photos:`, `cover:`); the load
/// stage processes them (`PhotoLibrary`, cached by content), the entry page shows them as
/// `<picture>`s and a gallery, rows show the cover's thumbnail, and the copies are data files.
struct Photos: Feature {
    static let settingsKeys: Set<String> = ["photo_widths", "photo_quality", "photo_thumbnail", "photo_max_megapixels"]

    var library = PhotoLibrary()
    /// The photo requests of the journal's entries, by journal index.
    var byEntry: [Int: EntryPhotoRequest] = [:]
    var journal: Journal?
    /// Whether the last build's file at a path is as this one would make it (see `planData`).
    var kept: (@Sendable (String, [UInt8]) -> Bool)?

    static func load(_ input: FeatureInput) async -> (feature: Photos, problems: [Diagnostic]) {
        let library = await PhotoLibrary.load(input)
        return (Photos(library: library), library.problems)
    }

    /// Dates `photo_date: true` entries, pairs the journal's entries with their photos, and
    /// places `location: from-photo`.
    /// Photos give entries their dates and places.
    static var changesEntries: Bool { true }
    /// The photos are processed once; every edition shows the same copies.
    static var loadsPerEdition: Bool { false }

    mutating func assemble(_ journal: inout Journal) {
        PhotoDates.apply(library, to: &journal)
        for index in journal.entries.indices {
            guard let request = library.requests[journal.entries[index].sourcePath] else { continue }
            byEntry[index] = request
            if request.locationFromPhoto, journal.entries[index].place?.name == "from-photo" {
                let position = library.firstPosition(request)
                journal.entries[index].place = position.map { Place(name: nil, latitude: $0.0, longitude: $0.1) }
            }
        }
        journal.derived[Journal.coversKey] = covers
        self.journal = journal
    }

    /// Each entry's cover, for `Journal.coversKey`: the site path of its WebP thumbnail.
    private var covers: [Int: String] {
        var covers: [Int: String] = [:]
        for (index, request) in byEntry {
            guard let cover = request.coverPhoto, let source = library.sources[cover.path], let thumbnail = source.thumbnail("webp") else { continue }
            covers[index] = source.sitePath(thumbnail)
        }
        return covers
    }

    /// The sources of entry `index`'s photos, in the order it names them.
    func sources(of index: Int) -> [PhotoSource] {
        (byEntry[index]?.all ?? []).compactMap { library.sources[$0.path] }
    }

    /// Places and dates from photos show on every page that lists the entry, and on the map.
    var siteKey: String {
        byEntry.keys.sorted().compactMap { index -> String? in
            guard let entry = journal?.entries[index] else { return nil }
            let place = byEntry[index]?.locationFromPhoto == true ? entry.place : nil
            guard place != nil || PhotoDates.asked(entry) else { return nil }
            return "\(index) \(place?.latitude ?? 0) \(place?.longitude ?? 0) \(entry.date.iso8601)"
        }.joined(separator: ";")
    }

    /// A page shows the photos (or the covers) of the entries it shows: their keys name the files.
    func key(for page: Page) -> String {
        guard let journal, !byEntry.isEmpty else { return "" }
        return page.entriesShown(in: journal).flatMap { sources(of: $0).map { hexString($0.key) } }.joined(separator: ",")
    }

    /// Every published photo's key.
    var dataKey: String { Set(byEntry.keys.flatMap { sources(of: $0).map { hexString($0.key) } }).sorted().joined(separator: ",") }

    /// `site.photos`: whether any entry has a photo (the lightbox script is linked then).
    func siteBlock(_ linker: Linker) -> [String: Any] {
        ["photos": byEntry.keys.contains { !sources(of: $0).isEmpty }]
    }

    /// `photos` on an entry page: the gallery of its `photos:` list; false elsewhere.
    func context(for page: PageContext) -> [String: Any] {
        guard page.page.is(EntryPage.self), let request = byEntry[page.page.index] else { return ["photos": false] }
        let gallery: [[String: Any]] = request.gallery.compactMap { reference in
            library.sources[reference.path].map { PhotoMarkup.galleryItem($0, caption: reference.text, linker: page.linker) }
        }
        return ["photos": gallery.isEmpty ? false : ["gallery": gallery] as [String: Any]]
    }

    /// `cover` on every row: the thumbnail of the entry's cover photo, false without one.
    func rowValues(for entry: Int, _ page: PageContext) -> [String: Any] {
        guard let cover = byEntry[entry]?.coverPhoto, let source = library.sources[cover.path] else { return ["cover": false] }
        let thumbnail = PhotoMarkup.thumbnail(source, alt: cover.text, linker: page.linker)
        return ["cover": thumbnail.isEmpty ? false : thumbnail]
    }

    /// The entry's Markdown images that name its photos become pictures.
    func entryBody(_ html: String, of entry: Int, _ page: PageContext) -> String {
        guard let request = byEntry[entry], !request.inline.isEmpty else { return html }
        return PhotoMarkup.rewrite(html, entry: request.entry, sources: library.sources, linker: page.linker)
    }

    mutating func planData(_ planning: DataPlanning) async -> Set<Int> {
        kept = planning.kept
        return []
    }

    mutating func makeData(_ view: JournalView, _ making: DataMaking) async throws -> DataFiles {
        try await PhotoFiles.make(published, root: making.journal, kept: kept, making: making)
    }

    /// The photos of the journal's entries, each once, in path order.
    var published: [PhotoSource] {
        Set(byEntry.keys.flatMap { sources(of: $0) }).sorted { $0.path < $1.path }
    }
}
