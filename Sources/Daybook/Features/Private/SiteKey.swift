import Foundation

/// The site key is the root of every key of a private journal, and the journal salt derived from
/// it is published, so a guessable site key opens every edition offline without any password.
/// It must be 32 random bytes: Daybook cannot measure randomness, but it refuses what cannot be
/// random bytes written in the documented forms, and what looks like words.
public enum SiteKey {
    static let bytes = 32

    /// A fresh key from the system's random source, in base64: what `daybook key` prints.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        while true {
            let key = Data((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).base64EncodedString()
            // A random key fails the word check about once in 10^12 draws; draw again then.
            if problem(key) == nil { return key }
        }
    }

    /// Why `key` is refused, or nil.
    static func problem(_ key: String) -> String? {
        let scalars = Array(key.unicodeScalars)
        if scalars.contains(where: { $0.properties.isWhitespace }) {
            return "has spaces, so it is a passphrase, which is guessed offline from the published files"
        }
        let decoded = hexBytes(key) ?? base64Bytes(key)
        guard let decoded else {
            return "is not written in base64 or hex, so it is a passphrase, which is guessed offline from the published files"
        }
        guard decoded >= bytes else { return "holds \(decoded) bytes; it needs \(bytes) random bytes" }
        if looksLikeWords(key) { return "looks like words rather than random bytes, and would be guessed offline from the published files" }
        return nil
    }

    /// Hex: 64 digits or more hold 32 bytes.
    private static func hexBytes(_ key: String) -> Int? {
        key.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0) }) ? key.utf8.count / 2 : nil
    }

    /// Standard or URL-safe base64, with or without its padding.
    private static func base64Bytes(_ key: String) -> Int? {
        var text = key.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.utf8.count % 4 != 0 { text += "=" }
        return Data(base64Encoded: text).map(\.count)
    }

    /// Random base64 or hex uses many distinct characters of more than one kind; a run of words
    /// (`correcthorsebatterystaple2024…`) uses few, of one or two kinds.
    private static func looksLikeWords(_ key: String) -> Bool {
        let distinct = Set(key.unicodeScalars)
        let isHex = key.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0) }
        if isHex { return distinct.count < 10 }
        let kinds = [distinct.contains { ("a"..."z").contains($0) }, distinct.contains { ("A"..."Z").contains($0) },
                     distinct.contains { ("0"..."9").contains($0) || "+/-_".unicodeScalars.contains($0) }]
        return distinct.count < 20 || kinds.filter { $0 }.count < 2
    }
}
