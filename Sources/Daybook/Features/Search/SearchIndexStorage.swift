/// How the files of the search index are stored: the one seam between the index's JSON and the
/// bytes on the site. Its partner in the browser is `readFile` in `Templates/search.js`; a private
/// journal can replace both with versions that encrypt and decrypt, and nothing else changes.
protocol SearchIndexStorage: Sendable {
    /// The file name of the index file `name` (`t/3`), inside the index folder.
    func fileName(_ name: String) -> String
    /// The stored bytes of the index file `name` whose content is `json`.
    func encode(name: String, json: [UInt8]) -> [UInt8]
    /// The JSON back from stored bytes; nil when they are not an index file.
    func decode(_ bytes: [UInt8]) -> (name: String, json: [UInt8])?
}

/// The default storage: each file is one line of JavaScript, `daybook.receive("t/3",{...});`,
/// whose argument is the JSON. A `<script>` element can load it where `fetch` cannot: from a
/// site opened from disk (`file://`), where browsers refuse to read JSON files.
struct ScriptWrappedJSON: SearchIndexStorage {
    static let call = "daybook.receive("

    func fileName(_ name: String) -> String { name + ".js" }

    func encode(name: String, json: [UInt8]) -> [UInt8] {
        var writer = JSONWriter()
        writer.string(name)
        return Array(Self.call.utf8) + writer.bytes + [UInt8(ascii: ",")] + json + Array(");\n".utf8)
    }

    func decode(_ bytes: [UInt8]) -> (name: String, json: [UInt8])? {
        let prefix = Array(Self.call.utf8) + [UInt8(ascii: "\"")]
        let suffix = Array(");\n".utf8)
        guard bytes.count > prefix.count + suffix.count, Array(bytes.prefix(prefix.count)) == prefix,
              Array(bytes.suffix(suffix.count)) == suffix,
              let nameEnd = bytes[prefix.count...].firstIndex(of: UInt8(ascii: "\"")),
              bytes.count > nameEnd + 1 + suffix.count, bytes[nameEnd + 1] == UInt8(ascii: ",")
        else { return nil }
        let name = String(decoding: bytes[prefix.count..<nameEnd], as: UTF8.self)
        return (name, Array(bytes[(nameEnd + 2)..<(bytes.count - suffix.count)]))
    }
}
