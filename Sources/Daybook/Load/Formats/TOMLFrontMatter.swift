import Foundation
import TOMLKit

/// Reads TOML front-matter (between `+++` lines, as Hugo and Zola write it) into the same
/// nodes as YAML. TOML's own dates become the text shapes `DateParser` reads: a local date
/// `2022-08-08`, a local date-time `2022-08-08T09:30:00`, an offset one `...+09:00`.
enum TOMLFrontMatter {
    /// A problem in the TOML, positioned within the text given (1-based).
    struct Problem: Error, Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    static func parse(_ text: String) throws(Problem) -> FrontMatterNode {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw Problem(message: error.description, line: max(1, error.source.begin.line), column: max(1, error.source.begin.column))
        } catch {
            throw Problem(message: "\(error)", line: 1, column: 1)
        }
        let positions = keyPositions(text)
        var pairs: [(key: FrontMatterNode, value: FrontMatterNode)] = []
        for key in table.keys {
            guard let value = table[key] else { continue }
            let (line, column) = positions[key] ?? (1, 1)
            pairs.append((FrontMatterNode(.scalar(key, plain: false), line: line, column: 1),
                          node(value, line: line, column: column)))
        }
        // toml++ hands keys back sorted; the file's order reads better in keyLines and errors.
        pairs.sort { ($0.key.line, $0.key.scalar ?? "") < ($1.key.line, $1.key.scalar ?? "") }
        return FrontMatterNode(.map(pairs), line: 1, column: 1)
    }

    /// Nested values get their top-level key's line: TOMLKit gives no position per value.
    private static func node(_ value: TOMLValueConvertible, line: Int, column: Int) -> FrontMatterNode {
        func scalar(_ text: String, plain: Bool = true) -> FrontMatterNode {
            FrontMatterNode(.scalar(text, plain: plain), line: line, column: column)
        }
        switch value.type {
        case .string: return scalar(value.string ?? "", plain: false)
        case .int: return scalar(value.int.map(String.init) ?? "")
        case .double: return scalar(value.double.map { "\($0)" } ?? "")
        case .bool: return scalar(value.bool == true ? "true" : "false")
        case .date: return scalar(value.date.map(dateText) ?? "")
        case .time: return scalar(value.time.map(timeText) ?? "")
        case .dateTime: return scalar(value.dateTime.map(dateTimeText) ?? "")
        case .array:
            let items = (value.array.map(Array.init) ?? []).map { node($0, line: line, column: column) }
            return FrontMatterNode(.list(items), line: line, column: column)
        case .table:
            guard let table = value.table else { return FrontMatterNode(.map([]), line: line, column: column) }
            let pairs = table.keys.compactMap { key in
                table[key].map { (key: scalar(key, plain: false), value: node($0, line: line, column: column)) }
            }
            return FrontMatterNode(.map(pairs), line: line, column: column)
        }
    }

    static func dateText(_ date: TOMLDate) -> String {
        "\(pad(date.year, 4))-\(pad(date.month))-\(pad(date.day))"
    }

    static func timeText(_ time: TOMLTime) -> String {
        "\(pad(time.hour)):\(pad(time.minute)):\(pad(time.second))"
    }

    static func dateTimeText(_ value: TOMLDateTime) -> String {
        var text = dateText(value.date) + "T" + timeText(value.time)
        if let offset = value.offset?.offset {
            text += offset == 0 ? "Z" : "\(offset < 0 ? "-" : "+")\(pad(abs(offset) / 60)):\(pad(abs(offset) % 60))"
        }
        return text
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// Line and value column of each top-level key: `key = ...` before the first table header,
    /// `[key]` / `[[key]]` headers, and the first part of a dotted key (`location.lat = 1`).
    static func keyPositions(_ text: String) -> [String: (Int, Int)] {
        var positions: [String: (Int, Int)] = [:]
        var inTable = false
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            let indent = raw.count - line.count
            if line.hasPrefix("[") {
                inTable = true
                let name = line.drop { $0 == "[" }.prefix { $0 != "]" && $0 != "." }
                let key = unquoted(name.trimmingCharacters(in: .whitespaces))
                if positions[key] == nil { positions[key] = (offset + 1, indent + 1) }
                continue
            }
            guard !inTable, let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            let key = unquoted(String(line[..<equals].prefix { $0 != "." }).trimmingCharacters(in: .whitespaces))
            let valueStart = line[line.index(after: equals)...].prefix { $0 == " " || $0 == "\t" }.count
            let column = indent + line.distance(from: line.startIndex, to: equals) + 2 + valueStart
            if positions[key] == nil { positions[key] = (offset + 1, column) }
        }
        return positions
    }

    private static func unquoted(_ key: String) -> String {
        guard key.count >= 2, let first = key.first, first == "\"" || first == "'", key.last == first else { return key }
        return String(key.dropFirst().dropLast())
    }
}
