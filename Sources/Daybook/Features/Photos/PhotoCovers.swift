/// Each entry's cover photo, put in `Journal.derived` for the pages that show entries with a
/// thumbnail of their own making (search results, map pins).
struct PhotoCovers: Sendable {
    static let derivedKey = "photos.covers"

    /// By journal index: the cover and its alt text.
    var byEntry: [Int: (source: PhotoSource, alt: String)]

    init(_ byEntry: [Int: (PhotoSource, String)]) {
        self.byEntry = byEntry.mapValues { (source: $0.0, alt: $0.1) }
    }

    /// The covers of `journal`, or none before `Photos.assemble`.
    static func of(_ journal: Journal) -> PhotoCovers? {
        journal.derived[derivedKey] as? PhotoCovers
    }

    /// The JPEG thumbnail's site path of entry `index`, if it has a cover.
    func thumbnailPath(_ index: Int) -> String? {
        guard let cover = byEntry[index], let jpeg = cover.source.thumbnail("jpg") else { return nil }
        return cover.source.sitePath(jpeg)
    }
}
