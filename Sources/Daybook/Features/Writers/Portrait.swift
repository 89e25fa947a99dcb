import Foundation

/// A writer's portrait as published: two square copies, each in WebP and JPEG, made from the
/// image `writers:` names by the photos' libvips path and kept in the photos' cache.
struct Portrait: Sendable, Hashable {
    /// The sides made: rows show the small one, the writers page the large one on sharp screens.
    static let sides = [96, 192]

    /// The cache key: the source's digest and the recipe. Names the published files.
    var key: String
    /// The copies, with their bytes (portraits are few and small).
    var copies: [PhotoCopy]

    func sitePath(_ copy: PhotoCopy) -> String { "portraits/\(key.prefix(12))-\(copy.suffix)" }

    private func path(_ side: Int, _ format: String) -> String {
        copies.first { $0.suffix == "\(side).\(format)" }.map(sitePath) ?? ""
    }

    /// `{webp, jpg, webp_2x, size}`: the template's `<picture>`.
    func block(_ linker: Linker) -> [String: Any] {
        ["webp": linker.href(path(96, "webp")), "jpg": linker.href(path(96, "jpg")),
         "webp_2x": linker.href(path(192, "webp")), "jpg_2x": linker.href(path(192, "jpg"))]
    }

    var files: [OutputFile] { copies.map { OutputFile(path: sitePath($0), bytes: $0.bytes) } }

    /// Every writer's portrait of `settings`, read and made (or taken from the cache); each
    /// problem names the writer's line of `daybook.yml`.
    static func load(_ settings: Settings, journal: URL, readsCache: Bool) -> ([String: Portrait], [Diagnostic]) {
        var portraits: [String: Portrait] = [:]
        var problems: [Diagnostic] = []
        var recipe = PhotoRecipe(settings)
        recipe.sizes = sides
        recipe.thumbnail = 0
        let cache = PhotoCache(journal: journal)
        for writer in settings.writers.writers {
            guard let path = writer.portrait else { continue }
            let at = SourceLocation(file: SettingsLoader.fileName, line: writer.line, column: writer.column)
            do throws(PhotoFailure) {
                portraits[writer.key] = try make(path, journal: journal, recipe: recipe, cache: cache, readsCache: readsCache)
            } catch {
                problems.append(.error("portrait \(path) of writer \(writer.key) \(error.message)", at: at))
            }
        }
        return (portraits, problems)
    }

    private static func make(_ path: String, journal: URL, recipe: PhotoRecipe, cache: PhotoCache, readsCache: Bool) throws(PhotoFailure) -> Portrait {
        guard !path.hasPrefix("/"), !path.split(separator: "/").contains(".."),
              let bytes = FileBytes.read(journal.path + "/" + path) else {
            throw PhotoFailure(message: "could not be read (a path inside the journal, such as people/anna.jpg)")
        }
        let header = try PhotoCodec.header(bytes)
        guard header.storedWidth * header.storedHeight <= recipe.maxPixels else {
            throw PhotoFailure(message: "is larger than photo_max_megapixels allows")
        }
        // Apart from any photo's copies of the same image: another recipe, another key.
        let key = PhotoCache.key(digest: ContentHash.digest(parts: [ContentHash.digest(bytes), Array("portrait".utf8)]), recipe: recipe)
        if readsCache, let copies = cache.read(key) { return Portrait(key: hexString(key), copies: copies) }
        let copies = try PhotoCodec.squares(of: bytes, header: header, sides: sides, recipe: recipe)
        cache.write(copies, key: key)
        return Portrait(key: hexString(key), copies: copies)
    }
}
