/// One journal entry, read from one file.
public struct Entry: Sendable, Hashable {
    /// Path relative to the journal root, `entries/2024/05-01.md`.
    public var sourcePath: String
    public var title: String?
    public var date: LocalDateTime
    public var rating: Int?
    public var place: Place?
    public var tags: [String]
    public var isDraft: Bool
    /// A `slug:` given in the front-matter; clashes with it are errors, not renames.
    public var explicitSlug: String?
    /// Front-matter keys Daybook does not read itself.
    public var extra: [String: FrontMatterValue]
    /// The title's slug (or the explicit slug's), computed once when the file is read.
    public var slug: String
    /// File line of each front-matter key, for diagnostics found after loading.
    public var keyLines: [String: Int]
    /// The body rendered to HTML by cmark.
    public var html: String
    /// The body as plain text, whitespace collapsed.
    public var plainText: String
    /// The start of `plainText` that lists show, made when the file is read so a list needs
    /// no body (see `Entry.excerpt(of:)`).
    public var excerpt: String
    /// Words in `plainText` (`Entry.wordCount(of:)`), counted when the file is read and kept in
    /// the cached parse, so a page that counts every entry's words needs no body.
    public var wordCount: Int
    /// The key of the entry's writer, set when the journal is assembled (`Writers.writer(of:default:settings:)`);
    /// nil without `writers:` in the settings. Not in the cached parse: it follows from `author:`
    /// (in the file's hash) and the settings (in every page's key).
    public var writer: String?
    /// The name of the journal the entry belongs to (`Features/Journals`), set when the journal
    /// is assembled; "" for a site without `journals:`.
    public var journal = ""

    public init(sourcePath: String, title: String?, date: LocalDateTime, rating: Int? = nil, place: Place? = nil,
                tags: [String] = [], isDraft: Bool = false, explicitSlug: String? = nil,
                extra: [String: FrontMatterValue] = [:], keyLines: [String: Int] = [:], slug: String? = nil, html: String = "", plainText: String = "",
                excerpt: String? = nil, wordCount: Int? = nil) {
        self.sourcePath = sourcePath
        self.title = title
        self.date = date
        self.rating = rating
        self.place = place
        self.tags = tags
        self.isDraft = isDraft
        self.explicitSlug = explicitSlug
        self.extra = extra
        self.slug = slug ?? Slug.make(explicitSlug ?? title ?? "")
        self.keyLines = keyLines
        self.html = html
        self.plainText = plainText
        self.excerpt = excerpt ?? Self.excerpt(of: plainText)
        self.wordCount = wordCount ?? Self.wordCount(of: plainText)
    }

    /// The words of `text`: runs between white space that hold a letter or a digit, so a lone
    /// dash or emoji is not a word. A script written without spaces counts a run as one word.
    /// Counted over UTF-8 bytes, looking up a scalar's properties only until its run is known to
    /// be a word: every body is counted, and splitting each into `Character`s took a tenth of a
    /// build (issue 26). It counts as `Character`s did except for a mark that joins the space
    /// before it (`WordCountTests`).
    static func wordCount(of text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var words = 0, inWord = false, index = 0
            while index < bytes.count {
                let lead = bytes[index]
                let space = Whitespace.whitespaceWidth(bytes, at: index)
                if space > 0 {
                    if inWord { words += 1 }
                    inWord = false
                    index += space
                } else if lead < 0x80 {
                    inWord = inWord || (lead >= 0x30 && lead <= 0x39) || ((lead | 0x20) >= 0x61 && (lead | 0x20) <= 0x7A)
                    index += 1
                } else {
                    let (scalar, width) = Whitespace.scalar(bytes, at: index)
                    inWord = inWord || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    index += width
                }
            }
            return words + (inWord ? 1 : 0)
        }
    }

    static let excerptLength = 180

    /// The first words of `text`, cut at a word boundary, with an ellipsis when cut.
    static func excerpt(of text: String, length: Int = excerptLength) -> String {
        // Only the first `length` characters are walked, not the whole body as `count` would.
        let cut = text.prefix(length)
        guard cut.endIndex < text.endIndex else { return text }
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        var excerpt = String(cut[..<end])
        while let last = excerpt.last, last.isPunctuation || last == " " { excerpt.removeLast() }
        return excerpt + "…"
    }

    /// Journal order: newest local date-time first; on a tie, the file path.
    public static func journalOrder(_ a: Entry, _ b: Entry) -> Bool {
        journalOrder(a.date, a.sourcePath, b.date, b.sourcePath)
    }

    /// The same order from the parts it looks at; the paths are read only on a tie.
    static func journalOrder(_ aDate: LocalDateTime, _ aPath: @autoclosure () -> String,
                             _ bDate: LocalDateTime, _ bPath: @autoclosure () -> String) -> Bool {
        if aDate < bDate { return false }
        if bDate < aDate { return true }
        return aPath() < bPath()
    }
}
