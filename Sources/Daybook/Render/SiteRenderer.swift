import Crypto
import Foundation

/// A file of the generated site: its path inside the output folder and its bytes.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// Renders every page of a journal. Pure: values in, files out; `Emit` writes them.
struct SiteRenderer: Sendable {
    let view: JournalView
    let templates: TemplateSet

    /// `style.3f2a9c1d0b.css`: a new name whenever the stylesheet changes, so caches never serve an old one.
    var stylesheet: OutputFile {
        let bytes = templates.assets["style.css"] ?? []
        let digest = SHA256.hash(data: bytes).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        return OutputFile(path: "style.\(digest.prefix(10)).css", bytes: bytes)
    }

    /// Renders pages in parallel chunks and hands each chunk to `consume` as soon as it is done,
    /// so a large journal never holds all of its pages in memory at once.
    func render(consume: @escaping @Sendable ([OutputFile]) throws -> Void) async throws -> Int {
        let stylesheet = self.stylesheet
        try consume([stylesheet])
        let pages = Page.all(for: view.journal)
        let chunkSize = max(16, pages.count / (ProcessInfo.processInfo.activeProcessorCount * 8) + 1)
        let chunks = stride(from: 0, to: pages.count, by: chunkSize).map { Array(pages[$0..<min($0 + chunkSize, pages.count)]) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for chunk in chunks {
                group.addTask {
                    let files = try chunk.map { try self.render($0, stylesheet: stylesheet.path) }
                    try consume(files)
                }
            }
            try await group.waitForAll()
        }
        return pages.count
    }

    func render(_ page: Page, stylesheet: String) throws -> OutputFile {
        let context = PageContext(view: view, page: page, stylesheet: stylesheet).make()
        guard let html = templates.render(context, template: page.template) else {
            throw BuildFailure([.error("template '\(page.template)' is missing", at: SourceLocation(file: "templates/\(page.template).mustache"))])
        }
        return OutputFile(path: Page.outputFile(for: page.sitePath(in: view.journal)), bytes: Array(html.utf8))
    }
}
