/// Data for the site's scripts, written as small scripts rather than `.json` files: browsers
/// refuse `fetch` to a page opened from disk (`file://`), while a `<script src>` loads from disk
/// and from a host alike. Every data file of the site is written here, in one of two shapes.
enum ScriptData {
    /// `/* comment */` then `window.NAME = JSON;`: a global the page's script reads when it runs.
    static func global(_ name: String, json: [UInt8], comment: String) -> [UInt8] {
        let head = Array("/* \(comment) */\nwindow.\(name) = ".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(head.count + json.count + 2)
        out += head
        out += json
        out += Array(";\n".utf8)
        return out
    }

    /// `FUNCTION("NAME",JSON);`: a call the page's script answers, for files it loads on demand
    /// and tells apart by name.
    /// `json` is taken over and wrapped where it lies when its room allows: a search record
    /// file holds whole entries, and copying it into a new array held a large one twice (issue 23).
    static func call(_ function: String, name: String, json: consuming [UInt8]) -> [UInt8] {
        var quoted = JSONWriter()
        quoted.string(name)
        let head = Array("\(function)(".utf8) + quoted.bytes + [UInt8(ascii: ",")]
        json.reserveCapacity(head.count + json.count + 3)
        json.insert(contentsOf: head, at: 0)
        json += Array(");\n".utf8)
        return json
    }

    /// JSON with every character beyond ASCII written as `\uXXXX` (UTF-16, as JSON spells it),
    /// so a data file reads the same whatever character set a host announces for it.
    static func ascii(_ json: [UInt8]) -> [UInt8] {
        guard json.contains(where: { $0 >= 0x80 }) else { return json }
        var out: [UInt8] = []
        out.reserveCapacity(json.count + json.count / 4)
        for unit in String(decoding: json, as: UTF8.self).utf16 {
            if unit < 0x80 { out.append(UInt8(unit)) } else { out += Array("\\u\(hex(unit, 4))".utf8) }
        }
        return out
    }

    /// The name and JSON of a file `call` wrote; nil for anything else.
    static func decodeCall(_ function: String, _ bytes: [UInt8]) -> (name: String, json: [UInt8])? {
        let prefix = Array("\(function)(\"".utf8)
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
