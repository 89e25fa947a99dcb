import Foundation

/// Reads the entries of a Day One journal JSON file: `creationDate` (UTC) shown in the entry's
/// own `timeZone`, the text (a first `# heading` line becomes the title), tags, `starred` (as a
/// tag), the location, the weather (kept as `weather:`), and photos, whose
/// `dayone-moment://ID` references become the names of the files placed beside the entry.
public struct DayOneReader {
    public var starredTag = "starred"
    let photosFolder: URL

    public init(photosFolder: URL) { self.photosFolder = photosFolder }

    public func read(_ file: URL) throws(ImportFailure) -> [ImportedEntry] {
        let (root, source) = try ExportJSON.read(file)
        guard let list = ExportJSON.field(root, "entries"), let items = list.sequence else {
            throw ImportFailure([ExportJSON.error("a Day One export has a list of \"entries\"", at: root, path: "$", in: source)])
        }
        var entries: [ImportedEntry] = [], problems: [Diagnostic] = []
        for (index, item) in items.enumerated() {
            do {
                entries.append(try entry(item, path: "entries[\(index)]", source: source))
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw ImportFailure(problems) }
        return entries
    }

    private func entry(_ node: FrontMatterNode, path: String, source: SourceText) throws(ImportFailure) -> ImportedEntry {
        func fail(_ message: String, _ at: FrontMatterNode) -> ImportFailure {
            ImportFailure([ExportJSON.error(message, at: at, path: path, in: source)])
        }
        guard let uuid = ExportJSON.field(node, "uuid")?.scalar else { throw fail("an entry needs its \"uuid\"", node) }
        guard let created = ExportJSON.field(node, "creationDate") else { throw fail("an entry needs its \"creationDate\"", node) }
        let zone = ExportJSON.field(node, "timeZone")?.scalar.flatMap(TimeZone.init(identifier:)) ?? .gmt
        guard let date = Self.localDate(created.scalar ?? "", in: zone) else {
            throw fail("creationDate '\(created.scalar ?? "")' is not a date such as 2024-05-01T06:30:00Z", created)
        }
        var body: String
        let title: String?
        (title, body) = Self.titleAndBody(ExportJSON.field(node, "text")?.scalar ?? "")
        var entry = ImportedEntry(idKey: "dayone_id", id: uuid, date: date, title: title, body: body, origin: path)
        entry.tags = ExportJSON.field(node, "tags").map { FrontMatterReader.words($0.value) } ?? []
        if ExportJSON.field(node, "starred")?.flag == true, !entry.tags.contains(starredTag) { entry.tags.append(starredTag) }
        entry.place = ExportJSON.field(node, "location").flatMap(Self.place)
        if let weather = ExportJSON.field(node, "weather"), weather.mapping != nil { entry.extra.append(("weather", Self.numbers(weather.value))) }
        (entry.files, body) = photos(ExportJSON.field(node, "photos")?.sequence ?? [], body: body)
        entry.body = body
        return entry
    }

    /// The UTC date-time as the wall clock read where the entry was written, with its offset.
    static func localDate(_ text: String, in zone: TimeZone) -> LocalDateTime? {
        let formatter = ISO8601DateFormatter()
        guard let instant = formatter.date(from: text) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        return LocalDateTime(year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!,
                             second: parts.second!, utcOffset: zone.secondsFromGMT(for: instant), hasTime: true)
    }

    /// A first line `# Heading` is the title, and so is a plain first line followed by a blank
    /// line: Day One shows an entry's first line as its title, and older exports write it plain.
    /// The rest is the body.
    static func titleAndBody(_ text: String) -> (String?, String) {
        let trimmed = text.drop { $0 == "\n" || $0 == " " }
        let firstLine = trimmed.prefix { $0 != "\n" }
        let rest = trimmed.dropFirst(firstLine.count)
        let title: String
        if trimmed.hasPrefix("# ") {
            title = firstLine.dropFirst(2).trimmingCharacters(in: .whitespaces)
        } else if rest.hasPrefix("\n\n") || rest.hasPrefix("\n \n"), isPlainLine(firstLine) {
            title = unescaped(firstLine.trimmingCharacters(in: .whitespaces))
        } else {
            return (nil, text)
        }
        return (title.isEmpty ? nil : title, String(rest))
    }

    /// A line of words, not the start of a Markdown block (a list, a quote, a picture, a table).
    private static func isPlainLine(_ line: Substring) -> Bool {
        let start = line.drop { $0 == " " }
        guard let first = start.first else { return false }
        if ["#", ">", "-", "*", "+", "|", "`", "<", "~", "="].contains(first) || start.hasPrefix("![") { return false }
        let digits = start.prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty || !(start.dropFirst(digits.count).hasPrefix(". ") || start.dropFirst(digits.count).hasPrefix(") "))
    }

    /// Day One's Markdown escapes (`Jeju\!`) taken out of a title, which is plain text.
    private static func unescaped(_ line: String) -> String {
        var result = "", escaping = false
        for character in line {
            if !escaping, character == "\\" { escaping = true; continue }
            if escaping, !(character.isASCII && character.isPunctuation || character.isSymbol) { result.append("\\") }
            escaping = false
            result.append(character)
        }
        return escaping ? result + "\\" : result
    }

    /// Day One writes every number of `weather` as a string (`pressureMB: "1019"`): kept as numbers.
    static func numbers(_ value: FrontMatterValue) -> FrontMatterValue {
        switch value {
        case .map(let pairs): return .map(pairs.mapValues(numbers))
        case .list(let items): return .list(items.map(numbers))
        case .text(let text):
            guard let number = Double(text), number.isFinite else { return value }
            return .text(ImportWriter.numberText(number))
        }
    }

    static func place(_ node: FrontMatterNode) -> Place? {
        let name = ExportJSON.field(node, "placeName")?.scalar ?? ExportJSON.field(node, "localityName")?.scalar
        let latitude = ExportJSON.field(node, "latitude")?.scalar.flatMap(Double.init)
        let longitude = ExportJSON.field(node, "longitude")?.scalar.flatMap(Double.init)
        guard name != nil || (latitude != nil && longitude != nil) else { return nil }
        return Place(name: name, latitude: longitude == nil ? nil : latitude, longitude: latitude == nil ? nil : longitude)
    }

    /// Photos found in the export's `photos/` folder (named by their md5), named `photo-1.jpeg`
    /// and so on beside the entry, and the body with their references rewritten.
    private func photos(_ items: [FrontMatterNode], body: String) -> ([(name: String, source: URL)], String) {
        var files: [(name: String, source: URL)] = []
        var body = body
        for item in items {
            guard let identifier = ExportJSON.field(item, "identifier")?.scalar,
                  let md5 = ExportJSON.field(item, "md5")?.scalar else { continue }
            let type = ExportJSON.field(item, "type")?.scalar ?? "jpeg"
            let source = photosFolder.appendingPathComponent("\(md5).\(type)")
            guard FileManager.default.fileExists(atPath: source.path) else { continue }
            let name = "photo-\(files.count + 1).\(type)"
            files.append((name, source))
            let reference = "dayone-moment://\(identifier)"
            if body.contains(reference) {
                body = body.replacingOccurrences(of: reference, with: name)
            } else {
                body += "\n\n![](\(name))"
            }
        }
        return (files, body)
    }
}
