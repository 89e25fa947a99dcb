/// TOML's values: strings (four kinds), numbers, booleans, dates and times, arrays, inline tables.
extension TOMLReader {
    mutating func value() throws(TOMLFrontMatter.Problem) -> FrontMatterNode {
        let (line, column) = (cursor.line, cursor.column)
        func scalar(_ text: String, plain: Bool = true) -> FrontMatterNode {
            FrontMatterNode(.scalar(text, plain: plain), line: line, column: column)
        }
        switch cursor.current {
        case UInt8(ascii: "\""):
            return scalar(try basicString(multiline: cursor.starts(with: "\"\"\"")), plain: false)
        case UInt8(ascii: "'"):
            return scalar(try literalString(multiline: cursor.starts(with: "'''")), plain: false)
        case UInt8(ascii: "["):
            return try nested { (reader: inout TOMLReader) throws(TOMLFrontMatter.Problem) in try reader.array() }
        case UInt8(ascii: "{"):
            return try nested { (reader: inout TOMLReader) throws(TOMLFrontMatter.Problem) in try reader.inlineTable() }
        case nil, 0x0A, UInt8(ascii: "#"):
            throw cursor.problem("expected a value after '=', found \(cursor.shown)")
        default:
            var word: [UInt8] = []
            while let byte = cursor.current, Self.isWordByte(byte) || (byte == 0x20 && Self.timeFollows(word, cursor)) {
                word.append(byte)
                cursor.advance()
            }
            guard !word.isEmpty else { throw cursor.problem("expected a value, found \(cursor.shown)") }
            guard let text = TOMLWords.read(word) else {
                throw TOMLFrontMatter.Problem(message: "'\(String(decoding: word, as: UTF8.self))' is not a TOML value; write text in quotes, such as \"a day out\"",
                                              line: line, column: column)
            }
            return scalar(text)
        }
    }

    private mutating func nested(_ read: (inout TOMLReader) throws(TOMLFrontMatter.Problem) -> FrontMatterNode)
        throws(TOMLFrontMatter.Problem) -> FrontMatterNode {
        guard depth < TOMLFrontMatter.depthLimit else {
            throw cursor.problem("values are nested more than \(TOMLFrontMatter.depthLimit) deep")
        }
        depth += 1
        defer { depth -= 1 }
        return try read(&self)
    }

    private mutating func array() throws(TOMLFrontMatter.Problem) -> FrontMatterNode {
        let (line, column) = (cursor.line, cursor.column)
        cursor.advance()
        var items: [FrontMatterNode] = []
        while true {
            cursor.skipBlanksNewlinesAndComments()
            if cursor.skip(UInt8(ascii: "]")) { break }
            items.append(try value())
            cursor.skipBlanksNewlinesAndComments()
            if cursor.skip(UInt8(ascii: "]")) { break }
            guard cursor.skip(UInt8(ascii: ",")) else { throw cursor.problem("expected ',' or ']' in the list, found \(cursor.shown)") }
        }
        return FrontMatterNode(.list(items), line: line, column: column)
    }

    /// `{ name = "Jeju", lat = 33.5 }`, on one line as TOML 1.0 has it.
    private mutating func inlineTable() throws(TOMLFrontMatter.Problem) -> FrontMatterNode {
        var table = TOMLTable(line: cursor.line, column: cursor.column)
        cursor.advance()
        cursor.skipBlanks()
        if cursor.skip(UInt8(ascii: "}")) { return table.node }
        while true {
            let path = try key()
            guard cursor.skip(UInt8(ascii: "=")) else { throw cursor.problem("expected '=' after the key, found \(cursor.shown)") }
            cursor.skipBlanks()
            let value = try self.value()
            try table.within(path.dropLast()) { (inner: inout TOMLTable) throws(TOMLFrontMatter.Problem) in
                try inner.add(path[path.count - 1], .value(value))
            }
            cursor.skipBlanks()
            if cursor.skip(UInt8(ascii: "}")) { break }
            guard cursor.skip(UInt8(ascii: ",")) else { throw cursor.problem("expected ',' or '}' in the inline table, found \(cursor.shown)") }
            cursor.skipBlanks()
        }
        table.isInline = true
        return table.node
    }

