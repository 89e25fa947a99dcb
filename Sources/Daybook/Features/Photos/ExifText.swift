import Foundation

/// Reads the EXIF fields libvips hands over as text: the raw value, then in brackets its
/// readable form and type, `51/1 30/1 1234/100 (51, 30, 12.34, Rational, 3 components, 24 bytes)`.
/// libvips' strings are used rather than a hand-written EXIF reader: libvips already parsed
/// the block for every format it reads (JPEG, HEIC, WebP, PNG, TIFF), and the raw part is stable.
enum ExifText {
    /// The raw part of a field, before ` (`; nil when absent or empty.
    static func value(_ field: String?) -> String? {
        guard let field else { return nil }
        let raw = field.range(of: " (").map { String(field[..<$0.lowerBound]) } ?? field
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Degrees from three rationals (degrees, minutes, seconds) and a reference (`N`, `S`, `E`,
    /// `W`); nil when either is missing or malformed.
    static func coordinate(_ field: String?, reference: String?) -> Double? {
        guard let raw = value(field), let reference = value(reference)?.uppercased() else { return nil }
        let parts = raw.split(separator: " ").map(rational)
        guard parts.count == 3, let degrees = parts[0], let minutes = parts[1], let seconds = parts[2] else { return nil }
        let magnitude = degrees + minutes / 60 + seconds / 3600
        guard magnitude.isFinite else { return nil }
        return reference.hasPrefix("S") || reference.hasPrefix("W") ? -magnitude : magnitude
    }

    private static func rational(_ text: Substring) -> Double? {
        let pieces = text.split(separator: "/")
        guard pieces.count == 2, let top = Double(pieces[0]), let bottom = Double(pieces[1]), bottom != 0 else {
            return pieces.count == 1 ? Double(pieces[0]) : nil
        }
        return top / bottom
    }
}
