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
    let features: [any Feature]
    let assets: Assets
    /// The rows of lists kept from the last build of this process (the preview's), if any.
    let rowMemory: RowMemory?

    /// The template assets (`style.css`, scripts), each under its content-hashed name, so hosts
    /// may keep them forever.
    struct Assets: Sendable {
        let files: [OutputFile]
        /// Asset name -> site path of its hashed copy: `style.css` -> `style.3f2a9c1d0b.css`.
        let names: [String: String]

        init(_ templates: TemplateSet) {
            var files: [OutputFile] = []
            var names: [String: String] = [:]
            for (name, bytes) in templates.assets.sorted(by: { $0.key < $1.key }) {
                let path = ContentHash.fileName(name, content: bytes)
                names[name] = path
                files.append(OutputFile(path: path, bytes: bytes))
            }
            self.files = files
            self.names = names
        }
    }

    init(view: JournalView, templates: TemplateSet, features: [any Feature], assets: Assets? = nil, rowMemory: RowMemory? = nil) {
        self.view = view
        self.templates = templates
        self.features = features
        self.assets = assets ?? Assets(templates)
        self.rowMemory = rowMemory
    }

    /// Renders `pages` in parallel chunks on up to `jobs` tasks and hands their files to `consume`
    /// a batch at a time as they are made, so a large journal never holds many of its pages at once.
    /// The rows of lists are shared by all of them (`RowRendering`).
    func render(_ pages: [Page], jobs: Int, consume: @escaping @Sendable ([OutputFile]) throws -> Void) async throws {
        let rows = RowRendering(templates: templates, memory: rowMemory)
        _ = try await parallelMap(chunks(of: pages, jobs: jobs), jobs: jobs, chunkSize: 1) { chunk in
            try render(chunk, rows: rows, batchBytes: Self.batchBytes, hand: consume)
        }
    }

    /// About how many bytes of pages a job holds before it hands them to be written: a job's
    /// share of a 10,000-entry site is about 4 MB, and two shares held whole, beside the search
    /// index made meanwhile, were most of what the data files beside the pages added to the peak.
    static let batchBytes = 256 << 10

    /// Renders `pages` one after another, and hands their files to `hand` about `batchBytes` at a
    /// time. The `site` block and the chrome rendered from it alone are made once per page depth:
    /// they are the same on every page at one depth. Making the block for each of 10,000 pages
    /// cost 3% of a build; rendering the chrome, a quarter.
    func render(_ pages: [Page], rows: RowRendering? = nil, batchBytes: Int, hand: ([OutputFile]) throws -> Void) throws {
        var shared: [String: (site: [String: Any], chrome: [String: String])] = [:]
        let rows = rows ?? RowRendering(templates: templates)
        var batch: [OutputFile] = [], held = 0
        for page in pages {
            let context = PageContext(view: view, page: page, assets: assets.names, features: features, rows: rows)
            let root = context.linker.root
            let (site, chrome) = try shared[root] ?? { let site = context.site(); return (site, try self.chrome(site)) }()
            shared[root] = (site, chrome)
            var values = context.make(siteBlock: site)
            values["chrome"] = chrome
            // The 404 page of a site without base_url carries its stylesheet: a host serves it at
            // any depth, where a relative link fails, and the browser fetches linked files before
            // the page's `<base>` script has run (layout.mustache).
            if (values["page"] as? [String: Any])?["from_root"] as? Bool == true {
                values["inline_stylesheet"] = Self.withoutComments(String(decoding: templates.assets["style.css"] ?? [], as: UTF8.self))
            }
            // A journal's own row partial sees the whole page (`RowRendering`). Emptied after: the
            // rows' `html` holds the page's values, which would hold the rows.
            context.whole.values = values
            defer { context.whole.values = [:] }
            let file = try output(page, values)
            held += file.bytes.count
            batch.append(file)
            if held >= batchBytes {
                try hand(batch)
                (batch, held) = ([], 0)
            }
        }
        if !batch.isEmpty { try hand(batch) }
    }

    /// The parts of the layout that show the `site` block and the words alone (`site-head`,
    /// `site-assets`, `site-header`, `site-footer`), rendered with nothing else in their context
    /// and given to the layout as `chrome.head`, `chrome.assets`, `chrome.header`, `chrome.footer`.
    /// The layout's variables were a quarter of a build's CPU time, because each look-up
    /// through swift-mustache costs microseconds; as Hugo's `partialCached`. Without its last
    /// line break, since the layout puts each on a line of its own.
    func chrome(_ site: [String: Any]) throws -> [String: String] {
        let context: [String: Any] = ["site": site, "words": view.journal.words.templateValues]
        var chrome: [String: String] = [:]
        for (key, template) in Self.chromeTemplates {
            guard let html = templates.render(context, template: template) else {
                throw BuildFailure([.error("template '\(template)' is missing", at: SourceLocation(file: "templates/\(template).mustache"))])
            }
            chrome[key] = TemplateSet.withoutLastBreak(html)
        }
        return chrome
    }

    static let chromeTemplates = ["head": "site-head", "assets": "site-assets", "header": "site-header", "footer": "site-footer"]

    /// CSS without its `/* … */` comments: in a page they are bytes for nothing, and words a
    /// reader's language may not have (the 404 page's inline stylesheet).
    static func withoutComments(_ css: String) -> String {
        var kept = ""
        var rest = css[...]
        while let open = rest.range(of: "/*") {
            kept += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "*/") else { return kept }
            rest = rest[close.upperBound...]
        }
        return kept + rest
    }

    private func output(_ page: Page, _ context: [String: Any]) throws -> OutputFile {
        let path = Page.outputFile(for: page.sitePath(in: view.journal))
        var marked = context
        if let large = LargeBody.take(from: &marked), let bytes = large.splice(into: try render(page, marked)) {
            return OutputFile(path: path, bytes: bytes)
        }
        return OutputFile(path: path, bytes: Array(try render(page, context).utf8))
    }

    private func render(_ page: Page, _ context: [String: Any]) throws -> String {
        guard let html = templates.render(context, template: page.template) else {
            throw BuildFailure([.error("template '\(page.template)' is missing", at: SourceLocation(file: "templates/\(page.template).mustache"))])
        }
        return html
    }

    /// Pages in slices of about equal cost, the costliest first, so that no large page starts
    /// last and keeps one core working while the other waits: a page costs about as much as the
    /// entries it lists, and a few (the tags and places of thousands of entries) cost more than a
    /// thousand entry pages. Measured at 10,000 entries, when the lists came last in one slice,
    /// one core rendered them alone for the last 1.2 s of a 5.5 s build. Small enough to share
    /// the work out evenly, large enough to share each slice's `site` blocks.
    private func chunks(of pages: [Page], jobs: Int) -> [[Page]] {
        let weights = pages.map { Self.weightOfAPage + $0.entriesShown(in: view.journal).count }
        return Self.shares(weights, jobs: jobs).map { $0.map { pages[$0] } }
    }

    /// The indices of `weights` costliest first, cut where each share's weight reaches a
    /// sixteenth of what each job has to do.
    static func shares(_ weights: [Int], jobs: Int) -> [[Int]] {
        let order = weights.indices.sorted { weights[$0] > weights[$1] || (weights[$0] == weights[$1] && $0 < $1) }
        let target = max(1, weights.reduce(0, +) / (max(1, jobs) * 16))
        var shares: [[Int]] = [], share: [Int] = [], sum = 0
        for index in order {
            share.append(index)
            sum += weights[index]
            if sum >= target {
                shares.append(share)
                (share, sum) = ([], 0)
            }
        }
        if !share.isEmpty { shares.append(share) }
        return shares
    }

    /// What rendering a page costs beside its entries, in entries listed: an entry page (which
    /// shows itself and its two neighbours) took about as long as seven rows of a long list.
    static let weightOfAPage = 4
}
