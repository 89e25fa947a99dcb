/// Reads the two large JSON objects inside an edition's pack, its table and its records, which
/// Daybook writes itself (`EditionPack.table`, `EditionPack.Records.bytes`). Every update of a
/// private journal opens the last pack and reads both on one core: over the 16,000 files of a
/// 10,000-entry journal, Foundation's `JSONSerialization` took 130 ms for the table alone (its
/// `JSONDecoder`, 100 ms), where this takes a few. It reads objects, arrays, strings (with every
/// JSON escape) and integers, and gives nil for anything else (a fraction, `true`, a key the
/// caller does not know), for the caller to read the bytes with Foundation instead.
struct PackJSON {
    private let bytes: ArraySlice<UInt8>
    private var at: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        at = bytes.startIndex
    }

    /// Whether only white space is left.
    var atEnd: Bool {
        mutating get {
            skipSpace()
            return at == bytes.endIndex
        }
    }

    /// An object: `field` reads each value after its key, and says whether it could.
    mutating func object(_ field: (inout PackJSON, String) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), take(UInt8(ascii: ":")), field(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// An array: `item` reads each element, and says whether it could.
    mutating func array(_ item: (inout PackJSON) -> Bool) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        if take(UInt8(ascii: "]")) { return true }
        repeat {
            guard item(&self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]"))
    }

    /// An integer of up to 18 digits, without fraction or exponent.
    mutating func int() -> Int? {
        skipSpace()
        let negative = at < bytes.endIndex && bytes[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        var value = 0, digits = 0
        while at < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[at]), digits < 18 {
            value = value * 10 + Int(bytes[at] - UInt8(ascii: "0"))
            at += 1
            digits += 1
        }
        guard digits > 0, at == bytes.endIndex || !Self.continuesANumber(bytes[at]) else { return nil }
        return negative ? -value : value
    }

    mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        var decoded: [UInt8] = []
        var plain = at, escaped = false
        while at < bytes.endIndex {
            switch bytes[at] {
            case UInt8(ascii: "\""):
                at += 1
                // Most strings hold no escape: validated where they lie, not copied first.
                guard escaped else { return String(validating: bytes[plain..<at - 1], as: UTF8.self) }
                decoded += bytes[plain..<at - 1]
                return String(validating: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                escaped = true
                decoded += bytes[plain..<at]
                at += 1
                guard escape(into: &decoded) else { return nil }
                plain = at
            case 0..<0x20:
                return nil
            default:
                at += 1
            }
        }
        return nil
    }

    /// A string of hexadecimal digits, two to a byte, as those bytes: a record's key, read without
    /// making a string of it first.
    mutating func hexBytes() -> [UInt8]? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = at
        while at < bytes.endIndex, bytes[at] != UInt8(ascii: "\"") { at += 1 }
        guard at < bytes.endIndex else { return nil }
        at += 1
        return Daybook.bytes(fromHex: bytes[start..<at - 1])
    }

    /// The escape after a backslash, `\uXXXX` (a surrogate pair, two of them) included.
    private mutating func escape(into decoded: inout [UInt8]) -> Bool {
        guard at < bytes.endIndex else { return false }
        let letter = bytes[at]
        at += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
            decoded.append(letter)
            return true
        case UInt8(ascii: "b"): decoded.append(0x08); return true
        case UInt8(ascii: "f"): decoded.append(0x0C); return true
        case UInt8(ascii: "n"): decoded.append(0x0A); return true
        case UInt8(ascii: "r"): decoded.append(0x0D); return true
        case UInt8(ascii: "t"): decoded.append(0x09); return true
        default: break
        }
        guard letter == UInt8(ascii: "u"), var unit = hex4() else { return false }
        if (0xD800..<0xDC00).contains(unit) {
            guard take(UInt8(ascii: "\\"), skippingSpace: false), take(UInt8(ascii: "u"), skippingSpace: false),
                  let low = hex4(), (0xDC00..<0xE000).contains(low) else { return false }
            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(unit) else { return false }
        decoded += Array(String(Character(scalar)).utf8)
        return true
    }

    private mutating func hex4() -> UInt32? {
        guard at + 4 <= bytes.endIndex else { return nil }
        var value: UInt32 = 0
        for byte in bytes[at..<at + 4] {
            guard let digit = Self.hexDigit(byte) else { return nil }
            value = value << 4 | digit
        }
        at += 4
        return value
    }

    private mutating func take(_ byte: UInt8, skippingSpace: Bool = true) -> Bool {
        if skippingSpace { skipSpace() }
        guard at < bytes.endIndex, bytes[at] == byte else { return false }
        at += 1
        return true
    }

    private mutating func skipSpace() {
        while at < bytes.endIndex, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
    }

    private static func continuesANumber(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
