import Ccmark
import Foundation

/// An entry body rendered by libcmark.
struct RenderedMarkdown: Sendable, Equatable {
    var html: String
    /// The words of the body without markup, whitespace collapsed: for excerpts and search.
    var plainText: String
}

/// The one place that talks to libcmark.
enum MarkdownRenderer {
    /// Renders CommonMark to HTML. Raw HTML is left out unless `rawHTML`. Links and images whose
    /// address starts with `/` are made relative with `rootPrefix`, so a site works from a sub-path
    /// and from disk.
    static func render(_ markdown: String, rawHTML: Bool, rootPrefix: String) -> RenderedMarkdown {
        render(markdown[...], rawHTML: rawHTML, rootPrefix: rootPrefix)
    }

    /// Renders a slice of a file's text, handed to cmark in place. Memory is let go as soon as it
    /// is done with: the tree before its HTML is copied into a `String` (an entry of 20 MB would
    /// otherwise hold its text, its tree and its HTML twice at once; docs/builds.md, "Memory").
    static func render(_ markdown: Substring, rawHTML: Bool, rootPrefix: String) -> RenderedMarkdown {
        var markdown = markdown
        return render(taking: &markdown, rawHTML: rawHTML, rootPrefix: rootPrefix)
    }

    /// Renders `markdown` and empties it as soon as cmark has parsed it, so a caller that holds
    /// it nowhere else lets the text go before the HTML is made.
    static func render(taking markdown: inout Substring, rawHTML: Bool, rootPrefix: String) -> RenderedMarkdown {
        // CMARK_OPT_UNSAFE is (1 << 17) in cmark.h; spelled out so no macro import is needed.
        let options: Int32 = rawHTML ? (1 << 17) : 0
        let size = markdown.utf8.count
        let document: OpaquePointer? = markdown.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parse_document(chars.baseAddress, chars.count, options)
            }
        }
        markdown = ""
        guard let document else { return RenderedMarkdown(html: "", plainText: "") }
        let plainText = plainText(document, rootPrefix: rootPrefix, capacity: size + 64)
        let rendered = cmark_render_html(document, options)
        cmark_node_free(document)
        if size >= FreedMemory.threshold { FreedMemory.giveBack() }
        guard let rendered else { return RenderedMarkdown(html: "", plainText: plainText) }
        defer { free(rendered) }
        return RenderedMarkdown(html: String(cString: rendered), plainText: plainText)
    }

    /// The plain text, written into a string of `capacity` bytes, the Markdown's size: the text
    /// is its words without the markup. Should it not fit (a NUL in the Markdown becomes three
    /// bytes), the tree is walked again into a larger one, its links rewritten only the first time.
    private static func plainText(_ document: OpaquePointer, rootPrefix: String, capacity: Int) -> String {
        var capacity = capacity, rewriting: String? = rootPrefix
        while true {
            var fits = true
            let text = String(unsafeUninitializedCapacity: capacity) { buffer in
                var writer = PlainTextWriter(buffer)
                walk(document, rootPrefix: rewriting, into: &writer)
                fits = !writer.overflowed
                return fits ? writer.count : 0
            }
            // A small text is copied to its own size: a journal keeps every entry's, and the
            // Markdown's size counts its markup too.
            if fits { return capacity < 1 << 16 ? String(text[...]) : text }
            (capacity, rewriting) = (capacity * 3, nil)
        }
    }

    /// One pass over the tree: rewrites root-relative link targets (with a prefix) and writes the plain text.
    private static func walk(_ document: OpaquePointer, rootPrefix: String?, into text: inout PlainTextWriter) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        var pendingSpace = false
        func append(_ literal: UnsafePointer<CChar>?) {
            guard let literal else { return }
            if pendingSpace { text.whitespace() }
            pendingSpace = false
            literal.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
                text.write(UnsafeBufferPointer(start: bytes, count: strlen(literal)))
            }
        }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if event == CMARK_EVENT_ENTER {
                switch type {
                case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
                    append(cmark_node_get_literal(node))
                case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                    pendingSpace = true
                case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                    if let rootPrefix { rewrite(node, rootPrefix: rootPrefix) }
                default:
                    break
                }
            } else if event == CMARK_EVENT_EXIT {
                // Block ends separate words, so "end.</p><p>Next" does not read "end.Next".
                switch type {
                case CMARK_NODE_HEADING:
                    // A heading ends like a sentence, so an excerpt does not read "apart. What
                    // was wrong The base was".
                    if text.endsWithLetterOrDigit { text.write(".") }
                    pendingSpace = true
                case CMARK_NODE_PARAGRAPH, CMARK_NODE_ITEM, CMARK_NODE_BLOCK_QUOTE:
                    pendingSpace = true
                default:
                    break
                }
            }
            if type == CMARK_NODE_CODE_BLOCK { pendingSpace = true }
        }
    }

    private static func rewrite(_ node: OpaquePointer, rootPrefix: String) {
        guard let raw = cmark_node_get_url(node) else { return }
        let url = String(cString: raw)
        guard url.hasPrefix("/"), !url.hasPrefix("//") else { return }
        _ = cmark_node_set_url(node, rootPrefix + url.dropFirst())
    }
}
