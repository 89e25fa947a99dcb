import Foundation
import Testing
@testable import Daybook

/// Photos through whole builds: upright copies, no metadata, no originals, the cache, the
/// same bytes every time.
@Suite struct PhotosBuildTests {
    static let folder = "entries/2024/05/2024-05-01-ferry"

    static func entry(_ body: String, frontMatter: String = "title: Ferry") -> String {
        "---\n\(frontMatter)\n---\n\(body)\n"
    }

    @Test func appliesEveryExifOrientation() async throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        var body = ""
        for orientation in 1...8 {
            try PhotoSupport.make(journal, "\(Self.folder)/o\(orientation).jpg", ["--size", "64x48", "--orientation", "\(orientation)"])
            body += "![Orientation \(orientation)](o\(orientation).jpg)\n\n"
            let header = try PhotoCodec.header(try journal.bytes("\(Self.folder)/o\(orientation).jpg"))
            #expect(header.orientation == orientation)
            // Stored turned a quarter for 5 to 8; upright, always 64 × 48.
            #expect((header.storedWidth, header.storedHeight) == (orientation >= 5 ? (48, 64) : (64, 48)))
            #expect((header.width, header.height) == (64, 48))
        }
        try journal.write("\(Self.folder)/index.md", Self.entry(body))
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let files = PhotoSupport.copies(journal.site).filter { $0.hasSuffix("-64.jpg") || $0.hasSuffix("-64.webp") }
        #expect(files.count == 16)
        let seen = try PhotoSupport.corners(files.map { journal.site.appendingPathComponent($0) })
        for (file, found) in seen { #expect(found == "64x48 red green blue white", "\(file)") }
        let page = try journal.read("_site/2024/05/01/ferry/index.html")
        #expect(page.components(separatedBy: "width=\"64\" height=\"48\"").count == 9)
    }

    @Test func publishesNoMetadataAndNoOriginal() async throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        let details = ["--gps", "51.5,-0.12", "--date", "2024:05:01 07:30:00", "--offset", "+01:00", "--xmp", "--icc"]
        try PhotoSupport.make(journal, "\(Self.folder)/harbour.jpg", ["--size", "1200x800", "--orientation", "6"] + details)
        try PhotoSupport.make(journal, "\(Self.folder)/quay.png", ["--format", "png", "--size", "600x400"] + details)
        try PhotoSupport.make(journal, "\(Self.folder)/boat.webp", ["--format", "webp", "--size", "600x400"] + details)
        try PhotoSupport.make(journal, "\(Self.folder)/pier.tiff", ["--format", "tiff", "--size", "300x200"] + details)
        try journal.write("\(Self.folder)/index.md", Self.entry("![Dawn](harbour.jpg)", frontMatter: "title: Ferry\nphotos: [quay.png, boat.webp, pier.tiff]"))
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let copies = PhotoSupport.copies(journal.site)
        // Four photos: 1200 wide gives 480, 960, 1200; 600 gives 480, 600; 300 gives 300; each with a thumbnail.
        let expected = 2 * (4 + 3 + 3 + 2)
        #expect(copies.count == expected)
        let urls = copies.map { journal.site.appendingPathComponent($0) }
        for (file, tags) in try PhotoSupport.metadata(urls) { #expect(tags.isEmpty, "\(file) carries \(tags)") }
        let sources = try ["harbour.jpg", "quay.png", "boat.webp", "pier.tiff"].map { try journal.bytes("\(Self.folder)/\($0)") }
        for (path, bytes) in try tree(journal.site) {
            #expect(!sources.contains(Array(bytes)), "\(path) is an original")
            #expect(!path.hasSuffix(".png") && !path.hasSuffix(".tiff") && !path.contains("harbour"), "\(path)")
        }
    }

