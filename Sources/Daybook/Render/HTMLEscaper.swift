import Mustache

/// The escaping Mustache applies to `{{variables}}`: the same five characters as
/// swift-mustache's built-in HTML type (`& < > " '`), but done on UTF-8 bytes. The built-in one
/// looks every Character up in a dictionary, which was a tenth of a large build's time.
struct HTMLEscaper: MustacheContentType {
    /// The name templates are switched to with the `CONTENT_TYPE` pragma (see `TemplateSet`).
    static let name = "DAYBOOK_HTML"

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    static func escape(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case 0x26: bytes.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])          // &amp;
            case 0x3C: bytes.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])                // &lt;
            case 0x3E: bytes.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])                // &gt;
            case 0x22: bytes.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])    // &quot;
            case 0x27: bytes.append(contentsOf: [0x26, 0x23, 0x33, 0x39, 0x3B])          // &#39;
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
