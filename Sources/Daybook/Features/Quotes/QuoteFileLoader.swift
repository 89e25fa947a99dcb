import Yams

/// Reads the journal's own quotations, `quotes.yml` or `quotes.json` at its root: a list of
/// `{text, author}`, author optional. JSON is read by the YAML parser too (JSON is YAML's flow
/// style), so problems in either get a line and column.
enum QuoteFileLoader {
    static let fileNames = ["quotes.yml", "quotes.json"]

    /// The journal's own list: nil when it has no quotes file, possibly empty when it has one.
    static func load(_ files: JournalFiles) -> ([Quote]?, [Diagnostic]) {
        guard let path = files.quoteFiles.first else { return (nil, []) }
        var diagnostics: [Diagnostic] = []
        for other in files.quoteFiles.dropFirst() {
            diagnostics.append(.error("\(path) and \(other) both exist; keep one of them", at: SourceLocation(file: other)))
        }
        guard let bytes = files.bytes(of: path) else {
            return ([], diagnostics + [.error("could not read the file", at: SourceLocation(file: path))])
        }
        let (quotes, problems) = read(path: path, bytes: bytes)
        return (quotes, diagnostics + problems)
    }

    /// The quotes of one file, with every problem found in it.
    static func read(path: String, bytes: [UInt8]) -> ([Quote], [Diagnostic]) {
        let (decoded, decodeProblems) = SourceDecoder.decode(bytes, path: path)
        guard let source = decoded else { return ([], decodeProblems) }
        let isJSON = path.hasSuffix(".json")
        var reader = QuoteFileReader(source: source, isJSON: isJSON)
        let root: Node?
        do {
            root = try YAML.compose(isJSON ? yamlCompatible(json: source.text) : source.text)
        } catch {
            return ([], decodeProblems + [reader.malformed(error)])
        }
        // An empty file is an empty list: it hides the banner.
        guard let root, !YAML.isNull(root) else { return ([], decodeProblems) }
        let quotes = reader.quotes(root)
        return (quotes, decodeProblems + reader.diagnostics)
    }

    /// JSON as libyaml reads it: tabs (JSON whitespace, but not YAML indentation) become spaces,
    /// and a surrogate pair `\ud83c\udf3f`, which YAML has no escape for, becomes `\U0001F33F`.
    /// Columns after such a pair shift by two on its line.
    static func yamlCompatible(json: String) -> String {
        var output = ""
        var characters = Array(json)[...]
        while let character = characters.popFirst() {
            if character == "\t" {
                output.append(" ")
            } else if character == "\\", let next = characters.first {
                characters.removeFirst()
                if next == "u", let high = hex4(characters.prefix(4)), (0xD800...0xDBFF).contains(high),
                   characters.dropFirst(4).starts(with: ["\\", "u"]), let low = hex4(characters.dropFirst(6).prefix(4)),
                   (0xDC00...0xDFFF).contains(low) {
                    let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    let digits = String(scalar, radix: 16, uppercase: true)
                    output += "\\U" + String(repeating: "0", count: 8 - digits.count) + digits
                    characters.removeFirst(10)
                } else {
                    // Any other escape, `\\` included, is copied whole so the next backslash is judged afresh.
                    output.append(character)
                    output.append(next)
                }
            } else {
                output.append(character)
            }
        }
        return output
    }

    private static func hex4(_ characters: ArraySlice<Character>) -> Int? {
        characters.count == 4 ? Int(String(characters), radix: 16) : nil
    }
}