    /// Letters, digits and the marks of numbers and dates: what an unquoted value is made of.
    static func isWordByte(_ byte: UInt8) -> Bool {
        isBareKey(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    /// A date's space before its time, as in `1979-05-27 07:32:00`.
    private static func timeFollows(_ word: [UInt8], _ cursor: TOMLCursor) -> Bool {
        word.count == 10 && TOMLWords.isDate(word[...]) && cursor.peek(1).map { (0x30...0x39).contains($0) } == true
            && cursor.peek(2).map { (0x30...0x39).contains($0) } == true && cursor.peek(3) == UInt8(ascii: ":")
    }

    // MARK: Strings

    mutating func basicString(multiline: Bool) throws(TOMLFrontMatter.Problem) -> String {
        try quoted(UInt8(ascii: "\""), multiline: multiline)
    }

    mutating func literalString(multiline: Bool) throws(TOMLFrontMatter.Problem) -> String {
        try quoted(UInt8(ascii: "'"), multiline: multiline)
    }

    /// Text in `"` (with escapes) or `'` (without), or in three of them over several lines.
    private mutating func quoted(_ quote: UInt8, multiline: Bool) throws(TOMLFrontMatter.Problem) -> String {
        let (line, column) = (cursor.line, cursor.column)
        let closer = String(repeating: String(UnicodeScalar(quote)), count: multiline ? 3 : 1)
        cursor.advance(multiline ? 3 : 1)
        if multiline { _ = cursor.skip(0x0A) }
        var text: [UInt8] = []
        while true {
            guard let byte = cursor.current, multiline || byte != 0x0A else {
                throw TOMLFrontMatter.Problem(message: "text opened here is never closed with \(closer)", line: line, column: column)
            }
            if byte == quote {
                if !multiline { cursor.advance(); break }
                if cursor.starts(with: closer) { try closeMultiline(quote, into: &text); break }
            }
            if byte == UInt8(ascii: "\\") && quote == UInt8(ascii: "\"") {
                try escape(into: &text, multiline: multiline)
                continue
            }
            text.append(byte)
            cursor.advance()
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Up to two quotes may end a multi-line string's text right before its closing three.
    private mutating func closeMultiline(_ quote: UInt8, into text: inout [UInt8]) throws(TOMLFrontMatter.Problem) {
        var count = 0
        while cursor.current == quote { count += 1; cursor.advance() }
        guard count <= 5 else { throw cursor.problem("too many quotes in a row at the end of the text") }
        text += Array(repeating: quote, count: count - 3)
    }

    private mutating func escape(into text: inout [UInt8], multiline: Bool) throws(TOMLFrontMatter.Problem) {
        let start = cursor
        cursor.advance()
        let simple: [UInt8: UInt8] = [UInt8(ascii: "b"): 8, UInt8(ascii: "t"): 9, UInt8(ascii: "n"): 10, UInt8(ascii: "f"): 12,
                                      UInt8(ascii: "r"): 13, UInt8(ascii: "e"): 27, UInt8(ascii: "\""): 34, UInt8(ascii: "\\"): 92]
        guard let letter = cursor.current else { throw start.problem("'\\' at the end of the front-matter") }
        if let byte = simple[letter] {
            text.append(byte)
            cursor.advance()
        } else if letter == UInt8(ascii: "u") || letter == UInt8(ascii: "U") {
            cursor.advance()
            var value: UInt32 = 0
            for _ in 0..<(letter == UInt8(ascii: "u") ? 4 : 8) {
                guard let digit = cursor.current.flatMap({ UInt32(String(UnicodeScalar($0)), radix: 16) }) else {
                    throw start.problem("\\\(UnicodeScalar(letter)) needs \(letter == UInt8(ascii: "u") ? 4 : 8) hexadecimal digits")
                }
                value = value * 16 + digit
                cursor.advance()
            }
            guard let scalar = Unicode.Scalar(value) else { throw start.problem("\\\(UnicodeScalar(letter)) names no character") }
            text += Array(String(Character(scalar)).utf8)
        } else if multiline && (letter == 0x20 || letter == 0x09 || letter == 0x0A) {
            // A line-ending backslash joins the lines: it and the blanks after it are dropped.
            cursor.skipBlanks()
            guard cursor.current == 0x0A else { throw start.problem("only blanks may follow a line-ending '\\'") }
            while let byte = cursor.current, byte == 0x20 || byte == 0x09 || byte == 0x0A { cursor.advance() }
        } else {
            throw start.problem("unknown escape '\\\(String(decoding: [letter], as: UTF8.self))'")
        }
    }
}
