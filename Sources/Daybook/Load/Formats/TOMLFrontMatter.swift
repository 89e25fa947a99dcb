/// Reads TOML front-matter (between `+++` lines, as Hugo and Zola write it) into the same nodes
/// as YAML, each value with its own line and column. TOML's dates become the text shapes
/// `DateParser` reads: `2022-08-08`, `2022-08-08T09:30:00`, `2022-08-08T09:30:00+09:00`.
///
/// Daybook's own reader, not TOMLKit: toml++ (under TOMLKit) ends the process with an assertion on
/// some malformed inputs (`2=1979-05-27 2}`), and one imported post must not take a build down.
/// It reads TOML 1.0 whole; nothing in it can trap on any input (see docs/entries.md).
enum TOMLFrontMatter {
    /// A problem in the TOML, positioned within the text given (1-based).
    struct Problem: Error, Equatable {
        var message: String
        var line: Int
        var column: Int
    }

    /// Arrays and inline tables inside one another; deeper is refused, not recursed into.
    static let depthLimit = 64

    static func parse(_ text: String) throws(Problem) -> FrontMatterNode {
        var reader = TOMLReader(text)
        return try reader.document()
    }
}

/// A table being filled: its keys in the order written, and what each holds.
struct TOMLTable {
    enum Item {
        case value(FrontMatterNode)
        case table(TOMLTable)
        /// `[[name]]`: an array of tables, filled one header at a time.
        case tables([TOMLTable])
    }

    var keys: [FrontMatterNode] = []
    var items: [String: Item] = [:]
    var line: Int
    var column: Int
    /// Given its own `[header]` (a second one is an error) or written inline (closed to additions).
    var isDefined = false
    var isInline = false

    init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    var node: FrontMatterNode {
        let pairs = keys.map { key in
            let value: FrontMatterNode = switch items[key.scalar ?? ""]! {
            case .value(let node): node
            case .table(let table): table.node
            case .tables(let tables): FrontMatterNode(.list(tables.map(\.node)), line: key.line, column: key.column)
            }
            return (key: key, value: value)
        }
        return FrontMatterNode(.map(pairs), line: line, column: column)
    }

    /// Runs `body` on the table at `path` below this one, making the tables on the way (as
    /// `a.b.c = 1` and `[a.b]` do); the last of an array of tables is the one `[[a]]` opened last.
    mutating func within<T>(_ path: ArraySlice<FrontMatterNode>, _ body: (inout TOMLTable) throws(TOMLFrontMatter.Problem) -> T)
        throws(TOMLFrontMatter.Problem) -> T {
        guard let key = path.first else { return try body(&self) }
        let name = key.scalar ?? ""
        let rest = path.dropFirst()
        switch items[name] {
        case nil:
            guard !isInline else { throw problem("'\(name)' cannot be added to an inline table after it is closed", at: key) }
            keys.append(key)
            var table = TOMLTable(line: key.line, column: key.column)
            let result = try table.within(rest, body)
            items[name] = .table(table)
            return result
        case .table(var table):
            guard !table.isInline else { throw problem("'\(name)' is an inline table, closed to further keys", at: key) }
            items[name] = nil
            defer { items[name] = .table(table) }
            return try table.within(rest, body)
        case .tables(var tables):
            items[name] = nil
            defer { items[name] = .tables(tables) }
            return try tables[tables.count - 1].within(rest, body)
        case .value:
            throw problem("'\(name)' is already a value, not a table", at: key)
        }
    }

    mutating func add(_ key: FrontMatterNode, _ item: Item) throws(TOMLFrontMatter.Problem) {
        let name = key.scalar ?? ""
        guard items[name] == nil else { throw problem("duplicate key '\(name)'", at: key) }
        guard !isInline else { throw problem("'\(name)' cannot be added to an inline table after it is closed", at: key) }
        keys.append(key)
        items[name] = item
    }

    func problem(_ message: String, at node: FrontMatterNode) -> TOMLFrontMatter.Problem {
        TOMLFrontMatter.Problem(message: message, line: node.line, column: node.column)
    }
}

