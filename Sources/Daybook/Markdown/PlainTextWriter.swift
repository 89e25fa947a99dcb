/// Writes an entry's plain text straight into the string that keeps it, white space collapsed as
/// `Whitespace.collapsed` does: gathering it first and collapsing it after held a large entry's
/// text twice beside its Markdown tree (issue 23).
struct PlainTextWriter {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0
    /// White space was met after the last byte written: a space goes before the next one.
    private var space = false
    /// The text did not fit in the buffer; what was written is incomplete.
    private(set) var overflowed = false

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// Valid UTF-8, its white space collapsed into what was written before.
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < bytes.count {
            let width = Whitespace.whitespaceWidth(bytes, at: index)
            if width > 0 {
                space = count > 0
                index += width
                continue
            }
            if space { put(0x20) }
            space = false
            put(bytes[index])
            index += 1
        }
    }

    mutating func write(_ text: StaticString) {
        write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// White space between words, as a block's end makes.
    mutating func whitespace() {
        space = count > 0
    }

    /// Whether the text, as it would read before collapsing, ends with a letter or a digit.
    var endsWithLetterOrDigit: Bool {
        guard !space, count > 0 else { return false }
        // The last character lies within its last few bytes (a long emoji sequence is no letter).
        let tail = String(decoding: UnsafeBufferPointer(rebasing: buffer[max(0, count - 64)..<count]), as: UTF8.self)
        guard let last = tail.last else { return false }
        return last.isLetter || last.isNumber
    }

    private mutating func put(_ byte: UInt8) {
        guard count < buffer.count else { overflowed = true; return }
        buffer[count] = byte
        count += 1
    }
}
