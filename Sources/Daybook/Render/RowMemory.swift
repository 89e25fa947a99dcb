import Synchronization

/// The rows of lists the last build of this process rendered, kept for the next one: the
/// preview's (`BuildOptions.remembersRows`). A save renders again the lists that show the edited
/// entry (its month, its tags, its place, the home page), and each holds up to thousands of rows
/// of other entries, unchanged; rendering them again through Mustache was half of the render
/// step of a save at 10,000 entries (bench/README.md). A row is found by a digest of everything
/// it is made from: its values, its kind and the templates, so a row whose entry, link depth,
/// tag names or templates changed is never found, and nothing is to be invalidated.
///
/// What a build used (found or made) is the next build's memory; the rest is let go, so it holds
/// at most the rows of one build.
final class RowMemory: Sendable {
    typealias Rows = [[UInt8]: String]
    private let last: Rows
    private let used = Mutex<Rows>([:])

    init(last: Rows = [:]) {
        self.last = last
    }

    /// The rows this build found or made: the memory of the next.
    var rows: Rows { used.withLock { $0 } }

    func html(_ key: [UInt8], make: () -> String) -> String {
        if let html = used.withLock({ $0[key] }) { return html }
        if let html = last[key] {
            used.withLock { $0[key] = html }
            return html
        }
        // Made outside the lock: two pages may both make a row, the same bytes either way.
        let html = make()
        used.withLock { $0[key] = html }
        return html
    }

    /// The digest a row of `values` is kept under, rendered through the `compact` or the full row
    /// template of the templates `templates` (their digest); nil when a value is of a kind it
    /// cannot take (then the row is rendered as without memory).
    static func key(_ values: [String: Any], compact: Bool, templates: [UInt8]) -> [UInt8]? {
        var hasher = ContentHash.Hasher()
        hasher.add(templates)
        hasher.add(number: compact ? 1 : 0)
        guard add(values, to: &hasher) else { return nil }
        return hasher.finish()
    }

    /// Adds `value` with a mark of its kind, so `"1"`, `1` and `true` differ, and each list and
    /// table with its count, so nesting cannot be mistaken.
    private static func add(_ value: Any, to hasher: inout ContentHash.Hasher) -> Bool {
        switch value {
        case let text as String:
            hasher.add(number: 1)
            hasher.add(text)
        case let flag as Bool:
            hasher.add(number: flag ? 2 : 3)
        case let number as Int:
            hasher.add(number: 4)
            hasher.add(number: number)
        case let table as [String: Any]:
            hasher.add(number: 5)
            hasher.add(number: table.count)
            for key in table.keys.sorted() {
                hasher.add(key)
                guard add(table[key]!, to: &hasher) else { return false }
            }
        case let list as [Any]:
            hasher.add(number: 6)
            hasher.add(number: list.count)
            for item in list {
                guard add(item, to: &hasher) else { return false }
            }
        default:
            return false
        }
        return true
    }
}
