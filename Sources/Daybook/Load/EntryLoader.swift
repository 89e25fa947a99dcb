/// Reads one entry file: bytes -> text -> front-matter + body -> `Entry`.
struct EntryLoader: Sendable {
    let dates: DateParser
    let rawHTML: Bool
    var categoriesAsTags = true

    /// Every entry page sits four folders deep (`YYYY/MM/DD/slug/`), so root-relative links in
    /// bodies get the same prefix on every entry page.
    static let entryRootPrefix = "../../../../"

    /// The warning for an entry with front-matter and no body text yet, which the build leaves out.
    static let noTextYet = "no text yet; left out of the site"

    /// The largest entry file read: a journal day is kilobytes; past this it is a mistake (a
    /// pasted log, an image saved as `.md`) that would only make the build slow and big.
    static let sizeLimit = 20 * 1024 * 1024

    static func tooBig(path: String, size: Int) -> Diagnostic {
        .error("entry is \(size / 1024 / 1024) MB, over the limit of \(sizeLimit / 1024 / 1024) MB; split it or move what it holds out of entries/",
               at: SourceLocation(file: path))
    }

    /// - Parameter bytes: consumed, so a caller that hands them over (`consume`) lets them go
    ///   once they are decoded, rather than holding a large entry's bytes through its rendering.
    func load(path: String, bytes: consuming [UInt8]) -> (Entry?, [Diagnostic]) {
        guard bytes.count <= Self.sizeLimit else { return (nil, [Self.tooBig(path: path, size: bytes.count)]) }
        // One binding, not unwrapped into a second: that would hold the body as well.
        var (read, diagnostics) = self.read(path: path, bytes: consume bytes)
        guard read != nil else { return (nil, diagnostics) }
        // The body is the last hold on the file's text: cmark lets it go once it has its tree, so
        // the text is not held beside the HTML and plain text made from it (issue 23).
        let rendered = MarkdownRenderer.render(taking: &read!.body, rawHTML: rawHTML, rootPrefix: Self.entryRootPrefix)
        let (frontMatter, date) = (read!.frontMatter, read!.date)
        let entry = Entry(
            sourcePath: path, title: frontMatter.title, date: date, rating: frontMatter.rating,
            place: frontMatter.place, tags: frontMatter.tags, isDraft: frontMatter.isDraft,
            explicitSlug: frontMatter.slug, extra: frontMatter.extra, keyLines: frontMatter.keyLines,
            slug: frontMatter.slug == nil ? Self.bundleSlug(path) : nil, html: rendered.html, plainText: rendered.plainText,
            excerpt: frontMatter.summary.map { Entry.excerpt(of: $0) })
        return (entry, diagnostics)
    }

    /// An entry file read up to its body: the front-matter, the date and the body to render.
    private struct Read {
        var frontMatter: FrontMatter
        var date: LocalDateTime
        var body: Substring
    }

    private func read(path: String, bytes: consuming [UInt8]) -> (Read?, [Diagnostic]) {
        let (decoded, decodeDiagnostics) = SourceDecoder.decode(bytes, path: path)
        bytes = []
        guard let source = decoded else { return (nil, decodeDiagnostics) }
        var diagnostics = decodeDiagnostics

        let split: FrontMatterSplit
        switch FrontMatterSplitter.split(source) {
        case .success(let value): split = value
        case .failure(let diagnostic): return (nil, diagnostics + [diagnostic])
        }
        var reader = FrontMatterReader(source: source, split: split, dates: dates)
        reader.categoriesAsTags = categoriesAsTags
        let frontMatter = reader.read()
        diagnostics += reader.diagnostics

        // A date that was written but could not be read has its own error already.
        let dateWritten = frontMatter.keyLines["date"] != nil || reader.yamlFailed
        let date = frontMatter.date ?? frontMatter.publishDate
            ?? (dateWritten || frontMatter.keyLines["publishDate"] != nil ? nil : dateFromFileName(path: path, source: source, split: split, diagnostics: &diagnostics))
        guard let date, !diagnostics.hasErrors else { return (nil, diagnostics) }
        // An entry just started (`daybook new`) must not break the site or CI: it stays out until
        // it has words. A draft may have no text; it is left out anyway unless `--drafts`.
        if !frontMatter.isDraft && split.body.allSatisfy(\.isWhitespace) {
            let line = max(1, min(split.bodyFirstLine, source.lineCount))
            return (nil, diagnostics + [.warning(Self.noTextYet, at: source.location(line: line))])
        }

        let (body, shortcodes) = Shortcodes.rewrite(split.body, source: source, firstLine: split.bodyFirstLine)
        diagnostics += shortcodes
        if let found = GFMSyntax.first(in: split.body) {
            diagnostics.append(.warning(GFMSyntax.message(found.kind), at: source.location(line: split.bodyFirstLine + found.line - 1), sourceLine: found.text))
        }
        return (Read(frontMatter: frontMatter, date: date, body: body), diagnostics)
    }

    /// The name that stands for an entry: its file's, or its folder's for a folder entry
    /// (`2024-05-01-ferry/index.md`, a "page bundle" with its photos beside it).
    static func entryName(_ path: String) -> String {
        let parts = path.split(separator: "/")
        guard let last = parts.last else { return path }
        let isBundle = parts.count > 1 && JournalFiles.isEntryFile(String(last)) && last.lowercased().hasPrefix("index.")
        return String(isBundle ? parts[parts.count - 2] : last)
    }

    /// A folder entry's slug: its folder's name without the date, `ferry`; nil for a file entry
    /// (whose slug is its title's) or a folder named by its date alone.
    static func bundleSlug(_ path: String) -> String? {
        let name = entryName(path)
        guard name != path.split(separator: "/").last.map(String.init) else { return nil }
        let shaped = name.count > 10 && name.prefix(10).enumerated().allSatisfy { index, character in
            index == 4 || index == 7 ? character == "-" : character.isASCII && character.isNumber
        }
        let slug = Slug.make(shaped ? String(name.dropFirst(10)) : name)
        return slug.isEmpty ? nil : slug
    }

    /// A file name starting `YYYY-MM-DD` dates an entry whose front-matter does not.
    private func dateFromFileName(path: String, source: SourceText, split: FrontMatterSplit,
                                  diagnostics: inout [Diagnostic]) -> LocalDateTime? {
        let name = Self.entryName(path)
        let prefix = String(name.prefix(10))
        let shaped = prefix.count == 10 && prefix.enumerated().allSatisfy { index, character in
            index == 4 || index == 7 ? character == "-" : character.isASCII && character.isNumber
        }
        let line = split.yaml.isEmpty ? 1 : split.yamlFirstLine - 1
        guard shaped else {
            diagnostics.append(source.error(
                "entry has no date; add `date: 2024-05-01` to the front-matter or start the file name with the date",
                line: line))
            return nil
        }
        do {
            return try dates.parse(prefix)
        } catch {
            let why = if case .impossible(let why) = error { why } else { "unknown shape" }
            diagnostics.append(source.error("the date \(prefix) in the file name is impossible: \(why); add a `date:` to the front-matter", line: line))
        }
        return nil
    }
}
