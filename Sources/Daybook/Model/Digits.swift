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
