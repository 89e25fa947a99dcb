import Foundation
@testable import Daybook

/// The edits a writer makes to a journal, chosen at random; each says what it did, so a failing
/// sequence can be read (and replayed from its seed).
extension RandomJournal {
    mutating func randomEdit(_ rng: inout SeededGenerator) -> String {
        if entries.count < 4 || rng.chance(8) { return add(&rng) }
        let index = Int.random(in: 0..<entries.count, using: &rng)
        let path = entries[index].path
        switch Int.random(in: 0..<16, using: &rng) {
        case 0: entries.remove(at: index); return "remove \(path)"
        case 1, 2: return move(index, &rng)
        case 3, 4: return redate(index, &rng)
        case 5: return retitle(index, &rng)
        case 6: return retag(index, &rng)
        case 7:
            entries[index].place = rng.chance(70) ? rng.pick(Self.places) : nil
            return "place of \(path): \(entries[index].place ?? "none")"
        case 8: entries[index].draft.toggle(); return "draft of \(path): \(entries[index].draft)"
        case 9: entries[index].isPrivate.toggle(); return "private of \(path): \(entries[index].isPrivate)"
        case 10: entries[index].body = randomBody(&rng); return "body of \(path)"
        case 11: return renameAddress(index, &rng)
        case 12: return rephoto(index, &rng)
        default: return changeSetting(&rng)
        }
    }

    mutating func add(_ rng: inout SeededGenerator) -> String {
        var entry = randomEntry(&rng)
        // Now and then on the day and with the title of another, so their addresses clash.
        if let other = entries.randomElement(using: &rng), rng.chance(20) {
            (entry.year, entry.month, entry.day, entry.title) = (other.year, other.month, other.day, other.title)
        }
        entries.append(entry)
        return "add \(entry.path)"
    }

    /// Renames the file, moves it to another folder, or both; a bundle moves with its photos.
    mutating func move(_ index: Int, _ rng: inout SeededGenerator) -> String {
        let from = entries[index].path
        let entry = entries[index]
        if rng.chance(70) { entries[index].folder = rng.pick(Self.folders.filter { $0 != entry.folder }) }
        if rng.chance(60) { entries[index].name = newName(&rng, year: entry.year, month: entry.month, day: entry.day) }
        return "move \(from) -> \(entries[index].path)"
    }

    /// Another month or year, another day of the month, or only another time.
    mutating func redate(_ index: Int, _ rng: inout SeededGenerator) -> String {
        var entry = entries[index]
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: randomDate(&entry, &rng)
        case 1: entry.month = entry.month % 12 + 1
        default: entry.time = entry.time == nil ? "\(pad(Int.random(in: 0...23, using: &rng), 2)):15" : nil
        }
        entries[index] = entry
        return "date of \(entry.path): \(entry.year)-\(pad(entry.month, 2))-\(pad(entry.day, 2)) \(entry.time ?? "")"
    }

    mutating func retitle(_ index: Int, _ rng: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: entries[index].title = nil
        case 1: entries[index].title = entries.randomElement(using: &rng)!.title
        default: entries[index].title = randomTitle(&rng)
        }
        return "title of \(entries[index].path): \(entries[index].title ?? "none")"
    }

    mutating func retag(_ index: Int, _ rng: inout SeededGenerator) -> String {
        var tags = entries[index].tags
        if !tags.isEmpty && rng.chance(50) {
            tags.remove(at: Int.random(in: 0..<tags.count, using: &rng))
        } else {
            tags.append(rng.pick(Self.tagNames))
        }
        var unique: [String] = []
        for tag in tags where !unique.contains(tag) { unique.append(tag) }
        entries[index].tags = unique
        return "tags of \(entries[index].path): \(entries[index].tags)"
    }

    /// A `slug:` (unique, so never an error) or an `id:` for the feeds, set or taken away.
    mutating func renameAddress(_ index: Int, _ rng: inout SeededGenerator) -> String {
        counter += 1
        if rng.chance(50) {
            entries[index].slug = entries[index].slug == nil ? "slug-\(counter)" : nil
            return "slug of \(entries[index].path): \(entries[index].slug ?? "none")"
        }
        entries[index].id = entries[index].id == nil ? rng.pick(["urn:uuid:\(counter)", "kept-\(counter)"]) : nil
        return "id of \(entries[index].path): \(entries[index].id ?? "none")"
    }

    /// Makes a bundle of the entry, changes which photo a file holds, adds one, or changes the gallery.
    mutating func rephoto(_ index: Int, _ rng: inout SeededGenerator) -> String {
        var entry = entries[index]
        let name = rng.pick(Self.photoNames)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0 where !entry.bundle:
            entry.bundle = true
        case 1:
            entry.bundle = true
            entry.photoFiles[name] = Int.random(in: 0..<3, using: &rng)
        case 2 where entry.bundle:
            entry.gallery = entry.photoFiles.keys.sorted().filter { _ in rng.chance(60) }
        default:
            // A photo named in the text; its file added when missing.
            entry.bundle = true
            if entry.photoFiles[name] == nil { entry.photoFiles[name] = Int.random(in: 0..<3, using: &rng) }
            entry.body = randomBody(&rng) + "\n\n![\(rng.pick(Self.words))](\(name))"
        }
        let gone = Set(entry.gallery).subtracting(entry.photoFiles.keys)
        entry.gallery.removeAll { gone.contains($0) }
        entries[index] = entry
        return "photos of \(entry.path): files \(entry.photoFiles.sorted { $0.key < $1.key }), gallery \(entry.gallery)"
    }

    mutating func changeSetting(_ rng: inout SeededGenerator) -> String {
        var s = settings
        switch Int.random(in: 0..<11, using: &rng) {
        case 0: s.title = rng.pick(["Random", "Notes", "Days"])
        case 1: s.homeEntries = rng.pick([2, 6, 20])
        case 2: s.baseURL.toggle()
        case 3: s.feed.toggle()
        case 4: s.tagFeeds.toggle()
        case 5: s.locale = rng.pick(["en_US", "fr_FR", "ko_KR"])
        case 6: s.timezone = rng.pick(["UTC", "Asia/Tokyo", "America/New_York"])
        case 7: s.search.toggle()
        case 8: s.calendar = rng.pick(["words", "entries", "false"])
        case 9: s.photoWidths = rng.pick(["[16, 32]", "[24]"])
        default:
            // A whole-private journal is rare: most of the journal's edits would be hidden behind it.
            if rng.chance(30) { s.wholePrivate.toggle() } else { s.quoteOnEveryPage.toggle() }
        }
        settings = s
        return "settings: \(s.text.replacingOccurrences(of: "\n", with: "; "))"
    }
}
