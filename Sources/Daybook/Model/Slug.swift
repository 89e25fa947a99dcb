import Foundation

/// Readable URL segments from titles in any script.
enum Slug {
    /// Lower-cased letters and digits of any script joined by `-`; apostrophes dropped;
    /// at most 60 characters, cut at a word boundary. Empty when the text has no letters or digits.
    static func make(_ text: String) -> String {
        let result = text.utf8.allSatisfy { $0 < 0x80 } ? ascii(text) : scalars(text)
        guard result.utf8.count > 60, result.count > 60 else { return result }
        let cut = result.prefix(60)
        if let lastDash = cut.lastIndex(of: "-"), cut.distance(from: cut.startIndex, to: lastDash) >= 20 {
            return String(cut[..<lastDash])
        }
        return String(cut)
    }

    /// `scalars(text)` for ASCII text, in bytes: its letters and digits are A-Z, a-z and 0-9, and
    /// canonical composition leaves it as it is. Every entry's file name and title pass here, and
    /// the Unicode way (composition, lower-casing, a category per scalar) was 1.3% of a full build.
    static func ascii(_ text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var dash = false
        for var byte in text.utf8 where byte != UInt8(ascii: "'") {
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) { byte += 32 }
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                dash = true
                continue
            }
            if dash && !result.isEmpty { result.append(UInt8(ascii: "-")) }
            dash = false
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The slug of any text, before its cut to 60 characters.
    static func scalars(_ text: String) -> String {
        var result = ""
        var dash = false
        for scalar in text.precomposedStringWithCanonicalMapping.lowercased().unicodeScalars {
            if scalar == "'" || scalar == "\u{2019}" { continue }
            switch scalar.properties.generalCategory {
            case .lowercaseLetter, .uppercaseLetter, .titlecaseLetter, .otherLetter, .modifierLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark:
                if dash && !result.isEmpty { result.append("-") }
                dash = false
                result.unicodeScalars.append(scalar)
            default:
                dash = true
            }
        }
        return result
    }

    /// A segment made only of URL-safe bytes, percent-encoding the rest as UTF-8.
    static func percentEncoded(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

