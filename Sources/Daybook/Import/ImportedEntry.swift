import Foundation

/// One entry read from a journal app's export, before it is written as a Daybook entry file.
public struct ImportedEntry: Sendable {
    /// The front-matter key that keeps the source's id (`dayone_id`, `jrnl_id`), so running an
    /// import again after a new export skips what is already there.
    public var idKey: String
    public var id: String
    public var date: LocalDateTime
    /// False when the source gives a wall-clock time only (jrnl): the date is written without
    /// an offset, so the journal's `timezone` reads it.
    public var dateHasZone = true
    public var title: String?
    public var body: String
    public var tags: [String] = []
    public var place: Place?
    /// Further keys kept for the templates (Day One's weather), in the order written.
    public var extra: [(key: String, value: FrontMatterValue)] = []
    /// Files placed beside the entry (photos): the name in the entry's folder and where it is now.
    public var files: [(name: String, source: URL)] = []
    /// Where in the export the entry is (`entries[3]`), for messages.
    public var origin: String
}

/// A problem in an export, with its position: the file, its line and column, and a JSON path.
public struct ImportFailure: Error, Sendable {
    public var diagnostics: [Diagnostic]

    init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    init(_ message: String, file: String, line: Int = 1, column: Int = 1) {
        diagnostics = [.error(message, at: SourceLocation(file: file, line: line, column: column))]
    }
}

/// Reading a JSON export with positions (`JSONFrontMatter` reads any object at the top).
enum ExportJSON {
    static func read(_ url: URL) throws(ImportFailure) -> (root: FrontMatterNode, source: SourceText) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ImportFailure("could not read the export", file: url.path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ImportFailure("the export is not UTF-8 text", file: url.path)
        }
        let source = SourceText(path: url.path, text: text)
        do {
            return (try JSONFrontMatter.parse(text).root, source)
        } catch {
            throw ImportFailure([source.error("malformed JSON: \(error.message)", line: error.line, column: error.column)])
        }
    }

    /// The value at `key` of a JSON object node, if there is one and it is not null.
    static func field(_ node: FrontMatterNode, _ key: String) -> FrontMatterNode? {
        node.mapping?.first { $0.key.scalar == key }.map(\.value).flatMap { $0.isNull ? nil : $0 }
    }

    /// An error at `node`, naming its JSON path.
    static func error(_ message: String, at node: FrontMatterNode, path: String, in source: SourceText) -> Diagnostic {
        source.error("\(path): \(message)", line: node.line, column: node.column)
    }
}
