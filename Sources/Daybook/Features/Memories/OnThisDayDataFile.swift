/// The data files of `on-this-day.js`: one small file per day of the year that has entries, so a
/// reader's browser loads only its own day (the whole journal's dates and titles were 240 KB
/// gzipped at 10,000 entries). Each is a call (see `ScriptData`), which loads from disk and from a
/// host alike and which the private viewer runs as an inline script.
///
/// `on-this-day/days.<hash>/0228.js`: `daybookOnThisDayDay("0228",[[2024,"Title","2024/02/28/title/"],…]);`,
/// the day's entries in journal order (newest first), links relative to the site root, only
/// ASCII. One journal of several has its own, `travel/on-this-day/days.<hash>/`. The folder is named by all the files' content, like every asset, so a browser never
/// mixes days of two builds; the pages carry which days have a file (`mask`), so no file is
/// asked for in vain.
struct OnThisDayDataFiles: Sendable {
    static let function = "daybookOnThisDayDay"

    /// The folder, ending in `/`.
    var folder: String
    var files: [OutputFile]
    /// One bit per day of a leap year (1 January first, most significant bit first), in hex:
    /// whether the day has a file.
    var mask: String

    /// `under`: the folder of one journal of several (`travel/`), "" for the whole site's.
    init(_ journal: Journal, days: [Int: [Int]], untitled: String, under: String = "") {
        // On every core: made on every build the journal changed in, the preview's saves included,
        // and the longest of the features' assembly (20 ms of one core at 10,000 entries).
        let named = concurrentMap(days.keys.sorted()) { monthDay in
            (name: pad(monthDay, 4), bytes: ScriptData.call(Self.function, name: pad(monthDay, 4),
                                                           json: Self.json(journal, entries: days[monthDay] ?? [], untitled: untitled)))
        }
        let digest = ContentHash.digest(parts: named.flatMap { [Array($0.name.utf8), $0.bytes] })
        folder = under + "on-this-day/days.\(hexString(digest).prefix(10))/"
        files = named.map { [folder] in OutputFile(path: "\(folder)\($0.name).js", bytes: $0.bytes) }
        mask = Self.mask(days.keys)
    }

    /// `[[year,"title","link"],…]` for one day's entries.
    static func json(_ journal: Journal, entries: [Int], untitled: String) -> [UInt8] {
        let linker = Linker(pagePath: "", settings: journal.settings)
        var writer = JSONWriter()
        writer.array(entries) { writer, position in
            // One entry is one array of three values; `array` takes a sequence, here of one
            // index (not the entry: taken out whole, it is a copy of all its fields).
            writer.array(CollectionOfOne(position)) { writer, position in
                writer.int(journal.entries[position].date.year)
                writer.string(journal.entries[position].title ?? untitled)
                writer.string(linker.href(journal.paths[position]))
            }
        }
        return ScriptData.ascii(writer.bytes)
    }

    /// Days before each month in a leap year.
    static let daysBefore = [0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335]

    /// 92 hex digits, 366 bits (and two zero bits): `on-this-day.js` reads the same layout.
    static func mask(_ monthDays: some Sequence<Int>) -> String {
        var bits = [UInt8](repeating: 0, count: 92)
        for monthDay in monthDays {
            let index = daysBefore[monthDay / 100 - 1] + monthDay % 100 - 1
            bits[index / 4] |= 8 >> UInt8(index % 4)
        }
        return bits.map { hex($0, 1) }.joined()
    }
}
