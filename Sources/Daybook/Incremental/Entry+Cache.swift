/// Entries and diagnostics in the build cache's binary form.
extension Entry {
    /// A digest of everything a list or a pager can show of the entry: all it was parsed to but
    /// its body (its excerpt is in). Its address is not: pages hash it beside, since a clash
    /// elsewhere in the journal can change it. Nor are its count of words, which no row shows
    /// (the pages that count words, the calendars, the numbers and a writer's page, key the
    /// counts themselves), and the lines of its front matter's keys, which only messages name:
    /// so words added past the excerpt make the entry's page again, not the lists that show it.
    var listKey: [UInt8] {
        var entry = bodyless
        entry.wordCount = 0
        entry.keyLines = [:]
        var writer = ByteWriter(capacity: 512)
        entry.encode(into: &writer)
        return ContentHash.digest(writer.bytes)
    }

    /// The entry without its rendered body and text: what the build cache keeps of it (the body
    /// store has the rest).
    var bodyless: Entry {
        var entry = self
        entry.html = ""
        entry.plainText = ""
        return entry
    }

    func encode(into writer: inout ByteWriter) {
        writer.string(self.sourcePath)
        writer.optionalString(self.title)
        let date = self.date
        for field in [date.year, date.month, date.day, date.hour, date.minute, date.second, date.utcOffset] { writer.int(field) }
        writer.bool(date.hasTime)
        writer.int(self.rating ?? -1)
        writer.bool(self.place != nil)
        if let place = self.place {
            writer.optionalString(place.name)
            writer.optionalString(place.latitude.map { String($0) })
            writer.optionalString(place.longitude.map { String($0) })
        }
        writer.list(self.tags) { $0.string($1) }
        writer.bool(self.isDraft)
        writer.optionalString(self.explicitSlug)
        writer.list(self.extra.sorted { $0.key < $1.key }) { writer, pair in
            writer.string(pair.key)
            pair.value.encode(into: &writer)
        }
        writer.list(self.keyLines.sorted { $0.key < $1.key }) { writer, pair in
            writer.string(pair.key)
            writer.int(pair.value)
        }
        writer.string(self.slug)
        writer.string(self.html)
        writer.string(self.plainText)
        writer.string(self.excerpt)
        writer.int(self.wordCount)
    }

    init(from reader: inout ByteReader) throws(ByteReader.Damaged) {
        let path = try reader.string()
        let title = try reader.optionalString()
        let date = LocalDateTime(year: try reader.int(), month: try reader.int(), day: try reader.int(),
                                 hour: try reader.int(), minute: try reader.int(), second: try reader.int(),
                                 utcOffset: try reader.int(), hasTime: try reader.bool())
        let rating = try reader.int()
        var place: Place?
        if try reader.bool() {
            place = Place(name: try reader.optionalString(), latitude: try reader.optionalString().flatMap(Double.init),
                          longitude: try reader.optionalString().flatMap(Double.init))
        }
        let tags = try reader.list { try $0.string() }
        let isDraft = try reader.bool()
        let slug = try reader.optionalString()
        let extra = Dictionary(try reader.list { (try $0.string(), try FrontMatterValue(from: &$0)) }, uniquingKeysWith: { _, last in last })
        let keyLines = Dictionary(try reader.list { (try $0.string(), try $0.int()) }, uniquingKeysWith: { _, last in last })
        self.init(sourcePath: path, title: title, date: date, rating: rating < 0 ? nil : rating, place: place, tags: tags,
                  isDraft: isDraft, explicitSlug: slug, extra: extra, keyLines: keyLines, slug: try reader.string(),
                  html: try reader.string(), plainText: try reader.string(), excerpt: try reader.string(), wordCount: try reader.int())
    }
}

extension FrontMatterValue {
    func encode(into writer: inout ByteWriter) {
        switch self {
        case .text(let text):
            writer.int(0)
            writer.string(text)
        case .list(let items):
            writer.int(1)
            writer.list(items) { $1.encode(into: &$0) }
        case .map(let pairs):
            writer.int(2)
            writer.list(pairs.sorted { $0.key < $1.key }) { writer, pair in
                writer.string(pair.key)
                pair.value.encode(into: &writer)
            }
        }
    }

    init(from reader: inout ByteReader) throws(ByteReader.Damaged) {
        switch try reader.int() {
        case 0: self = .text(try reader.string())
        case 1: self = .list(try reader.list { try FrontMatterValue(from: &$0) })
        case 2: self = .map(Dictionary(try reader.list { (try $0.string(), try FrontMatterValue(from: &$0)) }, uniquingKeysWith: { _, last in last }))
        default: throw ByteReader.Damaged()
        }
    }
}

extension Diagnostic {
    func encode(into writer: inout ByteWriter) {
        writer.bool(severity == .error)
        writer.string(message)
        writer.optionalString(location?.file)
        writer.int(location?.line ?? 0)
        writer.int(location?.column ?? 0)
        writer.optionalString(sourceLine)
    }

    init(from reader: inout ByteReader) throws(ByteReader.Damaged) {
        let severity: Severity = try reader.bool() ? .error : .warning
        let message = try reader.string()
        let file = try reader.optionalString()
        let line = try reader.int(), column = try reader.int()
        self.init(severity, message, at: file.map { SourceLocation(file: $0, line: line, column: column) },
                  sourceLine: try reader.optionalString())
    }
}
