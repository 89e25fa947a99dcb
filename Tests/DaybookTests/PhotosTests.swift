import Foundation
import Testing
@testable import Daybook

/// The photo feature's pure pieces: EXIF text, references, widths, WebP chunks, folder entries.
@Suite struct PhotosTests {
    @Test func readsLibvipsExifText() {
        #expect(ExifText.value("2024:05:01 07:30:00 (2024:05:01 07:30:00, ASCII, 20 components, 20 bytes)") == "2024:05:01 07:30:00")
        #expect(ExifText.value(nil) == nil)
        let lat = ExifText.coordinate("51/1 30/1 1800/100 (51, 30, 18.00, Rational, 3 components, 24 bytes)", reference: "S (S, ASCII, 2 components, 2 bytes)")
        #expect(lat.map { abs($0 + 51.505) < 1e-9 } == true)
        #expect(ExifText.coordinate("51/1 30/1 (51, 30)", reference: "N") == nil)
        #expect(ExifText.coordinate("51/1 30/1 0/0", reference: "N") == nil)
        #expect(ExifText.coordinate("1/1 0/1 0/1", reference: nil) == nil)
    }

    @Test func resolvesNamesAgainstTheEntryFolder() {
        let entry = "entries/2024/05/ferry/index.md"
        #expect(PhotoReferences.resolve("harbour.jpg", from: entry) == "entries/2024/05/ferry/harbour.jpg")
        #expect(PhotoReferences.resolve("./a/b.jpg", from: entry) == "entries/2024/05/ferry/a/b.jpg")
        #expect(PhotoReferences.resolve("../other/b.jpg", from: entry) == "entries/2024/05/other/b.jpg")
        #expect(PhotoReferences.resolve("../../../../b.jpg", from: entry) == nil)
        #expect(PhotoReferences.resolve("/b.jpg", from: entry) == nil)
        #expect(PhotoReferences.resolve("https://example.org/b.jpg", from: entry) == nil)
        #expect(PhotoReferences.isPhotoName("IMG_1.HEIC") && PhotoReferences.isPhotoName("a.tiff") && !PhotoReferences.isPhotoName("a.svg"))
    }

