/// One journal entry, read from one file.
///
/// A value like any other, kept in a shared box that is copied only when a changed copy is
/// still shared (copy on write): entries are passed, sorted and copied through every stage, and
/// copying fourteen fields (retaining each string, list and table) was a tenth of an edit's time.
public struct Entry: Sendable, Hashable {
    /// The entry's values.
    private struct Fields: Hashable {
        var sourcePath: String
        var title: String?
        var date: LocalDateTime
        var rating: Int?
        var place: Place?
        var tags: [String]
        var isDraft: Bool
        var explicitSlug: String?
        var extra: [String: FrontMatterValue]
        var slug: String
        var keyLines: [String: Int]
        var html: String
        var plainText: String
        var excerpt: String
    }

    // Only ever changed while uniquely referenced (see `update`), so never shared while changing.
    private final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    private mutating func update(_ change: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        change(&box.fields)
    }

    public static func == (a: Entry, b: Entry) -> Bool { a.box === b.box || a.box.fields == b.box.fields }
    public func hash(into hasher: inout Hasher) { hasher.combine(box.fields) }

    /// Path relative to the journal root, `entries/2024/05-01.md`.
    public var sourcePath: String {
        get { box.fields.sourcePath }
        set { update { $0.sourcePath = newValue } }
    }
    public var title: String? {
        get { box.fields.title }
        set { update { $0.title = newValue } }
    }
    public var date: LocalDateTime {
        get { box.fields.date }
        set { update { $0.date = newValue } }
    }
    public var rating: Int? {
        get { box.fields.rating }
        set { update { $0.rating = newValue } }
    }
    public var place: Place? {
        get { box.fields.place }
        set { update { $0.place = newValue } }
    }
    public var tags: [String] {
        get { box.fields.tags }
        set { update { $0.tags = newValue } }
    }
    public var isDraft: Bool {
        get { box.fields.isDraft }
        set { update { $0.isDraft = newValue } }
    }
    /// A `slug:` given in the front-matter; clashes with it are errors, not renames.
    public var explicitSlug: String? {
        get { box.fields.explicitSlug }
        set { update { $0.explicitSlug = newValue } }
    }
    /// Front-matter keys Daybook does not read itself.
    public var extra: [String: FrontMatterValue] {
        get { box.fields.extra }
        set { update { $0.extra = newValue } }
    }
    /// The title's slug (or the explicit slug's), computed once when the file is read.
    public var slug: String {
        get { box.fields.slug }
        set { update { $0.slug = newValue } }
    }
    /// File line of each front-matter key, for diagnostics found after loading.
    public var keyLines: [String: Int] {
        get { box.fields.keyLines }
        set { update { $0.keyLines = newValue } }
    }
    /// The body rendered to HTML by cmark.
    public var html: String {
        get { box.fields.html }
        set { update { $0.html = newValue } }
    }
    /// The body as plain text, whitespace collapsed.
    public var plainText: String {
        get { box.fields.plainText }
        set { update { $0.plainText = newValue } }
    }
    /// The start of `plainText` that lists show, made when the file is read so a list needs no
    /// body (see `Entry.excerpt(of:)`).
    public var excerpt: String {
        get { box.fields.excerpt }
        set { update { $0.excerpt = newValue } }
    }

    public init(sourcePath: String, title: String?, date: LocalDateTime, rating: Int? = nil, place: Place? = nil,
                tags: [String] = [], isDraft: Bool = false, explicitSlug: String? = nil,
                extra: [String: FrontMatterValue] = [:], keyLines: [String: Int] = [:], slug: String? = nil, html: String = "", plainText: String = "",
                excerpt: String? = nil) {
        box = Box(Fields(sourcePath: sourcePath, title: title, date: date, rating: rating, place: place, tags: tags, isDraft: isDraft,
                         explicitSlug: explicitSlug, extra: extra, slug: slug ?? Slug.make(explicitSlug ?? title ?? ""),
                         keyLines: keyLines, html: html, plainText: plainText, excerpt: excerpt ?? Self.excerpt(of: plainText)))
    }

    static let excerptLength = 180

    /// The first words of `text`, cut at a word boundary, with an ellipsis when cut.
    static func excerpt(of text: String, length: Int = excerptLength) -> String {
        guard text.count > length else { return text }
        let cut = text.prefix(length)
        let end = cut.lastIndex(of: " ") ?? cut.endIndex
        var excerpt = String(cut[..<end])
        while let last = excerpt.last, last.isPunctuation || last == " " { excerpt.removeLast() }
        return excerpt + "…"
    }

    /// Journal order: newest local date-time first; on a tie, the file path.
    public static func journalOrder(_ a: Entry, _ b: Entry) -> Bool {
        if a.date < b.date { return false }
        if b.date < a.date { return true }
        return a.sourcePath < b.sourcePath
    }
}
