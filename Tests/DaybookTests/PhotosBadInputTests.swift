import Foundation
import Testing
@testable import Daybook

/// Every bad photo is an error at the place the entry names it, all listed at once, and the
/// last site stays as it was.
@Suite struct PhotosBadInputTests {
    static let folder = "entries/2024/05/2024-05-01-ferry"

    @Test func listsEveryBadPhotoAtOnceAndLeavesTheSiteAlone() async throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try PhotoSupport.make(journal, "\(Self.folder)/harbour.jpg", ["--size", "640x480"])
        try journal.write("\(Self.folder)/index.md", "---\ntitle: Ferry\n---\n![Dawn](harbour.jpg)\n")
        let options = BuildOptions(journal: journal.root)
        _ = try await Builder.run(options)
        let before = try tree(journal.site)

        try PhotoSupport.make(journal, "\(Self.folder)/full.jpg", ["--size", "1200x800"])
        let full = try journal.bytes("\(Self.folder)/full.jpg")
        try journal.write("\(Self.folder)/truncated.jpg", Array(full.prefix(full.count / 2)))
        try FileManager.default.removeItem(at: journal.root.appendingPathComponent("\(Self.folder)/full.jpg"))
        try journal.write("\(Self.folder)/notimage.jpg", "hello\n")
        try PhotoSupport.make(journal, "\(Self.folder)/drawing.jpg", ["--format", "gif"])
        try PhotoSupport.make(journal, "\(Self.folder)/bomb.jpg", ["--size", "64x48"])
        var bomb = try journal.bytes("\(Self.folder)/bomb.jpg")
        // The frame header claims 60,000 × 60,000 pixels: 3.6 billion, from a file of a few kB.
        let frame = try #require(bomb.indices.dropLast().first { bomb[$0] == 0xFF && bomb[$0 + 1] == 0xC0 })
        bomb.replaceSubrange((frame + 5)..<(frame + 9), with: [0xEA, 0x60, 0xEA, 0x60])
        try journal.write("\(Self.folder)/bomb.jpg", bomb)
        try PhotoSupport.make(journal, "\(Self.folder)/stray.jpg", ["--size", "64x48"])
        try journal.write("\(Self.folder)/index.md", """
            ---
            title: Ferry
            photos:
              - truncated.jpg
              - notimage.jpg
              - {file: drawing.jpg, caption: A drawing}
              - bomb.jpg
            ---
            ![Dawn](harbour.jpg) and ![gone](missing.jpg)

            """)
        let failure = await #expect(throws: BuildFailure.self) { try await Builder.run(options) }
        let file = "\(Self.folder)/index.md"
        #expect(failure?.diagnostics.map(\.headline).filter { !$0.contains("no base_url") } == [
            "\(file):4:5: error: photo 'truncated.jpg' could not be decoded: VipsJpeg: Premature end of input file",
            "\(file):5:5: error: photo 'notimage.jpg' is not an image Daybook can read",
            "\(file):6:5: error: photo 'drawing.jpg' is in a format Daybook does not publish (gif); use JPEG, PNG, WebP, HEIC or TIFF",
            "\(file):7:5: error: photo 'bomb.jpg' is 60000 × 60000 pixels, more than photo_max_megapixels (100) allows",
            "\(file):9:26: error: photo 'missing.jpg' not found beside the entry (looked for \(Self.folder)/missing.jpg)",
            "\(Self.folder)/stray.jpg:1:1: warning: photo \(Self.folder)/stray.jpg is not named by any entry; it is not published",
        ])
        #expect(try tree(journal.site) == before, "a failed build changed the site")
    }

    @Test func placesAnEntryFromItsPhotoAndWarnsOfAFarAwayOne() async throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try PhotoSupport.make(journal, "\(Self.folder)/harbour.jpg", ["--gps", "51.5,-0.12"])
        try PhotoSupport.make(journal, "entries/2024/05/2024-05-02-far/quay.jpg", ["--gps", "48.85,2.35"])
        try journal.write("\(Self.folder)/index.md", "---\ntitle: Ferry\nlocation: from-photo\n---\n![Dawn](harbour.jpg)\n")
        try journal.write("entries/2024/05/2024-05-02-far/index.md",
                          "---\ntitle: Far\nlocation: {name: London, lat: 51.5, lon: -0.12}\n---\n![Quay](quay.jpg)\n")
        let report = try await Builder.run(BuildOptions(journal: journal.root))
        #expect(report.warnings.map(\.headline).contains("entries/2024/05/2024-05-02-far/index.md:5:1: warning: photo 'quay.jpg' was taken 343 km from the entry's location"))
        let page = try journal.read("_site/2024/05/01/ferry/index.html")
        #expect(page.contains("51.5° N, 0.12° W"))
        #expect(!page.contains("from-photo"))
    }

    @Test func datesAnEntryFromItsPhotoWhenAsked() async throws {
        let journal = try TemporaryJournal()
        defer { journal.remove() }
        try PhotoSupport.make(journal, "\(Self.folder)/harbour.jpg", ["--date", "2024:05:03 07:30:00", "--offset", "+02:00"])
        try PhotoSupport.make(journal, "entries/2024/05/2024-05-02-still/quay.jpg", ["--date", "2024:05:09 07:30:00"])
        try journal.write("\(Self.folder)/index.md", "---\ntitle: Ferry\nphoto_date: true\n---\n![Dawn](harbour.jpg)\n")
        try journal.write("entries/2024/05/2024-05-02-still/index.md", "---\ntitle: Still\n---\n![Quay](quay.jpg)\n")
        _ = try await Builder.run(BuildOptions(journal: journal.root))
        let page = try journal.read("_site/2024/05/03/ferry/index.html")
        #expect(page.contains("datetime=\"2024-05-03T07:30:00+02:00\""))
        #expect(journal.exists("_site/2024/05/02/still/index.html"), "an entry that does not ask keeps its date")
        #expect(!journal.exists("_site/2024/05/01/ferry/index.html"))
        #expect(PhotoDates.date(takenAt: "2024:05:03 07:30:00", offset: nil, timeZone: "Europe/London")?.iso8601 == "2024-05-03T07:30:00+01:00")
        #expect(PhotoDates.date(takenAt: "0000:00:00 00:00:00", offset: nil, timeZone: "UTC") == nil)
    }
}
