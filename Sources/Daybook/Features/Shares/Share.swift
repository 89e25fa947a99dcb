import Foundation
import Yams

/// One entry shared by a link (`daybook share`): the entry file and the random id made when it
/// was shared, so a share made again gets a new id and so a new key. Where it is listed, for errors.
public struct Share: Sendable, Hashable {
    /// The entry file, relative to the journal (`entries/2024/05-02.md`).
    public var entry: String
    /// 16 random bytes in hex: names the sealed copy, and with the entry and the site key gives its key.
    public var id: String
    /// `shares.yml` or `daybook.yml`, and the line of the item.
    public var file: String
    public var line: Int

    var location: SourceLocation { SourceLocation(file: file, line: line) }

    /// A new share of `entry` with a fresh id from the system's random source.
    static func new(_ entry: String, file: String = ShareList.fileName) -> Share {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Share(entry: entry, id: hexString(bytes), file: file, line: 0)
    }
}

/// The shares of `daybook.yml`'s `shares:` key. Its description is constant: what is shared is in
/// no public page, so it must not be part of any page's key.
public struct ShareSettings: Sendable, Hashable, CustomStringConvertible {
    public var items: [Share] = []
    public init() {}
    public var description: String { "shares" }
}

/// Reads and writes the list of shares: `shares.yml` beside `daybook.yml`, which `daybook share`
/// keeps, and the same list under `shares:` in `daybook.yml`, which only the user edits (the
/// command never rewrites `daybook.yml`, which would lose its comments).
enum ShareList {
    static let fileName = "shares.yml"

    /// The items of a list node: each `{entry: <path>, id: <hex>}`.
    static func read(_ node: Node, source: SourceText) -> ([Share], [Diagnostic]) {
        guard let items = node.sequence else {
            return ([], [source.error("shares must be a list of {entry: <file>, id: <id>}", line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)])
        }
        var shares: [Share] = [], problems: [Diagnostic] = []
        for item in items {
            let line = item.mark?.line ?? 1, column = item.mark?.column ?? 1
            guard let map = item.mapping, let entry = map["entry"]?.scalar?.string, !entry.isEmpty,
                  let id = map["id"]?.scalar?.string, isID(id) else {
                problems.append(source.error("a share needs entry: <file> and id: <32 hex digits> (made by daybook share)", line: line, column: column))
                continue
            }
            if shares.contains(where: { $0.id == id }) {
                problems.append(source.error("two shares have the id \(id)", line: line, column: column))
                continue
            }
            shares.append(Share(entry: entry, id: id, file: source.path, line: line))
        }
        return (shares, problems)
    }

    /// The shares of `shares.yml`'s text (nil: no such file).
    static func read(text: String?) -> ([Share], [Diagnostic]) {
        guard let text else { return ([], []) }
        let source = SourceText(path: fileName, text: text.replacingOccurrences(of: "\r\n", with: "\n"))
        do {
            guard let node = try YAML.compose(source.text), !YAML.isNull(node) else { return ([], []) }
            return read(node, source: source)
        } catch {
            return ([], [.error("could not read the list of shares: \(error)", at: SourceLocation(file: fileName))])
        }
    }

    static func isID(_ id: String) -> Bool {
        id.utf8.count == 32 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// `shares.yml` as `daybook share` writes it: a comment, then one item per share.
    static func text(_ shares: [Share]) -> String {
        var text = "# Entries shared by a link, written by `daybook share` (docs/shares.md).\n"
            + "# Remove an item (or run `daybook share --revoke FILE`) to unshare; sharing again makes a new link.\n\n"
        if shares.isEmpty { return text + "[]\n" }
        for share in shares { text += "- entry: \(YAML.quoted(share.entry))\n  id: \(share.id)\n" }
        return text
    }
}

extension Shares {
    static let settingsKeys: Set<String> = ["shares"]

    static func readSetting(_ key: String, _ value: Node, into settings: inout Settings, source: SourceText) -> [Diagnostic] {
        guard key == "shares", !YAML.isNull(value) else { return [] }
        let (shares, problems) = ShareList.read(value, source: source)
        settings.shares.items = shares
        return problems
    }
}
