import Foundation

/// Creates a new entry file for `daybook new`, never overwriting an existing one.
public enum EntryCreator {
    /// Writes `entries/YYYY/MM/YYYY-MM-DD[-slug].md` dated `date` (or now, in the journal's zone)
    /// and returns its path relative to the journal.
    /// - Parameter body: the entry's text, below the front-matter (`--no-edit` with text on standard input).
    /// - Parameter into: one of the journals `daybook.yml` names: the entry goes in its folder, `entries/travel/YYYY/MM/`.
    public static func create(journal: URL, title: String?, date: String? = nil, body: String = "", into name: String? = nil,
                              now: Date = Date()) throws(BuildFailure) -> String {
        let settingsText = (try? String(contentsOf: journal.appendingPathComponent(SettingsLoader.fileName), encoding: .utf8))
        let (settings, problems) = Settings.load(root: journal, text: settingsText)
        if problems.hasErrors { throw BuildFailure(problems) }
        if let name, let problem = JournalNames.problem(writingTo: name, journal: journal) { throw BuildFailure([problem]) }
        let zone = TimeZone(identifier: settings.timeZone) ?? .gmt

        let when: LocalDateTime
        if let date {
            if let parsed = try? DateParser(timeZone: zone).parse(date) {
                when = parsed
            } else if let relative = RelativeDate.parse(date, now: now, in: zone) {
                when = relative
            } else {
                throw BuildFailure([.error("--date '\(date)' is not a date; \(DateParser.shapeHint); \(RelativeDate.hint)")])
            }
        } else {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
            when = LocalDateTime(year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!,
                                 minute: parts.minute!, utcOffset: zone.secondsFromGMT(for: now), hasTime: true)
        }
        let title = title?.trimmingCharacters(in: .whitespacesAndNewlines).nonEmpty
        let day = when.localDay.iso8601
        let folder = "entries/\(name.map { $0 + "/" } ?? "")\(pad(when.year, 4))/\(pad(when.month, 2))"
        let stem = [day, title.map(Slug.make)?.nonEmpty].compactMap { $0 }.joined(separator: "-")

        var frontMatter = "---\n"
        if let title { frontMatter += "title: \(YAML.quoted(title))\n" }
        frontMatter += "date: \(day)\(when.clockTime.map { " " + $0 } ?? "")\n---\n\n"

        let manager = FileManager.default
        do {
            try manager.createDirectory(at: journal.appendingPathComponent(folder), withIntermediateDirectories: true)
        } catch {
            throw BuildFailure([.error("could not create \(folder): \(error.localizedDescription)")])
        }
        for attempt in 1...1000 {
            let path = "\(folder)/\(stem)\(attempt == 1 ? "" : "-\(attempt)").md"
            let url = journal.appendingPathComponent(path)
            // O_EXCL: the file is created only if nothing is there, even if another process races us.
            let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw BuildFailure([.error("could not create \(path): \(String(cString: strerror(errno)))")])
            }
            let text = body.isEmpty || body.hasSuffix("\n") ? body : body + "\n"
            let bytes = Array((frontMatter + text).utf8)
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
            guard written == bytes.count else { throw BuildFailure([.error("could not write \(path)")]) }
            return path
        }
        throw BuildFailure([.error("too many entries named \(stem) in \(folder)")])
    }
}
