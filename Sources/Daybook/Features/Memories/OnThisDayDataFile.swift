/// The data file of `on-this-day.js`: every entry's year, title and link, by day of the year,
/// as one global (see `ScriptData`). Named by its content, like every asset.
///
/// `{"days":{"0228":[[2024,"Title","2024/02/28/title/"],…],…}}`: days in calendar order, each
/// day's entries in journal order (newest first), links relative to the site root; only ASCII,
/// so the file reads the same whatever character set a host announces for it.
enum OnThisDayDataFile {
    static let name = "on-this-day-data.js"
    static let global = "daybookOnThisDay"

    static func make(_ journal: Journal, days: [Int: [Int]], untitled: String) -> OutputFile {
        let bytes = ScriptData.global(global, json: json(journal, days: days, untitled: untitled),
                                      comment: "The entries of each day of the year, for \"on this day\", written by Daybook.")
        return OutputFile(path: ContentHash.fileName(name, content: bytes), bytes: bytes)
    }

    static func json(_ journal: Journal, days: [Int: [Int]], untitled: String) -> [UInt8] {
        let linker = Linker(pagePath: "", settings: journal.settings)
        var writer = JSONWriter()
        writer.object { writer in
            writer.field("days") { writer in
                writer.object { writer in
                    for monthDay in days.keys.sorted() {
                        writer.field(pad(monthDay, 4)) { writer in
                            writer.array(days[monthDay] ?? []) { writer, position in
                                // One entry is one array of three values; `array` takes a sequence, here of one
                                // index (not the entry: taken out whole, it is a copy of all its fields).
                                writer.array(CollectionOfOne(position)) { writer, position in
                                    writer.int(journal.entries[position].date.year)
                                    writer.string(journal.entries[position].title ?? untitled)
                                    writer.string(linker.href(journal.paths[position]))
                                }
                            }
                        }
                    }
                }
            }
        }
        return ScriptData.ascii(writer.bytes)
    }
}
