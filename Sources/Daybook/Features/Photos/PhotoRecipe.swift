/// How a photo's copies are made: the widths, the encoders' quality and the thumbnail's side.
/// Its `key` is part of every cached copy's key, so a changed setting makes the copies again.
struct PhotoRecipe: Sendable, Hashable {
    var sizes: [Int]
    var webpQuality: Int
    var jpegQuality: Int
    var thumbnail: Int
    var maxPixels: Int

    init(_ settings: Settings) {
        sizes = settings.photoWidths
        webpQuality = settings.photoQuality
        // JPEG at the same number looks worse than WebP; a few points more evens them out.
        jpegQuality = min(100, settings.photoQuality + 2)
        thumbnail = settings.photoThumbnail
        maxPixels = settings.photoMaxMegapixels * 1_000_000
    }

    /// The widths made of a photo `width` pixels wide, smallest first: never wider than the
    /// photo, which alone is made when it is narrower than every width asked for.
    func widths(for width: Int) -> [Int] {
        let fitting = sizes.filter { $0 < width }
        return fitting.count == sizes.count ? fitting : fitting + [width]
    }

    /// Everything that changes a copy's bytes besides the source and the library.
    var key: String {
        "widths=\(sizes.map(String.init).joined(separator: ",")) webp=\(webpQuality) jpeg=\(jpegQuality) thumb=\(thumbnail) format=2"
    }
}
