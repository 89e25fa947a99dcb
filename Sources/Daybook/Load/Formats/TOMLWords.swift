/// TOML's unquoted values, as the text Daybook's readers take: `true`, `42` (also `0x2A`,
/// `1_000`), `4.5`, `inf`, and dates and times in the shapes `DateParser` reads.
enum TOMLWords {
    /// The value's text, or nil when `word` is no TOML value.
    static func read(_ word: [UInt8]) -> String? {
        let text = String(decoding: word, as: UTF8.self)
        switch text {
        case "true", "false": return text
        case "inf", "+inf": return "inf"
        case "-inf": return "-inf"
        case "nan", "+nan", "-nan": return "nan"
        default: break
        }
        return integer(text) ?? float(text) ?? dateTime(word[...])
    }

    private static func integer(_ text: String) -> String? {
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where text.hasPrefix(prefix) {
            let digits = String(text.dropFirst(2))
            guard separated(digits, radix: radix), let value = Int(digits.replacing("_", with: ""), radix: radix) else { return nil }
            return String(value)
        }
        let unsigned = text.hasPrefix("+") || text.hasPrefix("-") ? String(text.dropFirst()) : text
        guard separated(unsigned, radix: 10), unsigned == "0" || !unsigned.hasPrefix("0"),
              let value = Int(text.replacing("_", with: "")) else { return nil }
        return String(value)
    }

    /// `1.5`, `-2e3`, `6.626e-34`: digits on both sides of the point, underscores only between digits.
    private static func float(_ text: String) -> String? {
        let unsigned = text.hasPrefix("+") || text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let mantissaEnd = unsigned.firstIndex { $0 == "e" || $0 == "E" } ?? unsigned.endIndex
        let mantissa = unsigned[..<mantissaEnd]
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, separated(String(parts[0]), radix: 10), parts[0] == "0" || !parts[0].hasPrefix("0") else { return nil }
        if parts.count == 2 { guard separated(String(parts[1]), radix: 10) else { return nil } }
        if mantissaEnd != unsigned.endIndex {
            var exponent = unsigned[unsigned.index(after: mantissaEnd)...]
            if exponent.hasPrefix("+") || exponent.hasPrefix("-") { exponent = exponent.dropFirst() }
            guard separated(String(exponent), radix: 10) else { return nil }
        } else if parts.count == 1 {
            return nil
        }
        guard let value = Double(text.replacing("_", with: "")), value.isFinite else { return nil }
        return "\(value)"
    }

    /// Digits of `radix`, with single underscores only between them.
    private static func separated(_ digits: String, radix: Int) -> Bool {
        guard let first = digits.first, let last = digits.last, first != "_", last != "_", !digits.contains("__") else { return false }
        return digits.allSatisfy { $0 == "_" || ($0.isASCII && $0.hexDigitValue.map { $0 < radix } == true) }
    }

    static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        shaped(bytes, "dddd-dd-dd")
    }

    /// `2022-08-08`, `09:30:00`, `2022-08-08T09:30:00.5+09:00` (the space may stand for `T`).
    private static func dateTime(_ bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        if bytes.count == 10 { return isDate(bytes) ? text : nil }
        if let time = time(bytes) { return time.rest.isEmpty ? time.text : nil }
        guard bytes.count > 11, isDate(bytes.prefix(10)) else { return nil }
        let separator = bytes[bytes.startIndex + 10]
        guard [UInt8(ascii: "T"), UInt8(ascii: "t"), 0x20].contains(separator),
              let time = time(bytes.dropFirst(11)) else { return nil }
        var result = String(text.prefix(10)) + "T" + time.text
        let rest = time.rest
        if rest.isEmpty { return result }
        if rest.count == 1 && (rest.first == UInt8(ascii: "Z") || rest.first == UInt8(ascii: "z")) { return result + "Z" }
        guard rest.count == 6, rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-"), shaped(rest.dropFirst(), "dd:dd") else { return nil }
        result += String(decoding: rest, as: UTF8.self)
        return result
    }

    /// `HH:MM:SS` (seconds may be left out, a fraction is dropped) and what follows it.
    private static func time(_ bytes: ArraySlice<UInt8>) -> (text: String, rest: ArraySlice<UInt8>)? {
        guard shaped(bytes.prefix(5), "dd:dd") else { return nil }
        var rest = bytes.dropFirst(5)
        var text = String(decoding: bytes.prefix(5), as: UTF8.self)
        if shaped(rest.prefix(3), ":dd") {
            text += String(decoding: rest.prefix(3), as: UTF8.self)
            rest = rest.dropFirst(3)
            if rest.first == UInt8(ascii: ".") {
                rest = rest.dropFirst()
                let digits = rest.prefix { (0x30...0x39).contains($0) }
                guard !digits.isEmpty else { return nil }
                rest = rest.dropFirst(digits.count)
            }
        } else {
            text += ":00"
        }
        return (text, rest)
    }

    /// Whether `bytes` follow `pattern`, where `d` is any digit and other characters stand for themselves.
    private static func shaped(_ bytes: ArraySlice<UInt8>, _ pattern: String) -> Bool {
        bytes.count == pattern.utf8.count && zip(bytes, pattern.utf8).allSatisfy { byte, mark in
            mark == UInt8(ascii: "d") ? (0x30...0x39).contains(byte) : byte == mark
        }
    }
}
