import Foundation
@testable import Daybook

/// SplitMix64: the same seed gives the same edits on every machine and run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items.randomElement(using: &self)! }
}

/// One entry of a random journal, as a value the edits change; its file is made from it.
struct RandomEntry {
    var folder: String
    var name: String
    /// A folder with `index.md` and photos beside it, rather than one file.
    var bundle = false
    var title: String?
    var year = 2024, month = 1, day = 1
    var time: String?
    var tags: [String] = []
    var place: String?
    var draft = false
    var isPrivate = false
    var slug: String?
    var id: String?
    var body = "Words."
    /// Photo file name in the bundle -> which generated photo it holds.
    var photoFiles: [String: Int] = [:]
    /// The `photos:` list.
    var gallery: [String] = []

    var path: String { bundle ? "\(folder)/\(name)/index.md" : "\(folder)/\(name).md" }

    /// The writer, from the title's length rather than drawn from the generator, so every seed
    /// keeps its sequence of edits: a retitle may change it. Without `writers:` in the settings,
    /// `author:` means nothing to Daybook; with them, it is one of theirs.
    var author: String? { title.flatMap { [nil, "ann", "bo"][$0.count % 3] } }

    var text: String {
        var lines = ["---", "date: \(year)-\(pad(month, 2))-\(pad(day, 2))" + (time.map { " " + $0 } ?? "")]
        if let title { lines.append("title: \"\(title)\"") }
        if let author { lines.append("author: \(author)") }
        if !tags.isEmpty { lines.append("tags: [\(tags.joined(separator: ", "))]") }
        if let place { lines.append("location: \(place)") }
        if draft { lines.append("draft: true") }
        if isPrivate { lines.append("private: true") }
        if let slug { lines.append("slug: \(slug)") }
        if let id { lines.append("id: \"\(id)\"") }
        if !gallery.isEmpty { lines.append("photos: [\(gallery.joined(separator: ", "))]") }
        return lines.joined(separator: "\n") + "\n---\n" + body + "\n"
    }
}

/// The journal-wide settings an edit may change.
struct RandomSettings {
    var title = "Random"
    var homeEntries = 6
    var baseURL = true
    var feed = true
    var tagFeeds = true
    var locale = "en_US"
    var timezone = "UTC"
    var search = true
    var calendar = "words"
    var photoWidths = "[16, 32]"
    var quoteOnEveryPage = false
    var wholePrivate = false

