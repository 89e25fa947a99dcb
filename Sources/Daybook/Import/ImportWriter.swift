import Foundation

/// Writes imported entries into a journal as ordinary entry files: `entries/YYYY/MM/DATE-slug.md`,
/// or a folder `entries/YYYY/MM/DATE-slug/index.md` with the entry's photos beside it. Never
/// overwrites a file, and skips an entry whose source id an entry of the journal already has.
public enum ImportWriter {
    public struct Report: Sendable {
        /// Paths written (or that would be, with `dryRun`), relative to the journal.
        public var written: [String] = []
        /// Why each entry left alone was: `entries[3] (dayone_id ABC) is already in entries/...`.
        public var skipped: [String] = []
    }

    public static func write(_ entries: [ImportedEntry], journal: URL, dryRun: Bool) throws -> Report {
        var known = existingIDs(in: journal)
        var taken: Set<String> = []
        var report = Report()
        for entry in entries {
            let idLine = "\(entry.idKey): \(entry.id)"
            if let path = known[idLine] {
                report.skipped.append("\(entry.origin) (\(entry.idKey) \(entry.id)) is already in \(path)")
                continue
            }
            let path = freePath(for: entry, journal: journal, taken: &taken)
            known[idLine] = path
            report.written.append(path)
            if dryRun { continue }
            let url = journal.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            for file in entry.files {
                try FileManager.default.copyItem(at: file.source, to: url.deletingLastPathComponent().appendingPathComponent(file.name))
            }
            // `withoutOverwriting`: a file that appeared since the check is an error, not lost.
            try Data(text(of: entry).utf8).write(to: url, options: .withoutOverwriting)
        }
        return report
    }

    /// A path no file has and this run has not used: `-2`, `-3` after the slug when needed.
    static func freePath(for entry: ImportedEntry, journal: URL, taken: inout Set<String>) -> String {
        let day = entry.date.localDay
        let folder = "entries/\(day.iso8601.prefix(4))/\(day.iso8601.dropFirst(5).prefix(2))/"
        let slug = Slug.make(entry.title ?? "").nonEmpty.map { "-" + $0.prefix(60) } ?? ""
        let base = "\(day.iso8601)\(slug)"
        for number in 1... {
            let name = number == 1 ? base : "\(base)-\(number)"
            let path = folder + (entry.files.isEmpty ? "\(name).md" : "\(name)/index.md")
            let claimed = entry.files.isEmpty ? path : folder + name
            if !taken.contains(claimed) && !FileManager.default.fileExists(atPath: journal.appendingPathComponent(claimed).path) {
                taken.insert(claimed)
                return path
            }
        }
        fatalError("unreachable")
    }

    /// `key: id` of every `…_id:` line near the top of an entry (quoted or not), to the entry's path.
    static func existingIDs(in journal: URL) -> [String: String] {
        var ids: [String: String] = [:]
        for path in DirectoryWalker.files(under: journal.appendingPathComponent("entries").path) where JournalFiles.isEntryFile(path) {
            guard let data = FileManager.default.contents(atPath: journal.appendingPathComponent("entries/" + path).path),
                  let text = String(data: data, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n", maxSplits: 80).prefix(80) where line.contains("_id:") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let key = line[..<colon].trimmingCharacters(in: .whitespaces)
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                    .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
                ids["\(key): \(value)"] = "entries/" + path
            }
        }
        return ids
    }

    /// The entry file: YAML front-matter, then the body.
    static func text(of entry: ImportedEntry) -> String {
        var lines = ["---"]
        if let title = entry.title { lines.append("title: \(YAML.quoted(title))") }
        let clock = entry.date.clockTime.map { " " + $0 } ?? ""
        lines.append("date: \(entry.dateHasZone ? entry.date.iso8601 : entry.date.localDay.iso8601 + clock)")
        if !entry.tags.isEmpty { lines.append("tags: [\(entry.tags.map(YAML.quoted).joined(separator: ", "))]") }
        if let place = entry.place {
            lines.append("location:")
            if let name = place.name { lines.append("  name: \(YAML.quoted(name))") }
            if let latitude = place.latitude, let longitude = place.longitude {
                lines.append("  lat: \(latitude)")
                lines.append("  lon: \(longitude)")
            }
        }
        for (key, value) in entry.extra { lines.append("\(key): \(yaml(value))") }
        lines.append("\(entry.idKey): \(YAML.quoted(entry.id))")
        lines.append("---")
        lines.append("")
        return lines.joined(separator: "\n") + "\n" + entry.body.trimmingCharacters(in: .whitespacesAndNewlines) + "\n"
    }

    /// A value in YAML's flow style: a number as written by `numberText` plain, every other
    /// text quoted.
    static func yaml(_ value: FrontMatterValue) -> String {
        switch value {
        case .text(let text): return Double(text).map(numberText) == text ? text : YAML.quoted(text)
        case .list(let items): return "[" + items.map(yaml).joined(separator: ", ") + "]"
        case .map(let pairs): return "{" + pairs.sorted { $0.key < $1.key }.map { "\($0.key): \(yaml($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// `1019`, `12.5`, `-3`: a number as YAML reads it back as one.
    static func numberText(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
    }
}
