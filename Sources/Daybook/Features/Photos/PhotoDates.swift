import Foundation

/// `photo_date: true`: an entry dated by its first photo's `DateTimeOriginal` and
/// `OffsetTimeOriginal` (read in the journal's time zone when the camera wrote no offset).
enum PhotoDates {
    /// `2024:05:01 07:30:00` and `+02:00` -> `2024-05-01T07:30:00+02:00`, parsed as entries' dates are.
    static func date(takenAt: String?, offset: String?, timeZone: String) -> LocalDateTime? {
        guard let takenAt, takenAt.count >= 19 else { return nil }
        let characters = Array(takenAt)
        let day = String(characters[0..<10]).replacingOccurrences(of: ":", with: "-")
        let time = String(characters[11..<19])
        let zone = offset.flatMap { $0.count == 6 && ($0.hasPrefix("+") || $0.hasPrefix("-")) ? $0 : nil } ?? ""
        let parser = DateParser(timeZone: TimeZone(identifier: timeZone) ?? .gmt)
        return try? parser.parse("\(day)T\(time)\(zone)")
    }

    /// Whether the entry asks for it: `photo_date: true` in its front-matter.
    static func asked(_ entry: Entry) -> Bool {
        if case .text(let value) = entry.extra["photo_date"] { return value == "true" || value == "yes" }
        return false
    }

    /// Dates the entries that ask from their first photo with a date, and assembles the journal
    /// again when one moved (its order, address and month follow the new date).
    static func apply(_ library: PhotoLibrary, to journal: inout Journal) {
        var moved = false
        let timeZone = journal.settings.timeZone
        for index in journal.entries.indices where asked(journal.entries[index]) {
            guard let request = library.requests[journal.entries[index].sourcePath] else { continue }
            let dates = request.all.compactMap { library.sources[$0.path]?.header }.compactMap {
                date(takenAt: $0.takenAt, offset: $0.takenOffset, timeZone: timeZone)
            }
            guard let date = dates.first, date != journal.entries[index].date else { continue }
            journal.entries[index].date = date
            moved = true
        }
        guard moved else { return }
        let (derived, draftsLeftOut) = (journal.derived, journal.draftsLeftOut)
        journal = JournalAssembler.assemble(journal.entries, settings: journal.settings).0
        journal.derived = derived
        journal.draftsLeftOut = draftsLeftOut
    }
}