    @Test func publishesAnIPhonesHEIC() async throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try PhotoSupport.make(journal, "\(Self.folder)/made.jpg", ["--size", "640x480", "--gps", "51.5,-0.12"])
        let made = journal.root.appendingPathComponent("\(Self.folder)/made.jpg")
        try PhotoSupport.run(["vips", "copy", made.path, journal.root.appendingPathComponent("\(Self.folder)/quay.heic").path])
        try FileManager.default.removeItem(at: made)
        try journal.write("\(Self.folder)/index.md", Self.entry("![The quay](quay.heic)"))
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let copies = PhotoSupport.copies(journal.site)
        #expect(copies.count == 2 * 3)
        let seen = try PhotoSupport.corners(copies.filter { !$0.contains("thumb") }.map { journal.site.appendingPathComponent($0) })
        // HEIC is lossy: the white quarter comes back a little off-white, so three corners are checked.
        #expect(Set(seen.values.map { String($0.split(separator: " ").prefix(4).joined(separator: " ")) })
                == ["480x360 red green blue", "640x480 red green blue"])
    }

    @Test func rebuildsDoNoImageWorkUnlessAPhotoChanges() async throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try PhotoSupport.make(journal, "\(Self.folder)/a.jpg", ["--size", "600x400", "--seed", "1"])
        try PhotoSupport.make(journal, "\(Self.folder)/b.jpg", ["--size", "600x400", "--seed", "2"])
        try journal.write("\(Self.folder)/index.md", Self.entry("Text.", frontMatter: "title: Ferry\nphotos: [a.jpg, b.jpg]"))
        let options = BuildOptions(journal: journal.root)
        _ = try await Builder.run(options)
        #expect(PhotoWork.count(journal.root) == 2)
        let first = Set(PhotoSupport.copies(journal.site))

        try journal.write("\(Self.folder)/index.md", Self.entry("Other text.", frontMatter: "title: Ferry\nphotos: [a.jpg, b.jpg]"))
        _ = try await Builder.run(options)
        #expect(PhotoWork.count(journal.root) == 2, "an edited entry made photos again")
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "entry edited")

        try PhotoSupport.make(journal, "\(Self.folder)/b.jpg", ["--size", "600x400", "--seed", "3"])
        _ = try await Builder.run(options)
        #expect(PhotoWork.count(journal.root) == 3, "a changed photo is made again, alone")
        let second = Set(PhotoSupport.copies(journal.site))
        #expect(first.intersection(second).count == 6 && second.count == 12)
        #expect(try journal.read("_site/2024/05/01/ferry/index.html").contains(second.subtracting(first).sorted()[0]))
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "photo changed")

        try journal.write("daybook.yml", "photo_quality: 70\n")
        _ = try await Builder.run(options)
        #expect(PhotoWork.count(journal.root) == 5, "a new recipe makes every photo again")

        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("\(Self.folder)/b.jpg"))
        try journal.write("\(Self.folder)/index.md", Self.entry("Other text.", frontMatter: "title: Ferry\nphotos: [a.jpg]"))
        _ = try await Builder.run(options)
        #expect(PhotoSupport.copies(journal.site).count == 6, "a deleted photo's copies left the site")
        try await IncrementalBuildTests.expectSameAsFullBuild(journal, "photo deleted")
        #expect(PhotoWork.count(journal.root) == 5)
    }

    @Test func makesTheSameBytesWithAnyNumberOfJobs() async throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        var names: [String] = []
        for seed in 1...4 {
            try PhotoSupport.make(journal, "\(Self.folder)/p\(seed).jpg", ["--size", "1700x1100", "--seed", "\(seed)", "--orientation", "\(seed * 2)"])
            names.append("p\(seed).jpg")
        }
        try journal.write("\(Self.folder)/index.md", Self.entry("Text.", frontMatter: "title: Ferry\nphotos: [\(names.joined(separator: ", "))]"))
        var sites: [[String: Data]] = []
        for jobs in [1, 4] {
            var options = BuildOptions(journal: journal.root)
            options.jobs = jobs
            options.useCache = false
            options.output = journal.root.appendingPathComponent("site-\(jobs)")
            try? FileManager.default.removeItem(at: journal.root.appendingPathComponent(PhotoCache.folder))
            _ = try await Builder.run(options)
            sites.append(try tree(options.output!).filter { $0.key.hasPrefix("photos/") })
        }
        #expect(sites[0].count == 4 * 2 * 5)
        #expect(sites[0] == sites[1])
    }
}
