/// A photo file the journal's entries name, read and processed (or found in the cache).
struct PhotoSource: Sendable, Hashable {
    /// Relative to the journal, `entries/2024/05/2024-05-01-ferry/harbour.jpg`.
    var path: String
    /// The cache key of its copies (see `PhotoCache.key`); its start names the published files.
    var key: [UInt8]
    var header: PhotoHeader
    /// The copies made, without their bytes (those stay in the cache until written).
    var copies: [PhotoCopy]
    /// The SHA-256 of the source's bytes, when this build read them.
    var digest: [UInt8]? = nil

    /// `photos/3f2a9c1d0b4e`: the published files' common start, a short hash of the source
    /// and the recipe, so a host may cache them forever.
    var stem: String { "photos/" + hexString(key).prefix(12) }

    func sitePath(_ copy: PhotoCopy) -> String { "\(stem)-\(copy.suffix)" }

    /// The resized copies of one format, smallest first (the thumbnail is apart).
    func sized(_ format: String) -> [PhotoCopy] {
        copies.filter { $0.suffix.hasSuffix("." + format) && !$0.suffix.hasPrefix("thumb") }
    }

    func thumbnail(_ format: String) -> PhotoCopy? { copies.first { $0.suffix == "thumb.\(format)" } }

    /// The largest JPEG: what a photo links to, readable by every browser.
    var largest: PhotoCopy? { sized("jpg").last }
}