/// The structure of a TOML text: key/value lines, `[table]` and `[[array]]` headers.
struct TOMLReader {
    var cursor: TOMLCursor
    var depth = 0

    init(_ text: String) { cursor = TOMLCursor(text) }

    mutating func document() throws(TOMLFrontMatter.Problem) -> FrontMatterNode {
        var root = TOMLTable(line: 1, column: 1)
        var current: [FrontMatterNode] = []
        while true {
            cursor.skipBlanksNewlinesAndComments()
            guard let byte = cursor.current else { break }
            if byte == UInt8(ascii: "[") {
                current = try header(into: &root)
            } else {
                let path = try key()
                cursor.skipBlanks()
                guard cursor.skip(UInt8(ascii: "=")) else { throw cursor.problem("expected '=' after the key, found \(cursor.shown)") }
                cursor.skipBlanks()
                let value = try self.value()
                try root.within(current[...]) { (table: inout TOMLTable) throws(TOMLFrontMatter.Problem) in
                    try table.within(path.dropLast()) { (inner: inout TOMLTable) throws(TOMLFrontMatter.Problem) in
                        try inner.add(path[path.count - 1], .value(value))
                    }
                }
            }
            try endOfLine()
        }
        return root.node
    }

    /// `[a.b]` or `[[a.b]]`; the path of the table that the following keys go into.
    private mutating func header(into root: inout TOMLTable) throws(TOMLFrontMatter.Problem) -> [FrontMatterNode] {
        let isArray = cursor.peek(1) == UInt8(ascii: "[")
        let (line, column) = (cursor.line, cursor.column)
        cursor.advance(isArray ? 2 : 1)
        cursor.skipBlanks()
        let path = try key()
        cursor.skipBlanks()
        guard cursor.skip(UInt8(ascii: "]")), !isArray || cursor.skip(UInt8(ascii: "]")) else {
            throw cursor.problem("expected '\(isArray ? "]]" : "]")' to close the table's name, found \(cursor.shown)")
        }
        let last = path[path.count - 1], name = last.scalar ?? ""
        try root.within(path.dropLast()) { (parent: inout TOMLTable) throws(TOMLFrontMatter.Problem) in
            var fresh = TOMLTable(line: line, column: column)
            fresh.isDefined = true
            switch parent.items[name] {
            case nil:
                try parent.add(last, isArray ? .tables([fresh]) : .table(fresh))
            case .tables(let tables) where isArray:
                parent.items[name] = .tables(tables + [fresh])
            case .table(var table) where !isArray && !table.isDefined && !table.isInline:
                table.isDefined = true
                parent.items[name] = .table(table)
            default:
                throw parent.problem("'\(name)' is already defined", at: last)
            }
        }
        return path
    }

    /// A key, dotted or not: `title`, `"a b"`, `location.lat`; each part with its position.
    mutating func key() throws(TOMLFrontMatter.Problem) -> [FrontMatterNode] {
        var parts: [FrontMatterNode] = []
        repeat {
            cursor.skipBlanks()
            let (line, column) = (cursor.line, cursor.column)
            let text: String
            switch cursor.current {
            case UInt8(ascii: "\""): text = try basicString(multiline: false)
            case UInt8(ascii: "'"): text = try literalString(multiline: false)
            default:
                var bare: [UInt8] = []
                while let byte = cursor.current, Self.isBareKey(byte) {
                    bare.append(byte)
                    cursor.advance()
                }
                guard !bare.isEmpty else { throw cursor.problem("expected a key, found \(cursor.shown)") }
                text = String(decoding: bare, as: UTF8.self)
            }
            parts.append(FrontMatterNode(.scalar(text, plain: false), line: line, column: column))
            cursor.skipBlanks()
        } while cursor.skip(UInt8(ascii: "."))
        return parts
    }

    static func isBareKey(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    /// After a key/value or a header: blanks, a comment, then a newline or the end.
    private mutating func endOfLine() throws(TOMLFrontMatter.Problem) {
        cursor.skipBlanks()
        cursor.skipComment()
        guard cursor.atEnd || cursor.skip(0x0A) else {
            throw cursor.problem("expected the end of the line after the value, found \(cursor.shown)")
        }
    }
}
