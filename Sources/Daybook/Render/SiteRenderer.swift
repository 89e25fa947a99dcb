import Foundation

/// A file of the generated site: its path inside the output folder and its bytes.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    public var bytes: [UInt8]
    /// A digest of what the file is made from, when its maker keeps one (an incremental build
    /// compares it to skip the file next time); nil when the file is known by its content.
    var key: [UInt8]?

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    init(path: String, bytes: [UInt8], key: [UInt8]?) {
        self.path = path
        self.bytes = bytes
        self.key = key
    }
}

/// Renders every page of a journal. Pure: values in, files out; `Emit` writes them.
struct SiteRenderer: Sendable {
    let view: JournalView
    let templates: TemplateSet
    /// Files other than pages and assets, made by derivations (data files for scripts).
    let dataFiles: [OutputFile]
    /// Each template asset (`style.css`, scripts) under its content-hashed name.
    let assetFiles: [OutputFile]
    /// Asset name -> site path of its hashed copy: `style.css` -> `style.3f2a9c1d0b.css`.
    let assets: [String: String]

    init(view: JournalView, templates: TemplateSet, dataFiles: [OutputFile] = []) {
        self.view = view
        self.templates = templates
        self.dataFiles = dataFiles
        var files: [OutputFile] = []
        var names: [String: String] = [:]
        for (name, bytes) in templates.assets.sorted(by: { $0.key < $1.key }) {
            let path = ContentHash.fileName(name, content: bytes)
            names[name] = path
            files.append(OutputFile(path: path, bytes: bytes))
        }
        assetFiles = files
        assets = names
    }

    /// Assets and data files: everything written besides pages.
    var extraFiles: [OutputFile] { assetFiles + dataFiles }

    /// Renders `pages` in parallel chunks on up to `jobs` tasks and hands each chunk to `consume`
    /// as soon as it is done, so a large journal never holds all of its pages in memory at once.
    /// The extra files go to `consume` first.
    func render(_ pages: [Page], jobs: Int, consume: @escaping @Sendable ([OutputFile]) throws -> Void) async throws {
        try consume(extraFiles)
        let blocks = PageContext.SiteBlocks(view: view, pages: pages, assets: assets)
        _ = try await parallelMap(pages, jobs: jobs, chunksPerJob: 8) { page -> Void in
            try consume([try self.render(page, siteBlocks: blocks)])
        }
    }

    /// Renders `pages` in parallel and returns them in order.
    func renderPages(_ pages: [Page], jobs: Int) async throws -> [OutputFile] {
        let blocks = PageContext.SiteBlocks(view: view, pages: pages, assets: assets)
        return try await parallelMap(pages, jobs: jobs, chunksPerJob: 8) { try self.render($0, siteBlocks: blocks) }
    }

    func render(_ page: Page, siteBlocks: PageContext.SiteBlocks? = nil) throws -> OutputFile {
        let context = PageContext(view: view, page: page, assets: assets, siteBlocks: siteBlocks).make()
        guard let html = templates.render(context, template: page.template) else {
            throw BuildFailure([.error("template '\(page.template)' is missing", at: SourceLocation(file: "templates/\(page.template).mustache"))])
        }
        return OutputFile(path: Page.outputFile(for: page.sitePath(in: view.journal)), bytes: Array(html.utf8))
    }
}
