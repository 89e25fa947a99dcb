/// Turns a file's bytes into `SourceText`: UTF-8 checked, byte-order mark dropped,
/// CRLF and CR made LF, control characters replaced (with a warning) so nothing downstream chokes.
enum SourceDecoder {
    static func decode(_ bytes: [UInt8], path: String) -> (SourceText?, [Diagnostic]) {
        var bytes = bytes[...]
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return (nil, [.error("file is UTF-16; save it as UTF-8", at: SourceLocation(file: path))])
        }
        if looksLikeUTF16(bytes) {
            return (nil, [.error("file looks like UTF-16 without a byte-order mark; save it as UTF-8", at: SourceLocation(file: path))])
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }

        guard var text = String(validating: bytes, as: UTF8.self) else {
            return (nil, [invalidUTF8(Array(bytes), path: path)])
        }
        let (hasReturn, hasControl) = controls(in: bytes)
        if hasReturn {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        var diagnostics: [Diagnostic] = []
        if hasControl {
            let probe = SourceText(path: path, text: text)
            var line = 1, column = 1
            for scalar in text.unicodeScalars {
                if isForbiddenControl(scalar) { break }
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            let first = text.unicodeScalars.first(where: isForbiddenControl)!
            let code = "U+" + hex(first.value, 4, uppercase: true)
            diagnostics.append(.warning("control character \(code) replaced with U+FFFD", at: probe.location(line: line, column: column), sourceLine: nil))
            var cleaned = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                cleaned.append(isForbiddenControl(scalar) ? "\u{FFFD}" : scalar)
            }
            text = String(cleaned)
        }
        return (SourceText(path: path, text: text), diagnostics)
    }

    /// Whether `bytes` hold a carriage return, and another control character than tab, line feed
    /// and carriage return (or DEL). Control characters are single bytes in UTF-8, so one pass
    /// over the bytes finds both; two searches through `String.UTF8View` cost 1.6% of a full build.
    static func controls(in bytes: ArraySlice<UInt8>) -> (carriageReturn: Bool, other: Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            var carriageReturn = false, other = false
            for byte in buffer where byte < 0x20 || byte == 0x7F {
                if byte == 0x0D { carriageReturn = true } else if byte != 0x09 && byte != 0x0A { other = true }
            }
            return (carriageReturn, other)
        }
    }

    /// UTF-16 text (mostly ASCII, as front-matter is) has a zero byte in every other place; UTF-8
    /// text has none (a stray NUL is replaced with a warning). Half the places of one parity zero
    /// and none of the other, in the first 512 bytes, is UTF-16.
    static func looksLikeUTF16(_ bytes: ArraySlice<UInt8>) -> Bool {
        let sample = bytes.prefix(512)
        guard sample.count >= 4 else { return false }
        var zeros = [0, 0]
        for (offset, byte) in sample.enumerated() where byte == 0 { zeros[offset % 2] += 1 }
        let half = sample.count / 2
        return (zeros[0] == 0 && zeros[1] * 2 >= half) || (zeros[1] == 0 && zeros[0] * 2 >= half)
    }

    /// C0 controls other than tab and newline, and DEL: never meant in a journal entry.
    static func isForbiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || scalar.value == 0x7F
    }

    private static func invalidUTF8(_ bytes: [UInt8], path: String) -> Diagnostic {
        // Find the first byte that does not start or continue a valid sequence.
        var offset = 0
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var consumed = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                consumed += UTF8.width(scalar)
                offset = consumed
            case .emptyInput:
                break loop
            case .error:
                break loop
            }
        }
        let before = bytes[..<offset]
        let line = before.filter { $0 == 10 }.count + 1
        let lineStart = before.lastIndex(of: 10).map { $0 + 1 } ?? 0
        let column = (String(decoding: bytes[lineStart..<offset], as: UTF8.self)).count + 1
        let byte = offset < bytes.count ? bytes[offset] : 0
        return .error("file is not valid UTF-8 (byte 0x\(hex(byte, 2, uppercase: true))); save it as UTF-8",
                      at: SourceLocation(file: path, line: line, column: column))
    }
}
