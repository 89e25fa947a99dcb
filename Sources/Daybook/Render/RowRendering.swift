import Mustache
import Synchronization

/// A list's rows, rendered through `entry-row` or `entry-row-compact` when a template shows a
/// row's `html`. The built-in row partials show the row's own keys alone, and a row's keys
/// depend only on its entry and the page's depth (its links are relative), so each row is
/// rendered once per depth and kept: an entry is listed on its month page, its place's page,
/// each of its tags' pages, its year's and its writer's. Row partials of the journal's own may
/// show any key of the page, so theirs are rendered on each page, with the page's keys under
/// the row's (as Mustache would find them). Measured at 10,000 entries: see bench/README.md.
struct RowRendering: Sendable {
    let templates: TemplateSet
    let kept = KeptRows()
    /// The rows of the last build of this process, and this one's, by what they are made from.
    var memory: RowMemory?

    /// A row's HTML, kept per entry, kind of row and depth.
    final class KeptRows: Sendable {
        struct Key: Hashable {
            var entry: Int
            var compact: Bool
            /// The page's `Linker.root`: the row's links start with it.
            var root: String
        }

        private let rows = Mutex<[Key: String]>([:])

        /// How many rows were made and kept.
        var count: Int { rows.withLock { $0.count } }

        func html(_ key: Key, make: () -> String) -> String {
            if let html = rows.withLock({ $0[key] }) { return html }
            // Made outside the lock: two pages may both make a row, the same bytes either way.
            let html = make()
            rows.withLock { $0[key] = html }
            return html
        }

        /// A short row kept for the same entry at another depth, if there is one, with its link
        /// moved to `root` (`rebased`).
        func rebased(_ key: Key) -> String? {
            for root in [key.root + "../", String(key.root.dropLast(3))] {
                let other = Key(entry: key.entry, compact: key.compact, root: root)
                if let html = rows.withLock({ $0[other] }) { return RowRendering.rebased(html, from: root, to: key.root) }
            }
            return nil
        }
    }

    /// A short row made for a page at one depth, as a page at another would render it. The
    /// built-in short row (`entry-row-compact`) shows one link, its entry's, whose address is the
    /// page's root and the entry's path; nothing else in it depends on the depth. Any `href="`
    /// in it is the template's own, since values escape their quotes. So the row at another depth
    /// is the same row with that root swapped. Measured at 10,000 entries, the year pages' short
    /// rows (depth 1) were a third of the rows rendered, the tags' (depth 2) the same rows again.
    /// Nil when the row holds no such link, or more than one.
    static func rebased(_ html: String, from old: String, to new: String) -> String? {
        let bytes = Array(html.utf8), marker = Array("href=\"".utf8), old = Array(old.utf8)
        guard let link = bytes.firstIndex(of: marker), bytes.firstIndex(of: marker, from: link + 1) == nil else { return nil }
        let start = link + marker.count
        guard bytes.has(old, at: start), bytes.dropFirst(start + old.count).first != UInt8(ascii: "\"") else { return nil }
        return String(decoding: bytes[..<start] + Array(new.utf8) + bytes[(start + old.count)...], as: UTF8.self)
    }

    /// What a row's `html` renders, on demand: a list template that does not show it costs
    /// nothing. Its last line break is left out, so `{{{html}}}` stands on a line of its own.
    struct Row: MustacheCustomRenderable {
        let make: () -> String
        var renderText: String { make() }
        var isNull: Bool { false }
    }

    /// The `html` of entry `index`'s row `values` in a list on `page`, whose whole context
    /// (`around`) a journal's own row partial may show.
    /// `values` are asked for only when the row is rendered: a row kept from another page needs none.
    func row(_ index: Int, compact: Bool, _ values: @escaping () -> [String: Any], on page: Page, root: String,
             around: @escaping () -> [String: Any]) -> Row {
        let template = compact ? "entry-row-compact" : "entry-row"
        guard templates.builtInRows else {
            return Row { TemplateSet.withoutLastBreak(templates.render(around().merging(values()) { $1 }, template: template) ?? "") }
        }
        let rendered = { TemplateSet.withoutLastBreak(templates.render(values(), template: template) ?? "") }
        // With a memory of the last build, a row not kept by this one yet is looked up there.
        let render = memory.map { memory in
            { RowMemory.key(values(), compact: compact, templates: templates.digest).map { memory.html($0, make: rendered) } ?? rendered() }
        } ?? rendered
        // Only the kinds that share rows keep them: another's rows may differ (a journal's home
        // leaves out the journal's badge), or count their entries in another journal's list.
        guard page.kind.sharesRows else { return Row(make: render) }
        let key = KeptRows.Key(entry: index, compact: compact, root: root)
        guard compact else { return Row { kept.html(key, make: render) } }
        return Row { kept.html(key) { kept.rebased(key) ?? render() } }
    }
}
