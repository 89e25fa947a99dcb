/// libyaml counts U+0085, U+2028 and U+2029 as line breaks, as YAML 1.1 says; Daybook's files
/// (and every editor) break lines at LF only. This maps libyaml's 1-based line and column back to
/// the text's own, so an error in `title: A<U+2028>B` points at that line, not one further down.
struct YAMLLines: Sendable {
    /// For each of libyaml's lines from the first extra break on: the text's line and the column
    /// (0-based, in Unicode scalars) where that libyaml line starts. Empty when the text has none.
    private var starts: [(line: Int, column: Int)] = []
    private var firstExtra = Int.max

    init(_ text: String) {
        // U+0085 is C2 85 in UTF-8, U+2028 and U+2029 are E2 80 A8/A9: no byte C2 or E2, no extra break.
        guard text.utf8.contains(where: { $0 == 0xC2 || $0 == 0xE2 }) else { return }
        var yamlLine = 1, line = 1, column = 0
        var found: [(line: Int, column: Int)] = []
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                yamlLine += 1
                line += 1
                column = 0
                if !found.isEmpty { found.append((line, 0)) }
            } else if scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                column += 1
                if found.isEmpty { firstExtra = yamlLine + 1 }
                yamlLine += 1
                found.append((line, column))
            } else {
                column += 1
            }
        }
        starts = found
    }

    /// The text's line and column for libyaml's.
    func position(line: Int, column: Int) -> (line: Int, column: Int) {
        guard line >= firstExtra else { return (line, column) }
        let index = line - firstExtra
        guard index < starts.count else { return (starts.last.map { $0.line } ?? line, column) }
        return (starts[index].line, starts[index].column + column)
    }
}
