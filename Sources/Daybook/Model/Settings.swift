import Foundation

/// The journal's settings, from `daybook.yml` and the command line.
public struct Settings: Sendable, Hashable {
    public var title = "Journal"
    public var author: String?
    public var description: String?
    /// The site's public address, `https://example.org/journal/`; nil for a site opened from disk.
    public var baseURL: String?
    /// ICU locale identifier for dates, month names and weekdays.
    public var locale = "en_US"
    /// Zone in which dates without an offset are read.
    public var timeZone = "UTC"
    /// Pass raw HTML in entry bodies through instead of leaving it out.
    public var rawHTML = false
    /// The folder of entry files, relative to the journal (`entries_dir`): an existing
    /// `content/posts` or `_posts` read where it is.
    public var entriesDir = "entries"
    /// Hugo's and Jekyll's `categories` join an entry's tags (`categories_as_tags`).
    public var categoriesAsTags = true
    /// The home page shows whole recent months until it holds at least this many entries.
    public var homeEntries = 20
    /// Build entries marked `draft: true` too.
    public var includeDrafts = false
    /// Show the quote-of-the-day banner (`quote_of_the_day`).
    public var quoteOfTheDay = true
    /// Show the banner on every page, not only the home page (`quote_on_every_page`).
    public var quoteOnEveryPage = false
    /// A ZenQuotes-compatible API to fetch more quotes from at build time (`zenquotes`); nil: none.
    public var zenQuotesURL: String?
    /// Seconds to wait for that API (`zenquotes_timeout`).
    public var zenQuotesTimeout = 3.0
    /// Write the search index and put a search box on every page.
    public var search = true
    /// The year calendars' shading, `words` or `entries`, or `off` (`calendar`).
    public var calendar = "words"
    /// Write `feed.xml`, `feed.json`, `sitemap.xml` and `robots.txt` when there is a base URL (`feed`).
    public var feed = true
    /// Also write an Atom feed per tag, `tags/<tag>/feed.xml` (`tag_feeds`).
    public var tagFeeds = false
    /// What of the journal is private and who may read it (`Features/Private`).
    public var privacy = PrivacySettings()
    /// Entries shared by a link (`shares:`; `shares.yml` beside it is read at load, `Features/Shares`).
    public var shares = ShareSettings()
    /// Who writes in the journal (`writers`, `default_writer`; `Features/Writers`).
    public var writers = WriterSettings()
    /// The journals of a site that keeps several (`journals:`, `Features/Journals`).
    public var journals = JournalSettings()
    /// Widths of a photo's published copies, in pixels, smallest first (`photo_widths`).
    public var photoWidths = [480, 960, 1600, 2400]
    /// Encoder quality of the photo copies, 1 to 100 (`photo_quality`).
    public var photoQuality = 80
    /// Side of a photo's square thumbnail, in pixels (`photo_thumbnail`).
    /// Twice the 72 px a list shows a cover at: sharp on a phone, no more than it needs on a desktop.
    public var photoThumbnail = 144
    /// Largest photo decoded, in millions of pixels (`photo_max_megapixels`).
    public var photoMaxMegapixels = 100

    /// An entry without a title takes its first line as one (`titles: first-line`).
    public var titlesFromFirstLine = false
    /// Where a Hugo, Jekyll or Zola site beside the journal published its entries: each such
    /// address gets a redirect page (`Import/Sites`).
    var oldAddresses: OldAddresses?
    /// Publish entries at those addresses rather than redirect from them (`old_addresses: publish`).
    public var publishAtOldAddresses = false

    public init() {}

    /// The `lang` attribute for the locale: `ko_KR` -> `ko-KR`.
    public var languageTag: String {
        locale.replacingOccurrences(of: "_", with: "-").split(separator: "@").first.map(String.init) ?? "en"
    }

    /// The path part of the base URL, `/journal/`, or `/` without one.
    public var basePath: String {
        guard let baseURL, let url = URL(string: baseURL) else { return "/" }
        var path = url.path
        if !path.hasPrefix("/") { path = "/" + path }
        if !path.hasSuffix("/") { path += "/" }
        return path
    }

    /// Without a base URL the site is meant to be opened from disk, so links name `index.html`.
    public var linksNameIndexFile: Bool { baseURL == nil }
}
