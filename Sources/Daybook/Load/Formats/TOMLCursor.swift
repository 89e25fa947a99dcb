/// A position in TOML text as bytes, with the line and column (in Unicode scalars, 1-based) that
/// errors name. Every read moves forward, so reading a front-matter block is linear in its size.
struct TOMLCursor {
    let bytes: [UInt8]
    private(set) var index = 0
    private(set) var line = 1
    private(set) var column = 1

    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    func starts(with text: String) -> Bool {
        let prefix = Array(text.utf8)
        return index + prefix.count <= bytes.count && bytes[index..<(index + prefix.count)].elementsEqual(prefix)
    }

    mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
    }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        advance()
        return true
    }

    mutating func skipBlanks() {
        while current == 0x20 || current == 0x09 { advance() }
    }

    /// Blanks, newlines and comments: what may stand between the values of an array.
    mutating func skipBlanksNewlinesAndComments() {
        while let byte = current {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A {
                advance()
            } else if byte == UInt8(ascii: "#") {
                skipComment()
            } else {
                return
            }
        }
    }

    mutating func skipComment() {
        guard current == UInt8(ascii: "#") else { return }
        while let byte = current, byte != 0x0A { advance() }
    }

    func problem(_ message: String) -> TOMLFrontMatter.Problem {
        TOMLFrontMatter.Problem(message: message, line: line, column: column)
    }

    /// What a message shows of the byte here: the character, or "the end".
    var shown: String {
        guard let byte = current else { return "the end of the front-matter" }
        if byte == 0x0A { return "the end of the line" }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"
    }
}