    var text: String {
        var lines = ["title: \(title)", "home_entries: \(homeEntries)", "locale: \(locale)", "timezone: \(timezone)",
                     "feed: \(feed)", "tag_feeds: \(tagFeeds)", "search: \(search)", "calendar: \(calendar)",
                     "photo_widths: \(photoWidths)", "photo_thumbnail: 16", "quote_on_every_page: \(quoteOnEveryPage)"]
        if baseURL { lines.append("base_url: https://example.org/journal/") }
        if wholePrivate { lines.append("private: true") }
        // Two journals, the second being the folder `entries/renamed`, so that moving a file
        // moves its entry between journals. Tied to home_entries, not drawn from the generator:
        // the settings edits turn them on and off, and every seed keeps the sequence of edits
        // that found its bug.
        // Writers, tied to home_entries in the same way: none, then two, then two with a default
        // writer, and with journals, the second journal's own writer.
        if homeEntries != 2 { lines.append("writers: {ann: Ann, bo: {name: Bo}}") }
        if homeEntries == 20 { lines.append("default_writer: bo") }
        if homeEntries == 6 {
            lines.append("journals: {diary: {title: Diary}, renamed: {title: Renamed, author: ann}}")
        } else if homeEntries != 20 {
            lines.append("journals: {diary: {title: Diary}, renamed: {title: Renamed}}")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A small journal of random entries and settings, and the files that make it on disk.
struct RandomJournal {
    var entries: [RandomEntry] = []
    var settings = RandomSettings()
    /// Bumped for every name made, so no two files ever share one by accident.
    var counter = 0

    static let folders = ["entries", "entries/2024", "entries/2024/10", "entries/2025/03", "entries/renamed", "entries/old/notes"]
    static let words = ["sea", "rain", "ferry", "towel", "garden", "letter", "night", "bread", "walk", "harbour", "서울", "café"]
    static let tagNames = ["sea", "Sea", "walks", "road trip", "road-trip", "books", "🌧", "rain"]
    static let places = ["Home", "home ", "Kyoto", "{name: Kyoto, lat: 35.01, lon: 135.77}",
                         "{name: Harbour, lat: 50.1, lon: -5.5}", "{name: Home, lat: 48.85, lon: 2.35}"]
    static let photoNames = ["a.jpg", "b.jpg", "c.png"]

    /// Every file of the journal, path -> bytes; `photos` are the generated photos' bytes.
    func files(photos: [[UInt8]]) -> [String: [UInt8]] {
        var files = ["daybook.yml": Array(settings.text.utf8), "static/CNAME": Array("example.org\n".utf8)]
        for entry in entries {
            files[entry.path] = Array(entry.text.utf8)
            for (name, photo) in entry.photoFiles { files["\(entry.folder)/\(entry.name)/\(name)"] = photos[photo] }
        }
        return files
    }

    mutating func newName(_ rng: inout SeededGenerator, year: Int, month: Int, day: Int) -> String {
        counter += 1
        let date = "\(year)-\(pad(month, 2))-\(pad(day, 2))"
        return rng.pick(["\(date)-\(rng.pick(Self.words))", "\(pad(counter, 4))-\(date)-\(rng.pick(Self.words))", "note-\(counter)"])
            + "-\(counter)"
    }

    /// A new entry: random date, title, tags and place; now and then a draft, private (by
    /// `privateChance` percent: a private entry makes every build seal an edition, which is
    /// slow), or a bundle with photos.
    mutating func randomEntry(_ rng: inout SeededGenerator, privateChance: Int = 10) -> RandomEntry {
        var entry = RandomEntry(folder: rng.pick(Self.folders), name: "")
        randomDate(&entry, &rng)
        entry.name = newName(&rng, year: entry.year, month: entry.month, day: entry.day)
        entry.title = rng.chance(80) ? randomTitle(&rng) : nil
        entry.tags = (0..<Int.random(in: 0...2, using: &rng)).map { _ in rng.pick(Self.tagNames) }
        entry.place = rng.chance(40) ? rng.pick(Self.places) : nil
        entry.draft = rng.chance(10)
        entry.isPrivate = rng.chance(privateChance)
        entry.body = randomBody(&rng)
        if rng.chance(20) {
            entry.bundle = true
            let name = rng.pick(Self.photoNames)
            entry.photoFiles[name] = Int.random(in: 0..<3, using: &rng)
            entry.gallery = rng.chance(70) ? [name] : []
            if entry.gallery.isEmpty { entry.body += "\n\n![A photo](\(name))" }
        }
        return entry
    }

    mutating func randomDate(_ entry: inout RandomEntry, _ rng: inout SeededGenerator) {
        entry.year = Int.random(in: 2023...2025, using: &rng)
        entry.month = Int.random(in: 1...12, using: &rng)
        // Few days, so that entries share days and their addresses clash now and then.
        entry.day = rng.pick([1, 2, 15, 28])
        entry.time = rng.chance(50) ? "\(pad(Int.random(in: 0...23, using: &rng), 2)):\(rng.pick(["00", "30"]))" : nil
    }

    func randomTitle(_ rng: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...3, using: &rng)).map { _ in rng.pick(Self.words) }.joined(separator: " ").capitalized
    }

    func randomBody(_ rng: inout SeededGenerator) -> String {
        (0..<Int.random(in: 3...40, using: &rng)).map { _ in rng.pick(Self.words) }.joined(separator: " ") + "."
    }
}
