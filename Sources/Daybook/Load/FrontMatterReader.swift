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
    var extra: [String: FrontMatterValue] = [:]
    var keyLines: [String: Int] = [:]
}

/// Reads YAML front-matter into `FrontMatter`, collecting every problem with its file position.
struct FrontMatterReader {
    let source: SourceText
    let split: FrontMatterSplit
    let dates: DateParser
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
        guard !split.yaml.allSatisfy(\.isWhitespace) else { return result }
        let root: Node?
        do {
            // The basic resolver: Daybook reads raw scalar text itself, so tag-guessing regexes are wasted work.
            root = try Yams.compose(yaml: split.yaml, .basic, .default, .utf8)
        } catch {
            diagnostics.append(yamlDiagnostic(error))
            yamlFailed = true
            return result
        }
        guard let root, !YAML.isNull(root) else { return result }
        guard let mapping = root.mapping else {
            diagnostics.append(error("front-matter must be keys and values, such as `title: A day out`", at: root))
            yamlFailed = true
            return result
        }
        var seen: [String: Int] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                diagnostics.append(error("front-matter keys must be plain words", at: keyNode))
                continue
            }
            if let first = seen[key] {
                diagnostics.append(error("duplicate key '\(key)' (first given on line \(first))", at: keyNode))
                continue
            }
            seen[key] = fileLine(keyNode)
            result.keyLines[key] = fileLine(keyNode)
            if YAML.isNull(value) { continue }
            switch key {
            case "title": result.title = text(value, key: "title")
            case "date": result.date = date(value)
            case "rating": result.rating = rating(value)
            case "location", "place": result.place = place(value)
            case "tags": result.tags = tags(value)
            case "draft": result.isDraft = bool(value, key: "draft") ?? false
            case "slug": result.slug = text(value, key: "slug")
            default: result.extra[key] = FrontMatterValue(value)
            }
        }
        return result
    }

    // MARK: Fields

    private mutating func text(_ node: Node, key: String) -> String? {
        guard let scalar = node.scalar else {
            diagnostics.append(error("\(key) must be text, got \(node.kindDescription)", at: node))
            return nil
        }
        let value = scalar.string.trimmingCharacters(in: .whitespacesAndNewlines)
        return value.isEmpty ? nil : value
    }

    private mutating func date(_ node: Node) -> LocalDateTime? {
        guard let raw = node.scalar?.string else {
            diagnostics.append(error("date must be a date such as 2024-05-01, got \(node.kindDescription)", at: node))
            return nil
        }
        do {
            return try dates.parse(raw)
        } catch {
            switch error {
            case .shape:
                diagnostics.append(self.error("date '\(raw)' has an unknown shape; \(DateParser.shapeHint)", at: node))
            case .impossible(let why):
                diagnostics.append(self.error("date '\(raw)' is impossible: \(why)", at: node))
            }
        }
        return nil
    }

    private mutating func rating(_ node: Node) -> Int? {
        let raw = node.scalar?.string ?? node.kindDescription
        guard let value = Int(raw.trimmingCharacters(in: .whitespaces)), (0...5).contains(value) else {
            diagnostics.append(error("rating must be a whole number from 0 to 5, got \(raw)", at: node))
            return nil
        }
        return value
    }

    private mutating func place(_ node: Node) -> Place? {
        if let scalar = node.scalar {
            let name = scalar.string.trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? nil : Place(name: name)
        }
        guard let mapping = node.mapping else {
            diagnostics.append(error("location must be a place name or {name, lat, lon}, got \(node.kindDescription)", at: node))
            return nil
        }
        var place = Place(name: nil)
        var latitudeNode: Node?, longitudeNode: Node?
        for (keyNode, value) in mapping {
            switch keyNode.scalar?.string ?? "" {
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

    private mutating func coordinate(_ node: Node, name: String, limit: Double) -> Double? {
        let raw = node.scalar?.string ?? node.kindDescription
        guard let value = Double(raw.trimmingCharacters(in: .whitespaces)), value.isFinite, abs(value) <= limit else {
            diagnostics.append(error("\(name) must be a number from \(Int(-limit)) to \(Int(limit)), got \(raw)", at: node))
            return nil
        }
        return value
    }

    private mutating func tags(_ node: Node) -> [String] {
        let items: [String]
        if let scalar = node.scalar {
            items = scalar.string.split(separator: ",").map(String.init)
        } else if let sequence = node.sequence {
            var collected: [String] = []
            for item in sequence {
                guard let scalar = item.scalar else {
                    diagnostics.append(error("tags must be a list of words, got \(item.kindDescription) in the list", at: item))
                    continue
                }
                collected.append(scalar.string)
            }
            items = collected
        } else {
            diagnostics.append(error("tags must be a list such as [travel, sea] or a comma-separated string, got \(node.kindDescription)", at: node))
            return []
        }
        var unique: [String] = []
        for tag in items.map({ $0.trimmingCharacters(in: .whitespaces) }) where !tag.isEmpty && !unique.contains(tag) {
            unique.append(tag)
        }
        return unique
    }

    private mutating func bool(_ node: Node, key: String) -> Bool? {
        if let flag = YAML.flag(node) { return flag }
        diagnostics.append(error("\(key) must be true or false, got \(node.scalar?.string ?? node.kindDescription)", at: node))
        return nil
    }

    // MARK: Locations

    private func fileLine(_ node: Node) -> Int {
        split.yamlFirstLine + (node.mark?.line ?? 1) - 1
    }

    private func error(_ message: String, at node: Node) -> Diagnostic {
        source.error(message, line: fileLine(node), column: node.mark?.column ?? 1)
    }

    private func warning(_ message: String, at node: Node) -> Diagnostic {
        source.warning(message, line: fileLine(node), column: node.mark?.column ?? 1)
    }

    private func yamlDiagnostic(_ error: Error) -> Diagnostic {
        let problem = YAML.Problem(error)
        let line = split.yamlFirstLine + problem.line - 1
        if let key = problem.duplicateKey {
            // Point at the repeated key itself, not at its mapping.
            let lines = split.yaml.split(separator: "\n", omittingEmptySubsequences: false)
            let matches = lines.indices.filter { lines[$0].hasPrefix("\(key):") }
            if matches.count >= 2 {
                return source.error("duplicate key '\(key)' (first given on line \(split.yamlFirstLine + matches[0]))",
                                    line: split.yamlFirstLine + matches[1])
            }
            return source.error(problem.message, line: line, column: problem.column)
        }
        let detail = problem.context.map { " (\($0.text) started at line \(split.yamlFirstLine + $0.line - 1), column \($0.column))" } ?? ""
        return source.error("malformed YAML in front-matter: \(problem.message)\(detail)", line: line, column: problem.column)
    }
}

extension FrontMatterValue {
    init(_ node: Node) {
        switch node {
        case .scalar(let scalar): self = .text(scalar.string)
        case .sequence(let sequence): self = .list(sequence.map(FrontMatterValue.init))
        case .mapping(let mapping):
            var pairs: [String: FrontMatterValue] = [:]
            for (key, value) in mapping { pairs[key.scalar?.string ?? ""] = FrontMatterValue(value) }
            self = .map(pairs)
        case .alias: self = .text("")
        }
    }
}
