import Foundation
import Yams

/// The fields Daybook reads from an entry's front-matter, before the body is rendered.
struct FrontMatter: Sendable {
    var title: String?
    var date: LocalDateTime?
    var rating: Int?
    var place: Place?
    var tags: [String] = []
    var isDraft = false
    var slug: String?
    /// Hugo's `summary` (or a `description`), the excerpt lists show instead of the body's start.
    var summary: String?
    /// Hugo's `publishDate`, the date of an entry that has no `date`.
    var publishDate: LocalDateTime?
    var extra: [String: FrontMatterValue] = [:]
    var keyLines: [String: Int] = [:]
}

/// Reads front-matter (YAML, TOML or JSON) into `FrontMatter`, collecting every problem with its file position.
struct FrontMatterReader {
    let source: SourceText
    let split: FrontMatterSplit
    let dates: DateParser
    /// Whether Hugo's and Jekyll's `categories` join the tags (`categories_as_tags`).
    var categoriesAsTags = true
    private(set) var diagnostics: [Diagnostic] = []
    /// True when the YAML itself did not parse, so no key could be read.
    private(set) var yamlFailed = false

    init(source: SourceText, split: FrontMatterSplit, dates: DateParser) {
        self.source = source
        self.split = split
        self.dates = dates
    }

