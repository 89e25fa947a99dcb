/// How the files of the search index are stored: the one seam between the index's JSON and the
/// bytes on the site. Its partner in the browser is `readFile` in `Templates/search.js`; a private
/// journal can replace both with versions that encrypt and decrypt, and nothing else changes.
protocol SearchIndexStorage: Sendable {
    /// The file name of the index file `name` (`t/3`), inside the index folder.
    func fileName(_ name: String) -> String
    /// The stored bytes of the index file `name` whose content is `json`, taken over: a record
    /// file holds whole entries.
    func encode(name: String, json: consuming [UInt8]) -> [UInt8]
    /// The JSON back from stored bytes; nil when they are not an index file.
    func decode(_ bytes: [UInt8]) -> (name: String, json: [UInt8])?
}

/// The default storage: each file is one line of JavaScript, `daybook.receive("t/3",{...});`,
/// whose argument is the JSON (see `ScriptData`).
struct ScriptWrappedJSON: SearchIndexStorage {
    static let function = "daybook.receive"

    func fileName(_ name: String) -> String { name + ".js" }

    func encode(name: String, json: consuming [UInt8]) -> [UInt8] {
        ScriptData.call(Self.function, name: name, json: consume json)
    }

    func decode(_ bytes: [UInt8]) -> (name: String, json: [UInt8])? {
        ScriptData.decodeCall(Self.function, bytes)
    }
}
