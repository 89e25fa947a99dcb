/// Writes JSON byte by byte in the order it is given, so the same values always give the same
/// bytes. Strings are UTF-8 with only `"`, `\`, control characters and U+2028/U+2029 escaped.
/// `pretty` lays the JSON out as Foundation's `JSONEncoder` does with `.prettyPrinted` (a file
/// people read, `feed.json`), with its escapes: `\t` and the like, U+2028 as it is.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the next value in the current array or object needs a comma before it.
    private var needsComma = false
    private let pretty: Bool
    /// How deep in arrays and objects the writer is, and whether a key was just written.
    private var depth = 0
    private var afterKey = false

    init(reservingCapacity capacity: Int = 0, pretty: Bool = false) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    /// The bytes written, handed over rather than shared, so that adding to them copies nothing.
    mutating func take() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &bytes)
        return taken
    }

    mutating func string(_ text: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var text = text
        // Read in place, not copied into an array first: record files hold whole entries.
        text.withUTF8 { utf8 in
            // A long string gets room for itself and a little more, not the doubling that
            // appending would give: a 20 MB entry's text would otherwise take 40.
            let needed = bytes.count + utf8.count + 2
            if utf8.count > 1 << 16 && needed > bytes.capacity { bytes.reserveCapacity(max(needed + needed / 8, bytes.capacity + bytes.capacity / 2)) }
            appendEscaped(utf8)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        // Runs of bytes that need no escape are copied whole.
        var plain = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            let escape: String
            var length = 1
            switch byte {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x08 where pretty: escape = "\\b"
            case 0x09 where pretty: escape = "\\t"
            case 0x0C where pretty: escape = "\\f"
            case 0x0D where pretty: escape = "\\r"
            case 0x00..<0x20: escape = "\\u" + hex(byte, 4)
            case 0xE2 where !pretty && index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                // U+2028 and U+2029 end a line in older JavaScript; the index files are scripts.
                escape = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                length = 3
            default:
                index += 1
                continue
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain..<index]))
            bytes.append(contentsOf: escape.utf8)
            index += length
            plain = index
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plain...]))
    }

    /// A string known to need no escaping (the index's base-64 digits).
    mutating func plainString(_ text: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `digest` as a string of lowercase hexadecimal digits, written in place rather than made
    /// into a string first: a private edition's records hold one per file (16,000 at 10,000
    /// entries), written again on every save of the preview.
    mutating func hexString(_ digest: [UInt8]) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        appendHex(digest, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func int(_ value: Int) {
        separate()
        // A number's digits fit in a string stored inline: no array is made for them.
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    mutating func object(_ body: (inout JSONWriter) -> Void) {
        container(open: "{", close: "}", body)
    }

    /// A key of the enclosing object and its value.
    mutating func field(_ key: String, _ value: (inout JSONWriter) -> Void) {
        string(key)
        if pretty { bytes.append(contentsOf: " : ".utf8) } else { bytes.append(UInt8(ascii: ":")) }
        needsComma = false
        afterKey = pretty
        value(&self)
        needsComma = true
    }

    mutating func array<Items: Sequence>(_ items: Items, _ write: (inout JSONWriter, Items.Element) -> Void) {
        container(open: "[", close: "]") { json in
            for item in items { write(&json, item) }
        }
    }

    mutating func stringArray(_ items: [String]) {
        array(items) { $0.string($1) }
    }

    private mutating func container(open: Unicode.Scalar, close: Unicode.Scalar, _ body: (inout JSONWriter) -> Void) {
        separate()
        bytes.append(UInt8(ascii: open))
        needsComma = false
        depth += 1
        let start = bytes.count
        body(&self)
        depth -= 1
        if pretty {
            // The encoder's empty container has an empty line inside.
            if bytes.count == start { bytes.append(UInt8(ascii: "\n")) }
            newLine()
        }
        bytes.append(UInt8(ascii: close))
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
        if afterKey {
            afterKey = false
        } else if pretty && depth > 0 {
            newLine()
        }
    }

    private mutating func newLine() {
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }
}
