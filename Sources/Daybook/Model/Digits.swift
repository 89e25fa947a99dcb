/// Numbers written with a fixed number of digits, for paths, dates, escapes and digests.

/// `value` in decimal with at least `width` digits: `pad(5, 2)` is `05`.
func pad(_ value: Int, _ width: Int) -> String {
    zeroPadded(String(value), width)
}

/// `value` in hexadecimal with at least `width` digits: `hex(0x1f, 4)` is `001f`.
func hex(_ value: some BinaryInteger, _ width: Int, uppercase: Bool = false) -> String {
    zeroPadded(String(value, radix: 16, uppercase: uppercase), width)
}

/// Bytes as lowercase hexadecimal, two digits each. Digit by digit from a table: a string per
/// byte made a private preview's rebuild spend a tenth of its time here (its records hold a
/// digest per file).
func hexString(_ bytes: some Sequence<UInt8>) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.underestimatedCount * 2)
    appendHex(bytes, to: &out)
    return String(decoding: out, as: UTF8.self)
}

/// Appends `bytes` to `out` as lowercase hexadecimal, two digits each (`JSONWriter` writes
/// digests so, with no string made for each).
func appendHex(_ bytes: some Sequence<UInt8>, to out: inout [UInt8]) {
    for byte in bytes {
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0x0f)])
    }
}

private let hexDigits = Array("0123456789abcdef".utf8)

/// The bytes that hexadecimal `digits` (UTF-8, either case, two to a byte) write; nil for an odd
/// count or anything but a digit. The inverse of `hexString`.
func bytes(fromHex digits: some Collection<UInt8>) -> [UInt8]? {
    var out: [UInt8] = [], high: UInt8?
    out.reserveCapacity(digits.count / 2)
    for digit in digits {
        guard let nibble = hexValues[Int(digit)] else { return nil }
        if let first = high {
            out.append(first << 4 | nibble)
            high = nil
        } else {
            high = nibble
        }
    }
    return high == nil ? out : nil
}

private let hexValues: [UInt8?] = (0..<256).map { byte in
    switch UInt8(byte) {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(byte) - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(byte) - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(byte) - UInt8(ascii: "A") + 10
    default: nil
    }
}

private func zeroPadded(_ digits: String, _ width: Int) -> String {
    digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

/// `value` with its thousands grouped by commas, `12,345`: the same on every machine, whatever
/// the locale, like the rest of the English around the numbers.
func grouped(_ value: Int) -> String {
    var digits = String(value.magnitude)
    var groups: [Substring] = []
    while digits.count > 3 {
        groups.insert(digits.suffix(3), at: 0)
        digits.removeLast(3)
    }
    groups.insert(Substring(digits), at: 0)
    return (value < 0 ? "-" : "") + groups.joined(separator: ",")
}