    @Test func findsMarkdownImagesWithTheirColumnsOutsideCode() {
        let source = SourceText(path: "e.md", text: "---\ntitle: x\n---\nSee ![The harbour](harbour.jpg) and ![b](<my boat.png> \"t\").\n```\n![not](code.jpg)\n```\n![x](a%20b.jpg)\n")
        let images = PhotoReferences.markdownImages(source, from: 4)
        #expect(images == [
            .init(alt: "The harbour", target: "harbour.jpg", line: 4, column: 5),
            .init(alt: "b", target: "my boat.png", line: 4, column: 37),
            .init(alt: "x", target: "a b.jpg", line: 8, column: 1),
        ])
    }

    @Test func readsPhotosCoverAndLocationFromTheFrontMatter() {
        let text = "---\ntitle: Ferry\nlocation: from-photo\ncover: boat.jpg\nphotos:\n  - harbour.jpg\n  - {file: quay.png, caption: The quay}\n  - [nested]\n---\n![Dawn](harbour.jpg)\n"
        let (request, problems) = PhotoReferences.read(path: "entries/2024/ferry/index.md", bytes: Array(text.utf8))
        #expect(request.locationFromPhoto)
        #expect(request.inline.map(\.name) == ["harbour.jpg"])
        #expect(request.gallery.map(\.name) == ["harbour.jpg", "quay.png"])
        #expect(request.gallery.map(\.text) == ["", "The quay"])
        #expect(request.gallery[1].location == SourceLocation(file: "entries/2024/ferry/index.md", line: 7, column: 5))
        #expect(request.cover?.path == "entries/2024/ferry/boat.jpg")
        #expect(request.coverPhoto?.name == "boat.jpg")
        #expect(problems.map(\.headline) == ["entries/2024/ferry/index.md:8:5: error: a photo must be a file name or {file, caption}"])
    }

    /// Only an entry that may name a photo is parsed a second time for its references: `photos`
    /// and `cover` as words of the text do not count (issue 26), as keys of any format do.
    @Test(arguments: [
        ("We looked at old photos and the cover of the album.", false), ("Undercover, discovered photos; cover-up.", false),
        ("---\nphotos:\n  - a.jpg\n---\n", true), ("---\ncover : a.jpg\n---\n", true), ("+++\nphotos = [\"a.jpg\"]\n+++\n", true),
        ("{\"cover\": \"a.jpg\"}\n", true), ("---\n'photos':\n---\n", true), ("Text ![x](a.png)", true),
        ("---\nlocation: from-photo\n---\n", true), ("No pictures at all.", false), ("ends with photos", false),
    ])
    func looksForPhotoKeysNotWords(text: String, mayName: Bool) {
        #expect(RemoteImages.mayNamePhotos(Array(text.utf8)) == mayName)
    }

    @Test func neverUpscales() {
        var settings = Settings()
        settings.photoWidths = [480, 960, 1600, 2400]
        let recipe = PhotoRecipe(settings)
        #expect(recipe.widths(for: 4000) == [480, 960, 1600, 2400])
        #expect(recipe.widths(for: 1200) == [480, 960, 1200])
        #expect(recipe.widths(for: 2400) == [480, 960, 1600, 2400])
        #expect(recipe.widths(for: 300) == [300])
    }

    @Test func takesMetadataChunksOutOfWebP() {
        func chunk(_ tag: String, _ data: [UInt8]) -> [UInt8] {
            let size = UInt32(data.count)
            return Array(tag.utf8) + (0..<4).map { UInt8((size >> (8 * $0)) & 0xFF) } + data + (data.count % 2 == 1 ? [0] : [])
        }
        func riff(_ body: [UInt8]) -> [UInt8] {
            let size = UInt32(body.count + 4)
            return Array("RIFF".utf8) + (0..<4).map { UInt8((size >> (8 * $0)) & 0xFF) } + Array("WEBP".utf8) + body
        }
        let image = chunk("VP8 ", [1, 2, 3])
        let extended = riff(chunk("VP8X", [0x08 | 0x20, 0, 0, 0, 9, 0, 0, 9, 0, 0]) + chunk("ICCP", [7, 7]) + image + chunk("EXIF", [9, 9, 9, 9]))
        #expect(WebPChunks.strip(extended) == riff(image))
        let animated = riff(chunk("VP8X", [0x08 | 0x02, 0, 0, 0, 9, 0, 0, 9, 0, 0]) + chunk("ANIM", [0, 0, 0, 0, 0, 0]) + image + image + chunk("EXIF", [1]))
        #expect(WebPChunks.strip(animated) == riff(chunk("VP8X", [0x02, 0, 0, 0, 9, 0, 0, 9, 0, 0]) + chunk("ANIM", [0, 0, 0, 0, 0, 0]) + image + image))
        #expect(WebPChunks.strip([1, 2, 3]) == [1, 2, 3])
    }

    @Test func anEntryFolderIsDatedAndNamedByTheFolder() {
        let (entry, problems) = loadEntry("---\ntitle: Ferry to the island\n---\nText.\n", path: "entries/2024/05/2024-05-01-ferry/index.md")
        #expect(problems.isEmpty)
        #expect(entry?.date.iso8601.hasPrefix("2024-05-01") == true)
        #expect(entry?.slug == "ferry")
        let (named, _) = loadEntry("---\ntitle: Ferry\nslug: boat\n---\nText.\n", path: "entries/2024/05/2024-05-01-ferry/index.md")
        #expect(named?.slug == "boat")
        let (plain, _) = loadEntry("---\ntitle: Ferry to the island\n---\nText.\n", path: "entries/2024/05/2024-05-01-index.md")
        #expect(plain?.slug == "ferry-to-the-island")
    }

    @Test func theCacheKeyFollowsTheSourceTheRecipeAndTheVersions() {
        let recipe = PhotoRecipe(Settings())
        var other = Settings()
        other.photoQuality = 60
        let digest = ContentHash.digest([1, 2, 3])
        let key = PhotoCache.key(digest: digest, recipe: recipe)
        #expect(key == PhotoCache.key(digest: digest, recipe: recipe))
        #expect(key != PhotoCache.key(digest: ContentHash.digest([1, 2, 4]), recipe: recipe))
        #expect(key != PhotoCache.key(digest: digest, recipe: PhotoRecipe(other)))
        #expect(key != PhotoCache.key(digest: digest, recipe: recipe, daybook: "0.0.0-other"))
        #expect(key != PhotoCache.key(digest: digest, recipe: recipe, library: "8.99.0"))
        // Copies made with Orc on (keyed by libvips' version alone) are not this build's.
        #expect(key != PhotoCache.key(digest: digest, recipe: recipe, library: PhotoCodec.version ?? "none"))
    }
}
