/// A large entry body kept out of Mustache: the template renders a short mark in its place and
/// the body's bytes go straight into the page's. Mustache builds each section, block and layout
/// as a string of its own, grown by doubling, so a 19 MB body passed through it was held three
/// or four times over while its page rendered (issue 23).
struct LargeBody {
    /// Bodies from this size on are spliced; smaller ones go through the template as usual.
    static let threshold = 1 << 20
    /// An ampersand, which every escaper changes: a template that shows the body escaped, or
    /// transformed, does not give the mark back as it is, and the page is rendered the usual way.
    static let mark = "&daybook-large-body-8c41e2;"

    let body: String

    /// Takes the body out of `context["entry"]["body"]` when it is large, leaving the mark.
    static func take(from context: inout [String: Any], threshold: Int = threshold) -> LargeBody? {
        guard var entry = context["entry"] as? [String: Any], let body = entry["body"] as? String,
              body.utf8.count >= threshold else { return nil }
        entry["body"] = mark
        context["entry"] = entry
        return LargeBody(body: body)
    }

    /// The page's bytes with the body in place of every mark, or nil when `page` holds no mark
    /// or shows it otherwise too (escaped, in an attribute).
    func splice(into page: String) -> [UInt8]? {
        let parts = page.utf8.split(separator: Self.markBytes, omittingEmptySubsequences: false)
        let uses = page.utf8.split(separator: Self.markBytes.dropFirst().dropLast(), omittingEmptySubsequences: false)
        guard parts.count > 1, uses.count == parts.count else { return nil }
        var body = body
        return body.withUTF8 { body in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(page.utf8.count + (parts.count - 1) * body.count)
            for (index, part) in parts.enumerated() {
                if index > 0 { bytes.append(contentsOf: body) }
                bytes.append(contentsOf: part)
            }
            return bytes
        }
    }

    private static let markBytes = Array(mark.utf8)
}
