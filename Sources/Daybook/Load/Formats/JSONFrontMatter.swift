/// Reads Hugo's JSON front-matter, an object at the top of the file, with the line and column
/// of every value (Foundation's parser gives none), and where the object ends.
struct JSONFrontMatter {
    /// A problem in the JSON, positioned within the text given (1-based).
    struct Problem: Error, Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1

    /// Parses the object that starts `text`; returns it and the line its closing brace is on.
    static func parse(_ text: String) throws(Problem) -> (root: FrontMatterNode, lastLine: Int) {
        var parser = JSONFrontMatter(scalars: Array(text.unicodeScalars))
        parser.skipSpace()
        guard parser.peek == "{" else { throw parser.problem("JSON front-matter must start with {") }
        let root = try parser.value(depth: 0)
        return (root, parser.line)
    }

    private init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func advance() {
        if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
        index += 1
    }

    private mutating func skipSpace() {
        while let next = peek, next == " " || next == "\t" || next == "\n" || next == "\r" { advance() }
    }

    private func problem(_ message: String) -> Problem {
        Problem(message: message, line: line, column: column)
    }

    private mutating func value(depth: Int) throws(Problem) -> FrontMatterNode {
        skipSpace()
        guard depth < 64 else { throw problem("JSON nested too deep") }
        let (startLine, startColumn) = (line, column)
        switch peek {
        case "{": return FrontMatterNode(.map(try object(depth: depth)), line: startLine, column: startColumn)
        case "[": return FrontMatterNode(.list(try array(depth: depth)), line: startLine, column: startColumn)
        case "\"": return FrontMatterNode(.scalar(try string(), plain: false), line: startLine, column: startColumn)
        case nil: throw problem("the JSON front-matter ends before its closing }")
        default:
            var word = ""
            while let next = peek, !",]} \t\r\n".unicodeScalars.contains(next) { word.unicodeScalars.append(next); advance() }
            let isNumber = Double(word) != nil && word.first != "+" && !word.hasPrefix(".")
            guard ["true", "false", "null"].contains(word) || isNumber else {
                throw Problem(message: "'\(word.prefix(20))' is not a JSON value; text needs \"quotes\"", line: startLine, column: startColumn)
            }
            return FrontMatterNode(.scalar(word, plain: true), line: startLine, column: startColumn)
        }
    }

    private mutating func object(depth: Int) throws(Problem) -> [(key: FrontMatterNode, value: FrontMatterNode)] {
        advance()
        var pairs: [(key: FrontMatterNode, value: FrontMatterNode)] = []
        skipSpace()
        if peek == "}" { advance(); return pairs }
        while true {
            skipSpace()
            guard peek == "\"" else { throw problem("expected a \"key\" in quotes") }
            let (keyLine, keyColumn) = (line, column)
            let key = FrontMatterNode(.scalar(try string(), plain: false), line: keyLine, column: keyColumn)
            skipSpace()
            guard peek == ":" else { throw problem("expected : after the key \"\(key.scalar ?? "")\"") }
            advance()
            pairs.append((key, try value(depth: depth + 1)))
            skipSpace()
            if peek == "," { advance(); continue }
            if peek == "}" { advance(); return pairs }
            throw problem("expected , or } after the value")
        }
    }

    private mutating func array(depth: Int) throws(Problem) -> [FrontMatterNode] {
        advance()
        var items: [FrontMatterNode] = []
        skipSpace()
        if peek == "]" { advance(); return items }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            if peek == "," { advance(); continue }
            if peek == "]" { advance(); return items }
            throw problem("expected , or ] in the list")
        }
    }

    private mutating func string() throws(Problem) -> String {
        advance()
        var text = ""
        while let next = peek {
            advance()
            switch next {
            case "\"": return text
            case "\n": throw problem("text in quotes runs past the end of its line")
            case "\\": text.unicodeScalars.append(try escaped())
            default: text.unicodeScalars.append(next)
            }
        }
        throw problem("text in quotes is never closed")
    }

    /// The four hex digits after `\u`.
    private mutating func hexCode() throws(Problem) -> UInt32 {
        var hex = ""
        for _ in 0..<4 { if let digit = peek { hex.unicodeScalars.append(digit); advance() } }
        guard hex.count == 4, let code = UInt32(hex, radix: 16) else { throw problem("bad \\u escape") }
        return code
    }

    private mutating func escaped() throws(Problem) -> Unicode.Scalar {
        guard let next = peek else { throw problem("text in quotes is never closed") }
        advance()
        switch next {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{8}"
        case "f": return "\u{C}"
        case "u":
            let code = try hexCode()
            guard (0xD800...0xDBFF).contains(code) else {
                guard let scalar = Unicode.Scalar(code) else { throw problem("bad \\u escape") }
                return scalar
            }
            // Outside the Basic Multilingual Plane (emoji) as a surrogate pair, as Python writes it.
            guard peek == "\\" else { throw problem("a \\u escape of half a character") }
            advance()
            guard peek == "u" else { throw problem("a \\u escape of half a character") }
            advance()
            let low = try hexCode()
            guard (0xDC00...0xDFFF).contains(low),
                  let scalar = Unicode.Scalar(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)) else {
                throw problem("a \\u escape of half a character")
            }
            return scalar
        case "\"", "\\", "/": return next
        default: throw problem("unknown escape \\\(next)")
        }
    }
}
