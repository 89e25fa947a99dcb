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
        // CMARK_OPT_UNSAFE is (1 << 17) in cmark.h; spelled out so no macro import is needed.
        let options: Int32 = rawHTML ? (1 << 17) : 0
        var markdown = markdown
        let document: OpaquePointer? = markdown.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parse_document(chars.baseAddress, chars.count, options)
            }
        }
        guard let document else { return RenderedMarkdown(html: "", plainText: "") }
        let plainText = walk(document, rootPrefix: rootPrefix)
        let rendered = cmark_render_html(document, options)
        cmark_node_free(document)
        guard let rendered else { return RenderedMarkdown(html: "", plainText: plainText) }
        defer { free(rendered) }
        return RenderedMarkdown(html: String(cString: rendered), plainText: plainText)
    }

    /// One pass over the tree: rewrites root-relative link targets and gathers the plain text.
    private static func walk(_ document: OpaquePointer, rootPrefix: String) -> String {
        guard let iterator = cmark_iter_new(document) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        var pendingSpace = false
        func append(_ literal: UnsafePointer<CChar>?) {
            guard let literal else { return }
            if pendingSpace && !text.isEmpty { text.append(" ") }
            pendingSpace = false
            text.append(String(cString: literal))
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
                    rewrite(node, rootPrefix: rootPrefix)
                default:
                    break
                }
            } else if event == CMARK_EVENT_EXIT {
                // Block ends separate words, so "end.</p><p>Next" does not read "end.Next".
                switch type {
                case CMARK_NODE_HEADING:
                    // A heading ends like a sentence, so an excerpt does not read "apart. What
                    // was wrong The base was".
                    if let last = text.last, last.isLetter || last.isNumber { text.append(".") }
                    pendingSpace = true
                case CMARK_NODE_PARAGRAPH, CMARK_NODE_ITEM, CMARK_NODE_BLOCK_QUOTE:
                    pendingSpace = true
                default:
                    break
                }
            }
            if type == CMARK_NODE_CODE_BLOCK { pendingSpace = true }
        }
        return Whitespace.collapsed(text)
    }

    private static func rewrite(_ node: OpaquePointer, rootPrefix: String) {
        guard let raw = cmark_node_get_url(node) else { return }
        let url = String(cString: raw)
        guard url.hasPrefix("/"), !url.hasPrefix("//") else { return }
        _ = cmark_node_set_url(node, rootPrefix + url.dropFirst())
    }
}
