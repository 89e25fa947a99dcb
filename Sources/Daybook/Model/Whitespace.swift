/// White space as entries' text and names are tidied: for a body's plain text and a place's name.
enum Whitespace {
    /// Runs of white space (Unicode's White_Space property) become one space; none at the ends.
    /// Done on UTF-8 bytes, not by looking up each character's properties: every entry body and
    /// every place name passes through here, and those lookups are slow.
    static func collapsed(_ text: String) -> String {
        var text = text
        // Written straight into the new string: a byte array first, then the string, held a
        // large entry's text three times at once.
        return text.withUTF8 { input in
            String(unsafeUninitializedCapacity: input.count) { output in
                var count = 0
                var space = false
                var index = 0
                while index < input.count {
                    let width = whitespaceWidth(input, at: index)
                    if width > 0 {
                        space = count > 0
                        index += width
                        continue
                    }
                    if space { output[count] = 0x20; count += 1 }
                    space = false
                    output[count] = input[index]
                    count += 1
                    index += 1
                }
                return count
            }
        }
    }

    /// The length in bytes of the white-space character starting at `index`, or 0. Besides ASCII's
    /// tab to carriage return and space: U+0085, U+00A0, U+1680, U+2000 to U+200A, U+2028, U+2029,
    /// U+202F, U+205F and U+3000.
    @inline(__always) static func whitespaceWidth(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return lead == 0x20 || (0x09...0x0D).contains(lead) ? 1 : 0 }
        func next(_ offset: Int) -> UInt8 { index + offset < bytes.count ? bytes[index + offset] : 0 }
        switch lead {
        case 0xC2: return next(1) == 0x85 || next(1) == 0xA0 ? 2 : 0
        case 0xE1: return next(1) == 0x9A && next(2) == 0x80 ? 3 : 0
        case 0xE2:
            let (second, third) = (next(1), next(2))
            if second == 0x80 && ((0x80...0x8A).contains(third) || [0xA8, 0xA9, 0xAF].contains(third)) { return 3 }
            return second == 0x81 && third == 0x9F ? 3 : 0
        case 0xE3: return next(1) == 0x80 && next(2) == 0x80 ? 3 : 0
        default: return 0
        }
    }

    /// The scalar starting at `index` of valid UTF-8 that is not ASCII, and its length in bytes.
    @inline(__always) static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[index])
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        var value = lead & (0x7F >> width)
        for offset in 1..<min(width, bytes.count - index) { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", width)
    }
}