    mutating func read() -> FrontMatter {
        var result = FrontMatter()
        guard !split.yaml.allSatisfy(\.isWhitespace) || split.format == .json else { return result }
        guard let parsed = parseRoot(), !parsed.isNull else { return result }
        let root = parsed.replacingControlCharacters { node, scalar in
            diagnostics.append(warning("control character U+\(hex(scalar.value, 4, uppercase: true)) replaced with U+FFFD", at: node))
        }
        guard let mapping = root.mapping else {
            diagnostics.append(error("front-matter must be keys and values, such as `title: A day out`", at: root))
            yamlFailed = true
            return result
        }
        var seen: [String: Int] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar else {
                diagnostics.append(error("front-matter keys must be plain words", at: keyNode))
                continue
            }
            if let first = seen[key] {
                diagnostics.append(error("duplicate key '\(key)' (first given on line \(first))", at: keyNode))
                continue
            }
            seen[key] = fileLine(keyNode)
            result.keyLines[key] = fileLine(keyNode)
            if value.isNull { continue }
            readKey(key, value, into: &result)
        }
        if let summary = result.summary { result.summary = summary.isEmpty ? nil : summary }
        // Zola keeps tags and categories under `[taxonomies]`.
        if case .map(let taxonomies)? = result.extra["taxonomies"] {
            for tag in taxonomies["tags"].map(Self.words) ?? [] where !result.tags.contains(tag) { result.tags.append(tag) }
            if result.extra["categories"] == nil, let categories = taxonomies["categories"] { result.extra["categories"] = categories }
        }
        if categoriesAsTags, let categories = result.extra["categories"] {
            for tag in Self.words(categories) where !result.tags.contains(tag) { result.tags.append(tag) }
        }
        return result
    }

    private mutating func readKey(_ key: String, _ value: FrontMatterNode, into result: inout FrontMatter) {
        switch key {
        case "title": result.title = text(value, key: "title")
        case "date": result.date = date(value, key: "date")
        case "rating": result.rating = rating(value)
        case "location", "place": result.place = place(value)
        case "tags": result.tags = tags(value)
        case "draft": result.isDraft = bool(value, key: "draft") ?? false
        case "slug": result.slug = text(value, key: "slug")
        case "summary", "description":
            // Hugo's summary wins over a description meant for search engines.
            if key == "summary" || result.summary == nil { result.summary = text(value, key: key) }
            result.extra[key] = value.value
        case "publishDate", "expiryDate":
            // Read now for the error's position; kept as written, the assembler compares them.
            guard let parsed = date(value, key: key) else { break }
            result.extra[key] = .text(parsed.iso8601)
            if key == "publishDate" { result.publishDate = parsed }
        case "categories", "aliases", "redirect_from":
            _ = tags(value, key: key)
            result.extra[key] = value.value
        default: result.extra[key] = value.value
        }
    }

    /// The block parsed in its own syntax; nil (with a diagnostic) when it does not parse.
    private mutating func parseRoot() -> FrontMatterNode? {
        let base = split.yamlFirstLine
        do {
            switch split.format {
            case .yaml:
                // The basic resolver: Daybook reads raw scalar text itself, so tag-guessing regexes are wasted work.
                guard let node = try YAML.compose(split.yaml, .basic) else { return nil }
                return FrontMatterNode(node, lines: YAMLLines(split.yaml))
            case .toml:
                do { return try TOMLFrontMatter.parse(split.yaml) } catch {
                    diagnostics.append(source.error("malformed TOML in front-matter: \(error.message)",
                                                    line: base + error.line - 1, column: error.column))
                }
            case .json:
                do { return try JSONFrontMatter.parse(split.yaml).root } catch {
                    diagnostics.append(source.error("malformed JSON front-matter: \(error.message)",
                                                    line: base + error.line - 1, column: error.column))
                }
            }
        } catch {
            diagnostics.append(yamlDiagnostic(error))
        }
        yamlFailed = true
        return nil
    }

    /// The words of a list or comma-separated value, trimmed, without repeats.
    static func words(_ value: FrontMatterValue) -> [String] {
        let items: [String] = switch value {
        case .text(let text): text.split(separator: ",").map(String.init)
        case .list(let items): items.compactMap { if case .text(let text) = $0 { text } else { nil } }
        case .map: []
        }
        var unique: [String] = []
        for word in items.map({ $0.trimmingCharacters(in: .whitespaces) }) where !word.isEmpty && !unique.contains(word) {
            unique.append(word)
        }
        return unique
    }

    // MARK: Fields

    private mutating func text(_ node: FrontMatterNode, key: String) -> String? {
        guard let scalar = node.scalar else {
            diagnostics.append(error("\(key) must be text, got \(node.kindDescription)", at: node))
            return nil
        }
        let value = scalar.trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }

    private mutating func date(_ node: FrontMatterNode, key: String) -> LocalDateTime? {
        guard let raw = node.scalar else {
            diagnostics.append(error("\(key) must be a date such as 2024-05-01, got \(node.kindDescription)", at: node))
            return nil
        }
        do {
            return try dates.parse(raw)
        } catch {
            switch error {
            case .shape:
                diagnostics.append(self.error("\(key) '\(raw)' has an unknown shape; \(DateParser.shapeHint)", at: node))
            case .impossible(let why):
                diagnostics.append(self.error("\(key) '\(raw)' is impossible: \(why)", at: node))
            }
        }
        return nil
    }

    private mutating func rating(_ node: FrontMatterNode) -> Int? {
        let raw = node.scalar ?? node.kindDescription
        guard let value = Int(raw.trimmingCharacters(in: .whitespaces)), (0...5).contains(value) else {
            diagnostics.append(error("rating must be a whole number from 0 to 5, got \(raw)", at: node))
            return nil
        }
        return value
    }

    private mutating func place(_ node: FrontMatterNode) -> Place? {
        if let scalar = node.scalar {
            let name = scalar.trimmingCharacters(in: .whitespaces)
            if name.lowercased().hasPrefix("geo:") {
                guard let place = GeoURI.place(name) else {
                    diagnostics.append(error("location '\(name)' is not a geo URI such as geo:35.6,139.5 (latitude -90 to 90, longitude -180 to 180)", at: node))
                    return nil
                }
                return place
            }
            return name.isEmpty ? nil : Place(name: name)
        }
        guard let mapping = node.mapping else {
            diagnostics.append(error("location must be a place name or {name, lat, lon}, got \(node.kindDescription)", at: node))
            return nil
        }
        var place = Place(name: nil)
        var latitudeNode: FrontMatterNode?, longitudeNode: FrontMatterNode?
        for (keyNode, value) in mapping {
            switch keyNode.scalar ?? "" {
            case "name": place.name = text(value, key: "location name")
            case "lat", "latitude":
                latitudeNode = value
                place.latitude = coordinate(value, name: "latitude", limit: 90)
            case "lon", "lng", "long", "longitude":
                longitudeNode = value
                place.longitude = coordinate(value, name: "longitude", limit: 180)
            case let other:
                diagnostics.append(warning("unknown location key '\(other)' is ignored; use name, lat and lon", at: keyNode))
            }
        }
        if (latitudeNode == nil) != (longitudeNode == nil) {
            diagnostics.append(error("location needs both lat and lon, or neither", at: node))
            return nil
        }
        if place.name == nil && place.latitude == nil {
            diagnostics.append(error("location needs a name or coordinates", at: node))
            return nil
        }
        if (latitudeNode != nil && place.latitude == nil) || (longitudeNode != nil && place.longitude == nil) {
            return nil
        }
        return place
    }

    private mutating func coordinate(_ node: FrontMatterNode, name: String, limit: Double) -> Double? {
        let raw = node.scalar ?? node.kindDescription
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        // Decimal only: Swift's Double(_:) also reads hexadecimal (`0x1p4` is 16) and `nan`.
        guard trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }),
              let value = Double(trimmed), value.isFinite, abs(value) <= limit else {
            diagnostics.append(error("\(name) must be a number from \(Int(-limit)) to \(Int(limit)), got \(raw)", at: node))
            return nil
        }
        return value
    }

    private mutating func tags(_ node: FrontMatterNode, key: String = "tags") -> [String] {
        let items: [String]
        if let scalar = node.scalar {
            items = scalar.split(separator: ",").map(String.init)
        } else if let sequence = node.sequence {
            var collected: [String] = []
            for item in sequence {
                guard let scalar = item.scalar else {
                    diagnostics.append(error("\(key) must be a list of words, got \(item.kindDescription) in the list", at: item))
                    continue
                }
                collected.append(scalar)
            }
            items = collected
        } else {
            diagnostics.append(error("\(key) must be a list such as [travel, sea] or a comma-separated string, got \(node.kindDescription)", at: node))
            return []
        }
        var unique: [String] = []
        for tag in items.map({ $0.trimmingCharacters(in: .whitespaces) }) where !tag.isEmpty && !unique.contains(tag) {
            unique.append(tag)
        }
        return unique
    }

    private mutating func bool(_ node: FrontMatterNode, key: String) -> Bool? {
        if let flag = node.flag { return flag }
        diagnostics.append(error("\(key) must be true or false, got \(node.scalar ?? node.kindDescription)", at: node))
        return nil
    }

    // MARK: Locations

    private func fileLine(_ node: FrontMatterNode) -> Int {
        split.yamlFirstLine + node.line - 1
    }

    private func error(_ message: String, at node: FrontMatterNode) -> Diagnostic {
        source.error(message, line: fileLine(node), column: node.column)
    }

    private func warning(_ message: String, at node: FrontMatterNode) -> Diagnostic {
        source.warning(message, line: fileLine(node), column: node.column)
    }

    private func yamlDiagnostic(_ error: Error) -> Diagnostic {
        let problem = YAML.Problem(error)
        let lines = YAMLLines(split.yaml)
        if let key = problem.duplicateKey {
            // Point at the repeated key itself, not at its mapping.
            let keyLines = split.yaml.split(separator: "\n", omittingEmptySubsequences: false)
            let matches = keyLines.indices.filter { keyLines[$0].hasPrefix("\(key):") }
            if matches.count >= 2 {
                return source.error("duplicate key '\(key)' (first given on line \(split.yamlFirstLine + matches[0]))",
                                    line: split.yamlFirstLine + matches[1])
            }
        }
        let found = lines.position(line: problem.line, column: problem.column)
        if problem.duplicateKey != nil {
            return source.error(problem.message, line: split.yamlFirstLine + found.line - 1, column: found.column)
        }
        guard let context = problem.context else {
            return source.error("malformed YAML in front-matter: \(problem.message)", line: split.yamlFirstLine + found.line - 1, column: found.column)
        }
        // Where the broken construct starts is where the writer has to look; where libyaml gave up
        // (often the end of the block) is said in the message.
        let start = lines.position(line: context.line, column: context.column)
        return source.error("malformed YAML in front-matter: \(context.text) started here: \(problem.message) at line \(split.yamlFirstLine + found.line - 1), column \(found.column)",
                            line: split.yamlFirstLine + start.line - 1, column: start.column)
    }
}
