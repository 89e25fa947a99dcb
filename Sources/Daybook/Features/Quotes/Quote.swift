/// One quotation for the quote-of-the-day banner.
public struct Quote: Sendable, Hashable {
    public var text: String
    public var author: String?
    /// True for quotes fetched from a ZenQuotes API, which asks to be credited wherever one is shown.
    public var fromZenQuotes: Bool

    public init(text: String, author: String? = nil, fromZenQuotes: Bool = false) {
        self.text = text
        self.author = author
        self.fromZenQuotes = fromZenQuotes
    }

    /// The text as it is shown: whitespace runs made one space, trimmed. Quotes written over
    /// several lines of YAML read as one paragraph.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
